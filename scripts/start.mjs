// npm start: build the console if needed, then run the API server, which migrates the database, seeds an
// empty one (root account + demo data) and serves the API under /api and the console on one port.
import { spawn } from 'node:child_process';
import { ensureConsoleBuilt } from './build-console.mjs';
import { bin, childEnv, ensureProjectNode, exitLike, forwardSignals, root } from './lib/runtime.mjs';

async function main() {
  await ensureConsoleBuilt();
  const env = childEnv({
    HOST: process.env.HOST || '127.0.0.1',
    PORT: process.env.PORT || '8080',
  });
  const server = spawn(bin('tsx'), ['apps/api/src/main.ts'], { cwd: root, stdio: 'inherit', env });
  forwardSignals(server);
  server.on('error', (error) => {
    console.error(`Could not start the API server: ${error.message}`);
    process.exit(1);
  });
  server.on('exit', exitLike);
}

if (ensureProjectNode()) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
