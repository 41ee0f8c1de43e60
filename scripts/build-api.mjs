// Compiles the API server (apps/api/src/main.ts and the workspace code it imports) into one ES module bundle,
// apps/api/dist/main.mjs, so `npm start` runs plain JavaScript in a single Node process: no TypeScript compiler
// at start and no loader process beside the server. The plain JavaScript packages the server loads at every
// start (Fastify and its plugins, Drizzle, zod, ...) are bundled too: Node then resolves and reads a few dozen
// files instead of about 700 package files, which was the largest part of the start-up time. Packages listed in
// KEEP_EXTERNAL stay in node_modules (Node loads them as usual). Builds only when a source changed since the
// last build.
//   node scripts/build-api.mjs           build if needed (npm start, npm test, npm run build)
//   node scripts/build-api.mjs --force   always build
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildStaleReason, ensureProjectNode, root, writeBuildStamp } from './lib/runtime.mjs';

const apiDir = join(root, 'apps', 'api');
export const apiDist = join(apiDir, 'dist');
export const apiEntry = join(apiDist, 'main.mjs');
const stampFile = join(apiDist, '.build-stamp');

/** Everything the bundle is made from (tests excluded: changing one does not change the bundle). */
const inputs = ['apps/api/src', 'apps/api/package.json', 'packages/domain/src', 'package-lock.json'];

/** Why a build is needed, or null when dist is up to date. */
export const apiStaleReason = () => buildStaleReason({ output: apiEntry, stampFile, inputs });

/**
 * Packages Node loads from node_modules rather than from the bundle: those that read files next to their own
 * code (the embedded database's WebAssembly and data files, the captcha's font, Swagger UI's and the static
 * server's assets), native addons, pino (its worker transports are files of their own), and those loaded only
 * for rare work on first use (demo data, spreadsheets, S3, mail, Redis, rich-text sanitising, the region list),
 * which would otherwise be parsed into the bundle's chunks for nothing. `pg` keeps its optional native binding.
 */
const KEEP_EXTERNAL = [
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-storage',
  '@electric-sql/pglite',
  '@faker-js/faker',
  '@fastify/static',
  '@fastify/swagger-ui',
  '@node-rs/argon2',
  '@vant/area-data',
  'exceljs',
  'i18n-iso-countries',
  'ioredis',
  'nodemailer',
  'pg',
  'pino',
  'pinyin-pro',
  'sanitize-html',
  'svg-captcha',
];

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Node built-ins and KEEP_EXTERNAL stay imports; everything else (our workspace packages included) is bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('node:') || KEEP_EXTERNAL.includes(packageName(args.path))
        ? { path: args.path, external: true }
        : undefined,
    );
  },
};

/** Bundled CommonJS packages call `require` for Node built-ins; an ES module has none of its own. */
const requireBanner =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

export async function buildApi() {
  const { build } = await import('esbuild');
  // Chunk names carry content hashes: clear the folder so chunks of earlier builds do not pile up.
  rmSync(apiDist, { recursive: true, force: true });
  await build({
    entryPoints: [join(apiDir, 'src', 'main.ts')],
    outdir: apiDist,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    outExtension: { '.js': '.mjs' },
    sourcemap: 'linked',
    // No comments or indentation: V8 keeps each script's source in memory for as long as the server runs
    // (and a single non-ASCII character in a comment doubles it). Names stay, so stack traces stay readable.
    minifyWhitespace: true,
    legalComments: 'linked',
    logLevel: 'warning',
    plugins: [externalPackages],
    banner: { js: requireBanner },
  });
}

/** Builds the API when needed; resolves once apps/api/dist is current. */
export async function ensureApiBuilt({ force = false } = {}) {
  const reason = force ? 'forced' : apiStaleReason();
  if (!reason) return;
  console.log(`Building the API server (${reason}) ...`);
  const startedAt = Date.now();
  await buildApi();
  writeBuildStamp(stampFile, startedAt);
  console.log(`API server built in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && ensureProjectNode()) {
  ensureApiBuilt({ force: process.argv.includes('--force') }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
