import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset of the build, once, at build time: the server sends
 * them as they are (@fastify/static preCompressed) instead of compressing on each request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => /\.(js|css|html|svg|json)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name);
          const body = await readFile(path);
          if (body.length < 1024) return;
          const [br, gzipped] = await Promise.all([
            brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
            gz(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
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
