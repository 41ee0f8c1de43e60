// Builds the console (apps/console/dist, and its server build in apps/console/dist-server) with Vite, only when a source changed since the last build.
//   node scripts/build-console.mjs           build if needed (npm start, npm test, npm run build)
//   node scripts/build-console.mjs --force   always build
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bin, buildStaleReason, childEnv, ensureProjectNode, root, writeBuildStamp } from './lib/runtime.mjs';

const consoleDir = join(root, 'apps', 'console');
export const distDir = join(consoleDir, 'dist');
const stampFile = join(distDir, '.build-stamp');

/** Everything the bundle is made from. Tests are left out: changing one does not change the bundle. */
const inputs = [
  'apps/console/src',
  'apps/console/public',
  'apps/console/index.html',
  'apps/console/vite.config.ts',
  'apps/console/package.json',
  'packages/domain/src',
  'package-lock.json',
];
/** Why a build is needed, or null when dist is up to date. */
export const staleReason = () => buildStaleReason({ output: join(distDir, 'index.html'), stampFile, inputs });

function runVite(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(bin('vite'), args, { cwd: consoleDir, stdio: 'inherit', env: childEnv() });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

/** Builds the console when needed; resolves once apps/console/dist is current. */
export async function ensureConsoleBuilt({ force = false } = {}) {
  const reason = force ? 'forced' : staleReason();
  if (!reason) {
    console.log('Console build is up to date (apps/console/dist).');
    return;
  }
  console.log(`Building the console (${reason}) ...`);
  const startedAt = Date.now();
  await runVite(['build']);
  // the signed-in dashboard's first screen as the API server renders it (apps/console/dist-server)
  await runVite(['build', '--ssr', 'src/server/first-screen-worker.ts']);
  writeBuildStamp(stampFile, startedAt);
  console.log(`Console built in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && ensureProjectNode()) {
  ensureConsoleBuilt({ force: process.argv.includes('--force') }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
