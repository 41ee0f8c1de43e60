import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { parseDeploymentConfig, parseServerSettings } from '../src/config/load';
import { openDatabase } from '../src/db/client';

// The OpenAPI document the server serves at /api/openapi.json, committed as apps/api/openapi.json so that
// every change to the API shows as a diff. `npm run openapi` writes it; test/openapi.test.ts fails when it
// is out of date. No Vitest import here: the script runs this file with tsx.

/** The committed document's place in the repository. */
export const OPENAPI_FILE = path.join(import.meta.dirname, '..', 'openapi.json');

/** Object keys in code-point order at every depth; arrays keep their order. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** The committed form: stable key order, two-space indentation, a final newline. */
export function renderOpenApi(document: unknown): string {
  return `${JSON.stringify(sortKeys(document), null, 2)}\n`;
}

/** Builds the API on an empty in-memory database and returns the document it serves. */
export async function servedOpenApi(): Promise<unknown> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'organiser-openapi-'));
  const handle = await openDatabase({ kind: 'pglite' });
  try {
    await handle.migrate();
    const app = await buildApp({
      config: {
        deployment: parseDeploymentConfig({}),
        server: parseServerSettings({
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          CONSOLE_DIST: path.join(dataDir, 'no-console'),
        }),
      },
      db: handle.db,
      logger: false,
      seed: false,
    });
    try {
      await app.ready();
      const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
      if (res.statusCode !== 200) throw new Error(`/api/openapi.json answered ${res.statusCode}`);
      return res.json();
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The document with every local `$ref` (`#/components/...`) replaced by what it names, for tests that read an
 * operation's parameters and bodies as a client sees them. */
export function inlineRefs<T>(document: T): T {
  const root = document as Record<string, unknown>;
  const target = (ref: string): unknown =>
    ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], root);
  const visit = (value: unknown, seen: readonly string[]): unknown => {
    if (Array.isArray(value)) return value.map((item) => visit(item, seen));
    if (!value || typeof value !== 'object') return value;
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/') && !seen.includes(ref))
      return visit(target(ref), [...seen, ref]);
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, visit(item, seen)]));
  };
  return visit(document, []) as T;
}
