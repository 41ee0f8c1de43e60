// npm start: build the console and the API server if a source changed, then run the server in this same Node
// process (compiled JavaScript, apps/api/dist/main.mjs): it migrates the database, seeds an empty one (root
// account + demo data) and serves the API under /api and the console on one port.
import { spawn } from 'node:child_process';
import { enableCompileCache } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureConsoleBuilt } from './build-console.mjs';
import { childEnv, ensureProjectNode, root } from './lib/runtime.mjs';

const apiEntry = join(root, 'apps', 'api', 'dist', 'main.mjs');

/** The API build runs in a child process, so the bundler's own helper process does not stay beside the server. */
function ensureApiBuilt() {
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

if (ensureProjectNode()) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
