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
// import: pages are lazy, pinyin-pro and echarts are only imported where they are used, to keep the first load small.
const vendorChunk = /node_modules[\\/](react|react-dom|scheduler|react-router|@remix-run)[\\/]/;

/**
 * Left to itself the bundler makes one chunk per combination of lazy pages that share a module: dozens of small
 * chunks, each one more request on a cold load. Two groups keep the count down:
 * - "boot": what the login page needs before it is usable, the static import graph of the entry (src/main.tsx) and
 *   of the login page, with its one stylesheet;
 * - "antd": the component library's foundations and the components of the frame (menu, dropdowns, dialogs, forms),
 *   loaded with the first signed-in screen and cached from then on.
 * Pages and everything else keep splitting by import.
 */
const chunkAreas: { name: string; roots: RegExp[] }[] = [
  { name: 'boot', roots: [/[\\/]src[\\/]main\.tsx$/, /[\\/]src[\\/]pages[\\/]login[\\/]login-page\.tsx$/] },
];

/** antd's foundations (theme, styles, shared utilities) and the components the frame itself uses. */
const antdCore =
  /[\\/]node_modules[\\/](@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)|@rc-component[\\/]|rc-[a-z-]+[\\/]|antd[\\/]es[\\/](_util|config-provider|theme|style|locale|app|message|modal|notification|button|space|grid|row|col|flex|spin|empty|typography|tooltip|dropdown|menu|layout|form|input|tag|result)[\\/])/;

type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** Module id → the area whose static import graph reaches it first. */
function areaOfModules(ctx: ChunkingContext): Map<string, string> {
  const area = new Map<string, string>();
  for (const { name, roots } of chunkAreas) {
    const visit = (id: string) => {
      // The domain package is imported through its index, which re-exports every entity definition: walking it
      // would pull the definitions (and zod) into these chunks although tree-shaking keeps only what is used.
      if (area.has(id) || /[\\/]packages[\\/]domain[\\/]|[\\/]node_modules[\\/]zod[\\/]/.test(id)) return;
      area.set(id, name);
      for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) visit(next);
    };
    for (const id of moduleIds) if (roots.some((r) => r.test(id))) visit(id);
  }
  return area;
}
const moduleIds = new Set<string>();
let areas: Map<string, string> | null = null;

/** Forgets the import graph between builds (vite build --watch). */
function resetChunkAreas(): Plugin {
  return {
    name: 'reset-chunk-areas',
    apply: 'build',
    buildStart() {
      moduleIds.clear();
      areas = null;
    },
  };
}

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
  plugins: [react(), resetChunkAreas(), precompress()],
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
      // packages/domain is pure data and functions (browser-safe, no I/O): a module of it whose exports
      // are unused is dropped, so the login page does not carry the zod schemas of the entity definitions.
      treeshake: { moduleSideEffects: (id) => !/[\\/]packages[\\/]domain[\\/]/.test(id) },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react-vendor', test: vendorChunk, priority: 10 },
            { name: 'antd', test: antdCore, priority: 4 },
            {
              debugName: 'screen areas (boot)',
              name: (id, ctx) => {
                areas ??= areaOfModules(ctx);
                return areas.get(id) ?? null;
              },
              test: (id) => {
                moduleIds.add(id);
                return true;
              },
              priority: 5,
            },
          ],
        },
      },
    },
  },
});
