import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { maxWorkers } from '../../vitest.workers';

/** Same alias as vite.config.ts: the folder of antd's single-icon modules. */
const antdIconsDir = join(
  dirname(createRequire(import.meta.url).resolve('@ant-design/icons')),
  '..',
  'es',
  'icons',
);

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@antd-icons': antdIconsDir } },
  test: {
    name: 'console',
    maxWorkers,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/scheduler-guard.ts', './src/test/shown-rules.ts', './src/test/setup.ts'],
    restoreMocks: true,
    // whole-app tests load lazy pages and antd on first use
    testTimeout: 30_000,
  },
});
