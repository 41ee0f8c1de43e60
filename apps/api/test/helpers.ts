import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { DeploymentConfig } from '@organiser/domain';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyServerOptions,
  LightMyRequestResponse,
} from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import {
  type AppConfig,
  type EnvInput,
  type PasswordHashSettings,
  parseDeploymentConfig,
  parseServerSettings,
  type ServerSettings,
} from '../src/config/load';
import type { Db, DbHandle } from '../src/db/client';
import type { AppModule } from '../src/extensions';
import type { SeedOptions } from '../src/seed';
import type { StorageProvider } from '../src/storage';
import { openFromTemplate } from './database';
import { fixtureFiles } from './fixture-files';

/**
 * Test helpers for every API test (apps/api/test/**, src/**\/*.test.ts). Keep these signatures stable.
 *
 *   const { app, db, close } = await createTestApp();          // fresh migrated + seeded database
 *   afterAll(() => close());
 *   const token = await login(app);                             // admin / admin123 → X-Token value
 *   const res = await app.inject({ method: 'GET', url: '/api/...', headers: { 'x-token': token } });
 *   const body = res.json();                                    // { success, code, message, content }
 *
 * The database starts as the template made by global-setup.ts: every migration applied, permissions synced,
 * and the accounts `admin` / `admin123` (role root) and `editor` / `editor123` (role editor: banner and
 * company-tag menus with the resources under them). Module demo data (`ext.demoSeed`) is NOT in it; run
 * `registerModules(modules).seeds.demo` yourself if a test needs them. PGlite in memory by default; a fresh PostgreSQL
 * database when TEST_DATABASE_URL is set. Captchas accept TEST_CAPTCHA_CODE; argon2 runs with cheap test costs.
 */

export type DeepPartial<T> = T extends readonly (infer U)[]
  ? readonly U[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

export type TestAppOverrides = {
  /** Deployment config (the CONFIG_FILE content); missing keys take the schema defaults. */
  config?: DeepPartial<DeploymentConfig>;
  /** Environment variables as the server reads them (PORT, REDIS_URL, CONSOLE_DIST, NODE_ENV …). */
  env?: EnvInput;
  /** Settings without an environment variable (e.g. passwordHash). */
  server?: Partial<ServerSettings>;
  storage?: StorageProvider;
  /** Seed on ready (default: only if the database is empty, which the template is not). */
  seed?: SeedOptions | false;
  /** Extra modules or route plugins under /api (e.g. probe routes with a given access, hooks on an entity). */
  extraModules?: (FastifyPluginAsync | AppModule)[];
  /** The server's logger (default: none); e.g. `{ level: 'trace', stream }` to read its output. */
  logger?: FastifyServerOptions['logger'];
  /** PostgreSQL only: stop statements after this many milliseconds (STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
};

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  handle: DbHandle;
  config: AppConfig;
  /** The temporary DATA_DIR (uploads, tmp) of this app. */
  dataDir: string;
  /** Closes the app, drops the database and removes the data folder. */
  close: () => Promise<void>;
};

export const TEST_CAPTCHA_CODE = 'test-captcha';
export const ADMIN = { account: 'admin', password: 'admin123' } as const;
export const EDITOR = { account: 'editor', password: 'editor123' } as const;

/** argon2id with the smallest sensible cost: tests hash many passwords on 2 cores. */
export const TEST_ARGON2: PasswordHashSettings = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** Tests sign in far more often than people do: generous limits unless a test sets its own. */
const TEST_DEPLOYMENT = {
  rateLimit: {
    globalPerMinute: 100_000,
    loginPerMinute: 10_000,
    loginPerAccountPerMinute: 10_000,
    captchaPerMinute: 10_000,
  },
};

function deepMerge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] =
      value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object'
        ? deepMerge(current as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return out;
}

export function testConfig(
  overrides: Omit<TestAppOverrides, 'storage' | 'seed' | 'logger'> = {},
  dataDir?: string,
): AppConfig {
  const dir = dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'organiser-api-data-'));
  const server = parseServerSettings({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    CAPTCHA_TEST_CODE: TEST_CAPTCHA_CODE,
    LOG_LEVEL: 'silent',
    // the tests run each background job with a clock of their own: none starts behind their back
    JOBS: 'false',
    // No console build in tests unless a test points CONSOLE_DIST at one.
    CONSOLE_DIST: path.join(dir, 'no-console'),
    ...overrides.env,
  });
  return {
    deployment: parseDeploymentConfig(deepMerge(TEST_DEPLOYMENT, overrides.config ?? {})),
    server: { ...server, passwordHash: TEST_ARGON2, ...overrides.server },
  };
}

export async function createTestApp(overrides: TestAppOverrides = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'organiser-api-data-'));
  const config = testConfig(overrides, dataDir);
  const { handle, drop } = await openFromTemplate(inject('dbTemplate'), {
    statementTimeoutMs: overrides.statementTimeoutMs,
  });
  await handle.migrate();
  const app = await buildApp({
    config,
    db: handle.db,
    storage: overrides.storage,
    logger: overrides.logger ?? false,
    seed: overrides.seed ?? { demoAccounts: true, demoData: false },
    extraModules: [fixtureFiles, ...(overrides.extraModules ?? [])],
  });
  await app.ready();
  let closed = false;
  return {
    app,
    db: handle.db,
    handle,
    config,
    dataDir,
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new captcha token (its answer is TEST_CAPTCHA_CODE in tests). */
export async function captchaToken(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/user/captcha' });
  return res.json().content.token as string;
}

/** Tries to sign in (JSON body) with a fresh captcha; returns the raw response. */
export async function tryLogin(
  app: FastifyInstance,
  account: string,
  password: string,
  extra: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const token = await captchaToken(app);
  return app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { account, password, checkCode: TEST_CAPTCHA_CODE, token, ...extra },
  });
}

/** Signs in and returns the session token (for the X-Token header); throws with the refusal otherwise. */
export async function login(
  app: FastifyInstance,
  account: string = ADMIN.account,
  password: string = ADMIN.password,
): Promise<string> {
  const res = await tryLogin(app, account, password);
  const body = res.json();
  if (!body.success) throw new Error(`login ${account} failed: ${res.statusCode} ${JSON.stringify(body)}`);
  return body.content.token as string;
}

/** Builds a multipart body (fields in order; files as { filename, type, data }). */
export async function multipart(
  parts: Record<string, string | { filename: string; type: string; data: Buffer | Uint8Array }>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type }), value.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/** Uploads a file through POST /api/oss/upload as the token's account; answers the stored key. */
export async function uploadFile(
  app: FastifyInstance,
  token: string,
  file: { filename: string; type: string; data: Buffer },
  kind: string,
): Promise<string> {
  const form = await multipart({ kind, file });
  const res = await app.inject({
    method: 'POST',
    url: '/api/oss/upload',
    payload: form.payload,
    headers: { ...form.headers, 'x-token': token },
  });
  return res.json().content as string;
}

/**
 * The Redis server the tests that need one use (TEST_REDIS_URL, default redis://127.0.0.1:6379), and whether it
 * answers: those tests skip, saying so, where none runs.
 */
export async function testRedis(): Promise<{ url: string; isReachable: boolean }> {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const { hostname, port } = new URL(url);
  const isReachable = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500);
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
  return { url, isReachable };
}

/** A schema of the OpenAPI document with a `$ref` to a named component followed (shared schemas are named once
 * under `components.schemas`). */
// biome-ignore lint/suspicious/noExplicitAny: parts of a JSON document of any shape.
export function openApiSchema(doc: any, schema: any): any {
  const ref: unknown = schema?.$ref;
  if (typeof ref !== 'string') return schema;
  return doc.components.schemas[ref.replace('#/components/schemas/', '')];
}
