// Compiles the API server (apps/api/src/main.ts and the workspace code it imports) into one ES module bundle,
// apps/api/dist/main.mjs, so `npm start` runs plain JavaScript in a single Node process: no TypeScript compiler
// at start and no loader process beside the server. Packages from node_modules stay external (Node loads them
// as usual); only the project's own TypeScript is bundled. Builds only when a source changed since the last build.
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

/** Bare imports of our own workspace packages are bundled (they are TypeScript); every other package is external. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@organiser/') ? undefined : { path: args.path, external: true },
    );
  },
};

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
    logLevel: 'warning',
    plugins: [externalPackages],
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
