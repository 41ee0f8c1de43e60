import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
 * chunks, each one more request on a cold load. These groups keep the count down:
 * - "boot": what the login page needs before it is usable, the static import graph of the entry (src/main.tsx) and
 *   of the login page, with its one stylesheet;
 * - "frame": the signed-in frame (antd's providers, the guard's shell, the session loader, the layout, the page
 *   registry and the dashboard), everything a signed-in first screen loads beside the page's own code;
 * - "screens": the generic list, form and report screens that most menu entries open (fetched while the browser is
 *   idle after the first screen);
 * - "antd": the component library's foundations and the components of the frame (menu, dropdowns, dialogs, forms),
 *   loaded with the first signed-in screen and cached from then on.
 * Pages and everything else keep splitting by import.
 */
const chunkAreas: { name: string; roots: string[] }[] = [
  { name: 'boot', roots: ['main.tsx', 'pages/login/login-page.tsx'] },
  {
    name: 'frame',
    roots: [
      'app/themed-providers.tsx',
      'app/protected-shell.tsx',
      'app/session-loader.tsx',
      'layout/app-layout.tsx',
      'pages/registry.tsx',
      'pages/dashboard/dashboard-page.tsx',
      'navigation/visible-routes.ts',
    ],
  },
  {
    name: 'screens',
    roots: [
      'engine/entity-list-page.tsx',
      'engine/entity-form-page.tsx',
      'engine/report/report-page.tsx',
      'pages/suppliers/company-lists.tsx',
    ],
  },
];
/** The console's source folder: the roots above are its files (module ids are absolute paths). */
const srcDir = join(dirname(fileURLToPath(import.meta.url)), 'src');

/** antd's foundations (theme, styles, shared utilities) and the components the frame itself uses. */
const antdCore =
  /[\\/]node_modules[\\/](@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)|@rc-component[\\/]|rc-[a-z-]+[\\/]|antd[\\/]es[\\/](_util|config-provider|theme|style|locale|app|message|modal|notification|button|space|grid|row|col|flex|spin|empty|typography|tooltip|dropdown|menu|layout|form|input|tag|result)[\\/])/;

type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** Packages imported through an index that names far more than is used: not walked into an area. */
const WALKED_PAST =
  /[\\/]packages[\\/]domain[\\/]|[\\/]node_modules[\\/](zod[\\/]|@ant-design[\\/]icons[\\/](es|lib)[\\/]index\.js$)/;

/** Module id → the area whose static import graph reaches it first. */
function areaOfModules(ctx: ChunkingContext): Map<string, string> {
  const area = new Map<string, string>();
  for (const { name, roots } of chunkAreas) {
    const visit = (id: string) => {
      // The domain package is imported through its index, which re-exports every entity definition: walking it
      // would pull the definitions (and zod) into these chunks although tree-shaking keeps only what is used. The
      // same holds for antd's icon package (its index names all 1,700 icons, which the icon browser loads).
      if (area.has(id) || WALKED_PAST.test(id)) return;
      area.set(id, name);
      for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) visit(next);
    };
    for (const root of roots) visit(join(srcDir, root));
  }
  return area;
}
let areas: Map<string, string> | null = null;

/** A group's chunk name: the area of the module (only `only`, when given), else none. */
const areaNamed =
  (only?: string) =>
  (id: string, ctx: ChunkingContext): string | null => {
    areas ??= areaOfModules(ctx);
    const area = areas.get(id) ?? null;
    return only && area !== only ? null : area;
  };

/** Forgets the import graph between builds (vite build --watch). */
function resetChunkAreas(): Plugin {
  return {
    name: 'reset-chunk-areas',
    apply: 'build',
    buildStart() {
      areas = null;
    },
  };
}

/**
 * What a signed-in first screen needs beyond the entry's own code, by kind: the frame's (antd's providers, the
 * guard's shell, the layout, the page registry and the dashboard's page) everywhere behind the guard, and on the
 * dashboard its charts and ECharts.
 */
const firstScreens: { kind: string; roots: string[] }[] = [
  { kind: 'signed-in', roots: chunkAreas.find((area) => area.name === 'frame')!.roots },
  { kind: 'home', roots: ['pages/dashboard/dashboard-charts.tsx', 'components/echarts.ts'] },
];

type BuiltChunk = {
  type: 'chunk';
  fileName: string;
  moduleIds: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};

/**
 * Writes into index.html, for each kind of first screen, a preload of every file its roots need that the page does
 * not already load (`<link rel="modulepreload" data-first-screen="signed-in">`, the stylesheets as `preload`). The
 * server keeps a kind's links in the pages that show it and takes them out of every other (the login page needs
 * none of them): the files then download beside the entry's instead of after it has run.
 */
function firstScreenPreloads(): Plugin {
  return {
    name: 'first-screen-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter(
          (item): item is BuiltChunk & typeof item => item.type === 'chunk',
        ) as unknown as BuiltChunk[];
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const linked = new Set(
          [...html.matchAll(/href="\/([^"]+)"|src="\/([^"]+)"/g)].map((m) => m[1] ?? m[2]),
        );
        const links: string[] = [];
        for (const { kind, roots } of firstScreens) {
          const files: string[] = [];
          const visit = (chunk: BuiltChunk) => {
            if (linked.has(chunk.fileName)) return;
            linked.add(chunk.fileName);
            for (const next of chunk.imports) {
              const imported = byFile.get(next);
              if (imported) visit(imported);
            }
            files.push(chunk.fileName);
            for (const css of chunk.viteMetadata?.importedCss ?? []) {
              if (linked.has(css)) continue;
              linked.add(css);
              files.push(css);
            }
          };
          for (const root of roots) {
            const id = join(srcDir, root);
            const chunk = chunks.find((c) => c.moduleIds.includes(id));
            if (!chunk) throw new Error(`first screen "${kind}": no chunk holds ${root}`);
            visit(chunk);
          }
          for (const file of files)
            links.push(
              file.endsWith('.css')
                ? `<link rel="preload" as="style" crossorigin href="/${file}" data-first-screen="${kind}">`
                : `<link rel="modulepreload" crossorigin href="/${file}" data-first-screen="${kind}">`,
            );
        }
        return html.replace(/\n?\s*<\/head>/, () => `\n    ${links.join('\n    ')}\n  </head>`);
      },
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

/**
 * The server's build of the signed-in first screen (src/server/first-screen.tsx, run in a thread of its own by
 * src/server/first-screen-worker.ts; `vite build --ssr`), with
 * everything it imports, for the API server to load from dist-server/ (the pages it never renders stay in chunks
 * it never loads).
 */
const firstScreenBuild = defineConfig({
  plugins: [react()],
  publicDir: false,
  resolve: { alias: { '@antd-icons': antdIconsDir } },
  ssr: { noExternal: true },
  // React and antd in their production builds whatever the server's environment says
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    target: 'node22',
    // the renderer's thread (src/server/first-screen-worker.ts), which the API server starts
    ssr: 'src/server/first-screen-worker.ts',
    outDir: 'dist-server',
    emptyOutDir: true,
    sourcemap: false,
  },
});

const browserBuild = defineConfig({
  plugins: [react(), resetChunkAreas(), firstScreenPreloads(), precompress()],
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
            // the login page's code first: nothing it needs goes into a chunk of the signed-in screens
            { debugName: 'boot', name: areaNamed('boot'), test: () => true, priority: 8 },
            { name: 'antd', test: antdCore, priority: 6 },
            { debugName: 'frame, screens', name: areaNamed(), test: () => true, priority: 5 },
          ],
        },
      },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? firstScreenBuild : browserBuild));
