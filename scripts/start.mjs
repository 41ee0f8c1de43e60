// npm start: build the console and the API server if a source changed, then run the server in this same Node
// process (compiled JavaScript, apps/api/dist/main.mjs): it migrates the database, seeds an empty one (root
// account + demo data) and serves the API under /api and the console on one port.
import { spawn } from 'node:child_process';
import { enableCompileCache } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { apiStaleReason } from './build-api.mjs';
import { ensureConsoleBuilt } from './build-console.mjs';
import { childEnv, ensureProjectNode, root } from './lib/runtime.mjs';

const apiEntry = join(root, 'apps', 'api', 'dist', 'main.mjs');

/**
 * The API build, when a source changed, runs in a child process, so the bundler's own helper process does not stay
 * beside the server; whether it is needed is checked here (a child process only to find the build current cost as
 * much as the check).
 */
function ensureApiBuilt() {
  if (!apiStaleReason()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'scripts', 'build-api.mjs')], {
      cwd: root,
      stdio: 'inherit',
      env: childEnv(),
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`API build failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

async function main() {
  await Promise.all([ensureConsoleBuilt(), ensureApiBuilt()]);
  process.env.HOST ||= '127.0.0.1';
  process.env.PORT ||= '8080';
  // V8 keeps the compiled code of the server and its packages on disk, so a later start skips compiling them.
  enableCompileCache(join(root, 'node_modules', '.cache', 'node-compile'));
  // The server installs its own SIGINT/SIGTERM handlers and exits when it has closed.
  await import(pathToFileURL(apiEntry).href);
}

/**
 * glibc's malloc raises its mmap threshold each time a large block is freed, so later large blocks come from
 * its heaps and stay resident once freed. V8 compiling the embedded database's largest WebAssembly function
 * with its optimising compiler takes several hundred MB for a moment, in blocks of that kind: without a fixed
 * threshold about 90 MB of it stays in the idle server. The variable is read when the process starts, so the
 * process replaces itself once with it set (same process id, nothing runs beside it). A value already set in
 * the environment is kept as it is.
 */
const MALLOC_MMAP_THRESHOLD = '131072';

function withFixedMallocThreshold() {
  if (process.platform !== 'linux' || process.env.MALLOC_MMAP_THRESHOLD_ !== undefined) return false;
  if (typeof process.execve !== 'function') return false;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    MALLOC_MMAP_THRESHOLD_: MALLOC_MMAP_THRESHOLD,
  });
  return true;
}

if (ensureProjectNode() && !withFixedMallocThreshold()) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
