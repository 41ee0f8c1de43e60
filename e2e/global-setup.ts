import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Starts the real server (the same compiled entry point as `npm start`) once for the whole run: 127.0.0.1, a free
// port, a fresh PGlite data folder, the test captcha code. The returned function stops it and removes the
// folder. With E2E_BASE_URL already set, the tests run against that server instead and nothing is started.

const root = fileURLToPath(new URL('..', import.meta.url));
const binDir = join(root, 'node_modules', '.bin');
export const CAPTCHA_TEST_CODE = 'test-captcha';
const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 10_000;
const logFile = join(root, 'e2e', 'server.log');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function build(): void {
  // Quick when `npm run test:e2e` has just built; covers `npx playwright test` straight after an edit.
  const builds: [script: string, what: string][] = [
    ['build-console.mjs', 'console'],
    ['build-api.mjs', 'API server'],
  ];
  for (const [script, what] of builds) {
    const result = spawnSync(process.execPath, [join(root, 'scripts', script)], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`The ${what} build failed; see the output above.`);
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** The last lines the server printed, shown when it fails: in CI nobody can open server.log afterwards. */
function keepTail(child: ChildProcess, size = 60): () => string {
  const lines: string[] = [];
  const add = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - size));
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  return () => lines.map((line) => `  | ${line}`).join('\n');
}

async function waitUntilReady(baseURL: string, child: ChildProcess, tail: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const status = child.exitCode ?? child.signalCode;
      throw new Error(`The server stopped before it was ready (${status}):\n${tail()}\n(log: ${logFile})`);
    }
    try {
      const response = await fetch(`${baseURL}/api/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `The server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${tail()}\n(log: ${logFile})`,
  );
}

/** Stops the server's whole process group. */
async function stop(child: ChildProcess): Promise<void> {
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  signalGroup('SIGTERM');
  const timer = setTimeout(() => signalGroup('SIGKILL'), STOP_TIMEOUT_MS);
  await exited(child);
  clearTimeout(timer);
}

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.E2E_BASE_URL) {
    console.log(`e2e: testing the server at ${process.env.E2E_BASE_URL}`);
    return undefined;
  }
  build();

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'organiser-e2e-'));
  // Every test logs in from 127.0.0.1: the per-address login and captcha limits meant for the internet
  // would turn a long run into 429s. Everything else is the default deployment.
  const configFile = join(dataDir, 'e2e-deployment.json');
  const limit = 100_000;
  await writeFile(
    configFile,
    JSON.stringify({
      rateLimit: {
        globalPerMinute: limit,
        loginPerMinute: limit,
        loginPerAccountPerMinute: limit,
        captchaPerMinute: limit,
      },
    }),
  );
  const log = createWriteStream(logFile);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${binDir}${delimiter}${process.env.PATH ?? ''}`,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    CAPTCHA_TEST_CODE,
    CONFIG_FILE: configFile,
  };
  // The browser tests run on the embedded database; a DATABASE_URL from the caller's shell is not used.
  delete env.DATABASE_URL;

  const startedAt = Date.now();
  // The compiled server, as `npm start` runs it, on the project's own Node.
  const child = spawn(join(binDir, 'node'), ['apps/api/dist/main.mjs'], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  if (process.env.E2E_SERVER_OUTPUT) {
    child.stdout?.pipe(process.stdout, { end: false });
    child.stderr?.pipe(process.stderr, { end: false });
  }

  const tail = keepTail(child);
  let isStopping = false;
  child.on('exit', (code, signal) => {
    if (!isStopping) console.error(`e2e: the server stopped during the run (${code ?? signal}):\n${tail()}`);
  });

  const teardown = async () => {
    isStopping = true;
    await stop(child);
    log.end();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(baseURL, child, tail);
  } catch (error) {
    await teardown();
    throw error;
  }
  console.log(
    `e2e: server ready at ${baseURL} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s (log: ${logFile})`,
  );
  process.env.E2E_BASE_URL = baseURL;
  return teardown;
}
