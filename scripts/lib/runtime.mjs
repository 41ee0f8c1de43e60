// Shared by the scripts: where the repository is, how to run its tools with the project's own Node,
// and how to stop child processes cleanly.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const binDir = join(root, 'node_modules', '.bin');

/** Path of a tool installed by `npm ci` (vite, tsx, ...). */
export function bin(name) {
  const path = join(binDir, name);
  if (!existsSync(path)) {
    console.error(`${name} is not installed: run \`npm ci\` in ${root} first.`);
    process.exit(1);
  }
  return path;
}

/** The environment for child processes: the project's node_modules/.bin (with Node 24) first on PATH. */
export function childEnv(extra = {}) {
  const path = process.env.PATH ?? '';
  return { ...process.env, PATH: `${binDir}${delimiter}${path}`, ...extra };
}

/**
 * The project carries Node 24 as a devDependency. `npm start` already runs with it; a plain
 * `node scripts/x.mjs` on an older system Node is re-run once with the project's Node.
 */
export function ensureProjectNode() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= 22) return true;
  const projectNode = join(binDir, 'node');
  if (!existsSync(projectNode) || process.env.ORGANISER_REEXEC) {
    console.error(
      `Node ${process.versions.node} is too old (>= 22.12 needed): run \`npm ci\`, then use npm run.`,
    );
    process.exit(1);
  }
  // Node flags (npm start's --max-semi-space-size) go along.
  const child = spawn(projectNode, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: childEnv({ ORGANISER_REEXEC: '1' }),
  });
  forwardSignals(child);
  child.on('exit', (code, signal) => exitLike(code, signal));
  return false;
}

/** A free TCP port on 127.0.0.1, chosen by the OS. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Passes SIGINT/SIGTERM on to the child once per signal: a terminal Ctrl+C already reaches the whole
 * process group, so repeating it would make a graceful shutdown look like an impatient second Ctrl+C.
 * If the child is still running 15 s later it is killed.
 */
export function forwardSignals(child, { onSignal } = {}) {
  const sent = new Set();
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      onSignal?.(signal);
      if (sent.has(signal) || child.exitCode !== null || child.signalCode !== null) return;
      sent.add(signal);
      child.kill(signal);
      setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
    });
  }
}

/** Exit the way the child did (a signal becomes 128 + its number, as a shell reports it). */
export function exitLike(code, signal) {
  if (code !== null) process.exit(code);
  const numbers = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
  process.exit(128 + (numbers[signal] ?? 1));
}

const isTestFile = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** The most recently modified file under the given paths (relative to the repository; tests and node_modules left out). */
export function newestFile(inputs) {
  let newest = { path: '', mtimeMs: 0 };
  const visit = (path) => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry !== 'node_modules' && !isTestFile(entry)) visit(join(path, entry));
      }
    } else if (stat.mtimeMs > newest.mtimeMs) {
      newest = { path, mtimeMs: stat.mtimeMs };
    }
  };
  for (const input of inputs) visit(join(root, input));
  return newest;
}

/**
 * Why a build is needed, or null when it is current: `output` is missing, the build stamp is missing, or a file under
 * `inputs` changed after the last build started.
 */
export function buildStaleReason({ output, stampFile, inputs }) {
  if (!existsSync(output)) return 'no build yet';
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return 'no build stamp';
  }
  const newest = newestFile(inputs);
  if (newest.mtimeMs > stamp.startedAt) return `${relative(root, newest.path)} changed`;
  return null;
}

/** Records a finished build. It keeps when the build started, so a file saved during the build still counts as newer. */
export function writeBuildStamp(stampFile, startedAt) {
  writeFileSync(stampFile, `${JSON.stringify({ startedAt, builtAt: Date.now() })}\n`);
}
