import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { maxWorkers } from '../../vitest.workers';

/** Same alias as vite.config.ts: the folder of antd's single-icon modules. */
const antdIconsDir = join(
  dirname(createRequire(import.meta.url).resolve('@ant-design/icons')),
  '..',
  'es',
  'icons',
);

/**
 * Files that read antd's static toasts (api/feedback.ts). antd keeps one static toast holder per loaded module, bound
 * to the document it first rendered into, so these files get modules of their own; the others share a worker's
 * modules from file to file (`isolate: false`: React, antd and the engine load once per worker instead of once per
 * file, which halves this suite's time). Each file still gets a document of its own.
 */
const STATIC_TOAST_FILES = ['src/app/app.test.tsx', 'src/api/client.test.ts', 'src/api/upload.test.ts'];

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@antd-icons': antdIconsDir } },
  test: {
    maxWorkers,
    environment: 'happy-dom',
    setupFiles: ['./src/test/scheduler-guard.ts', './src/test/shown-rules.ts', './src/test/setup.ts'],
    restoreMocks: true,
    // whole-app tests load lazy pages and antd on first use
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'console',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...STATIC_TOAST_FILES],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'console-toasts', include: STATIC_TOAST_FILES } },
    ],
  },
});
