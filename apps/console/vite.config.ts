import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:8080';

/** The folder of antd's single-icon modules (src/components/all-icons.ts globs it). */
const antdIconsDir = join(
  dirname(createRequire(import.meta.url).resolve('@ant-design/icons')),
  '..',
  'es',
  'icons',
);

// React and the router are needed by every screen: one long-cached chunk. Everything else splits by
// import: pages are lazy, pinyin-pro and echarts are only imported where they are used (STACK.md).
const vendorChunk = /node_modules[\\/](react|react-dom|scheduler|react-router|@remix-run)[\\/]/;

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@antd-icons': antdIconsDir } },
  server: {
    proxy: {
      '/api': { target: apiUrl, changeOrigin: false },
      '/uploads': { target: apiUrl, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiUrl, changeOrigin: false },
      '/uploads': { target: apiUrl, changeOrigin: false },
    },
  },
  build: {
    target: 'es2023',
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // packages/domain is pure data and functions (TEAM.md: browser-safe, no I/O): a module of it whose exports
      // are unused is dropped, so the login page does not carry the zod schemas of the entity definitions.
      treeshake: { moduleSideEffects: (id) => !/[\\/]packages[\\/]domain[\\/]/.test(id) },
      output: {
        codeSplitting: {
          groups: [{ name: 'react-vendor', test: vendorChunk, priority: 10 }],
        },
      },
    },
  },
});
