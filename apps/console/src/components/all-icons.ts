import type { ComponentType } from 'react';

// Every antd icon, for the icon browser and for permission icons chosen there. The icon files are globbed one by
// one (alias `@antd-icons`, see vite.config.ts) instead of importing the package's barrel: a dynamic import of the
// barrel would pull all 1,700 icons into the chunk the login page loads.

const modules = import.meta.glob<ComponentType>(['@antd-icons/*.js', '!@antd-icons/index.js'], {
  eager: true,
  import: 'default',
});

export const allIcons: Record<string, ComponentType> = Object.fromEntries(
  Object.entries(modules).map(([path, icon]) => [path.replace(/^.*\//, '').replace(/\.js$/, ''), icon]),
);
