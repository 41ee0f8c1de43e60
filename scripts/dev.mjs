// npm run dev: the API in watch mode and the Vite dev server (hot reload) together; Vite forwards /api to
// the API through API_URL. Output lines are prefixed [api] / [web]; when one stops, both stop.
//   API_PORT  the API's port (default: a free one)   PORT  Vite's port (default: Vite's own choice)
//   HOST      the address both listen on (default 127.0.0.1)
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { bin, childEnv, ensureProjectNode, exitLike, freePort, root } from './lib/runtime.mjs';

const colours = { api: '\u001b[36m', web: '\u001b[35m' };
const isTty = Boolean(process.stdout.isTTY);

function prefixed(name, stream, out) {
  const label = isTty ? `${colours[name]}[${name}]\u001b[0m ` : `[${name}] `;
  createInterface({ input: stream }).on('line', (line) => out.write(`${label}${line}\n`));
}

function run(name, command, args, options) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  prefixed(name, child.stdout, process.stdout);
  prefixed(name, child.stderr, process.stderr);
  return child;
}

async function main() {
  const host = process.env.HOST || '127.0.0.1';
  const apiPort = process.env.API_PORT || String(await freePort());
  const apiUrl = `http://${host}:${apiPort}`;
  const colour = isTty ? { FORCE_COLOR: '1' } : {};
  // Vite's port is chosen here, so the API's banner can point at the console with hot reload
  const webPort = process.env.PORT || String(await freePort());
  const webUrl = `http://${host}:${webPort}`;

  const api = run('api', bin('tsx'), ['watch', '--clear-screen=false', 'apps/api/src/main.ts'], {
    cwd: root,
    env: childEnv({ ...colour, HOST: host, PORT: apiPort, DEV_CONSOLE_URL: webUrl }),
  });
  const viteArgs = ['--host', host, '--port', webPort, '--strictPort'];
  const web = run('web', bin('vite'), viteArgs, {
    cwd: join(root, 'apps', 'console'),
    env: childEnv({ ...colour, API_URL: apiUrl, PORT: '' }),
  });
  console.log(`Console (hot reload): ${webUrl}/   API (watch mode): ${apiUrl}/api`);

  const children = [api, web];
  let isStopping = false;
  let isStoppedByUser = false;
  const stopAll = (signal) => {
    isStopping = true;
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    }
    setTimeout(() => {
      for (const child of children) child.kill('SIGKILL');
    }, 10_000).unref();
  };
  let firstExit;
  let running = children.length;
  for (const child of children) {
    child.on('exit', (code, signal) => {
      firstExit ??= { code, signal };
      running -= 1;
      if (!isStopping) stopAll('SIGTERM');
      if (running > 0) return;
      if (isStoppedByUser) process.exit(0);
      exitLike(firstExit.code, firstExit.signal);
    });
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      isStoppedByUser = true;
      if (!isStopping) stopAll(signal);
    });
  }
}

if (ensureProjectNode()) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
