import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

// Real API processes (the compiled server, apps/api/dist/main.mjs, as `npm start` runs it) on one PostgreSQL
// database and one Redis, behind a small round-robin proxy that sends requests only to nodes whose
// /api/readyz answers 200, like a load balancer with a readiness check.

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const ENTRY = path.join(ROOT, 'apps/api/dist/main.mjs');

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const ADMIN_PASSWORD = 'Multi-node-admin-1';
export const CAPTCHA_CODE = 'multinode-captcha';

/** Whether something accepts TCP connections at the URL's host and port. */
export function answers(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || defaultPort) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** PostgreSQL answers a query (not just a port). */
export async function postgresAnswers(): Promise<boolean> {
  if (!(await answers(PG_URL, 5432))) return false;
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the test server; `drop` removes it. */
export async function freshDatabase(label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `organiser_${label}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** Compiles the server if a source changed since the last build (as `npm start` does). */
export async function buildServer(): Promise<void> {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/build-api.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c));
  child.stderr.on('data', (c: Buffer) => (output += c));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`API build failed:\n${output}`);
}

export type ApiNode = {
  name: string;
  url: string;
  process: ChildProcess;
  /** Everything the process printed (for failure messages). */
  output: () => string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

export type NodeOptions = {
  name: string;
  databaseUrl: string;
  env: Record<string, string>;
  deployment: Record<string, unknown>;
  /** Shared folder for the deployment file. */
  workDir: string;
};

/** Starts one API process on a free port; resolves when it listens. */
export async function startNode(options: NodeOptions): Promise<ApiNode> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `organiser-${options.name}-`));
  const configFile = path.join(options.workDir, 'deployment.json');
  writeFileSync(configFile, JSON.stringify(options.deployment));
  const child = spawn(process.execPath, ['--max-semi-space-size=8', ENTRY], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      CONSOLE_DIST: path.join(dataDir, 'no-console'),
      CONFIG_FILE: configFile,
      DATABASE_URL: options.databaseUrl,
      ADMIN_PASSWORD,
      CAPTCHA_TEST_CODE: CAPTCHA_CODE,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  let output = '';
  const exited = once(child, 'exit').then(([code, signal]) => (signal ? `${signal}` : code) as number | null);
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /API: (http:\/\/\S+)\/api\s/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    exited.then((code) =>
      reject(new Error(`${options.name} exited with ${code} before listening:\n${output}`)),
    );
    setTimeout(
      () => reject(new Error(`${options.name} did not listen within 90 s:\n${output}`)),
      90_000,
    ).unref();
  });
  return {
    name: options.name,
    url,
    process: child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

export type BalancerProxy = {
  url: string;
  /** Replaces the nodes behind the proxy. */
  setBackends: (urls: string[]) => void;
  /** Requests the proxy could not deliver (no ready node, or the node failed the connection). */
  failures: () => number;
  close: () => Promise<void>;
};

/** Round-robin over the backends whose /api/readyz answered 200 at the last check (every 100 ms). A node that
 * answers anything else, or refuses the connection, is out at once; one that does not answer within a second is
 * out after three such checks in a row, as balancers' unhealthy thresholds have it (a busy machine can hold one
 * check up). */
export async function startProxy(): Promise<BalancerProxy> {
  let backends: { url: string; ready: boolean; unanswered?: number }[] = [];
  let next = 0;
  let failures = 0;
  const poll = async () => {
    await Promise.all(
      backends.map(async (b) => {
        try {
          const res = await fetch(`${b.url}/api/readyz`, { signal: AbortSignal.timeout(1000) });
          await res.arrayBuffer();
          b.ready = res.status === 200;
          b.unanswered = 0;
        } catch (error) {
          const late = (error as Error).name === 'TimeoutError';
          b.unanswered = late ? (b.unanswered ?? 0) + 1 : 3;
          if (b.unanswered >= 3) b.ready = false;
        }
      }),
    );
  };
  let polling = true;
  const loop = (async () => {
    while (polling) {
      await poll();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  // No keep-alive towards the nodes: each request opens its own connection, as many balancers do.
  const agent = new http.Agent({ keepAlive: false });
  const server = http.createServer((req, res) => {
    const ready = backends.filter((b) => b.ready);
    if (!ready.length) {
      failures++;
      res.writeHead(502).end('no ready node');
      return;
    }
    const target = new URL(req.url ?? '/', ready[next++ % ready.length]!.url);
    const upstream = http.request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host }, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      failures++;
      if (!res.headersSent) res.writeHead(502);
      res.end(String(error));
    });
    req.pipe(upstream);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setBackends: (urls) => {
      backends = urls.map((url) => backends.find((b) => b.url === url) ?? { url, ready: false });
    },
    failures: () => failures,
    close: async () => {
      polling = false;
      await loop;
      server.close();
      server.closeAllConnections();
      agent.destroy();
    },
  };
}

/** Waits until the proxy has `count` ready nodes (its own readiness view). */
export async function waitReady(urls: string[], timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (const url of urls) {
    for (;;) {
      const status = await fetch(`${url}/api/readyz`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      if (Date.now() > until) throw new Error(`${url} not ready within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  // One more poll period so the proxy has seen it.
  await new Promise((resolve) => setTimeout(resolve, 250));
}

export type Answer = { status: number; body: { success: boolean; code: number; content: unknown } };

/** A JSON call (or a multipart form) to one node or to the proxy. */
export async function call(
  base: string,
  method: string,
  url: string,
  options: { token?: string; json?: unknown; form?: FormData } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers['x-token'] = options.token;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + url, {
    method,
    headers,
    body: options.form ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
  });
  const text = await res.text();
  let body: Answer['body'];
  try {
    body = JSON.parse(text);
  } catch {
    body = { success: false, code: -1, content: text };
  }
  return { status: res.status, body };
}

export async function captcha(base: string): Promise<string> {
  const res = await call(base, 'GET', '/api/user/captcha');
  return (res.body.content as { token: string }).token;
}

/** Login with a captcha taken from `captchaFrom` (another node, say). */
export async function tryLogin(base: string, account: string, password: string, captchaFrom = base) {
  const token = await captcha(captchaFrom);
  return call(base, 'POST', '/api/user/login', {
    json: { account, password, checkCode: CAPTCHA_CODE, token },
  });
}

export async function login(base: string, account: string, password: string, captchaFrom = base) {
  const res = await tryLogin(base, account, password, captchaFrom);
  if (!res.body.success)
    throw new Error(`login ${account} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body.content as { token: string }).token;
}

/** `total` requests, `concurrency` at a time; resolves with each answer's status, or for a request that got no
 * answer what the client reported (the error and its cause), so a failed check names it. */
export async function load(
  total: number,
  concurrency: number,
  send: (i: number) => Promise<number>,
  onProgress?: (done: number) => void,
): Promise<(number | string)[]> {
  const statuses: (number | string)[] = [];
  let started = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started < total) {
        const i = started++;
        statuses[i] = await send(i).catch((error: Error) => `${error}; cause: ${String(error.cause)}`);
        onProgress?.(++done);
      }
    }),
  );
  return statuses;
}
