import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DbHandle, openDatabase } from '../src/db/client';

// Test databases: a migrated, seeded template made once per run (global-setup.ts), copied for every test file.
// PGlite: the template is a data-folder tarball loaded into an in-memory PGlite (initdb per file would cost 4-7 s).
// PostgreSQL (TEST_DATABASE_URL): the template is a database; each file gets `CREATE DATABASE … TEMPLATE …`.

export type DbTemplate =
  | { kind: 'pglite'; file: string }
  | { kind: 'postgres'; adminUrl: string; database: string };

const uniqueName = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Makes an empty template database and opens it (the caller migrates and seeds, then closes it). */
export async function createTemplate(): Promise<{ template: DbTemplate; handle: DbHandle }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const database = uniqueName('organiser_tpl');
    await adminQuery(adminUrl, `CREATE DATABASE "${database}"`);
    const handle = await openDatabase({
      kind: 'postgres',
      url: databaseUrl(adminUrl, database),
      poolSize: 2,
    });
    return { template: { kind: 'postgres', adminUrl, database }, handle };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'organiser-api-tpl-'));
  const handle = await openDatabase({ kind: 'pglite' });
  return { template: { kind: 'pglite', file: path.join(dir, 'template.tar') }, handle };
}

/** Stores the template after it was migrated and seeded; closes the handle. */
export async function finishTemplate(template: DbTemplate, handle: DbHandle): Promise<void> {
  if (template.kind === 'pglite') {
    const blob = await handle.dumpDataDir!();
    writeFileSync(template.file, Buffer.from(await blob.arrayBuffer()));
  }
  await handle.close();
}

export async function dropTemplate(template: DbTemplate): Promise<void> {
  if (template.kind === 'pglite') {
    rmSync(path.dirname(template.file), { recursive: true, force: true });
    return;
  }
  await adminQuery(template.adminUrl, `DROP DATABASE IF EXISTS "${template.database}" WITH (FORCE)`);
}

/** A fresh database copied from the template; `drop` closes and removes it. */
export async function openFromTemplate(
  template: DbTemplate,
  options: { statementTimeoutMs?: number } = {},
): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  if (template.kind === 'pglite') {
    const handle = await openDatabase({
      kind: 'pglite',
      loadDataDir: new Blob([readFileSync(template.file)]),
    });
    return { handle, drop: () => handle.close() };
  }
  const database = uniqueName('organiser_test');
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(template.adminUrl, `CREATE DATABASE "${database}" TEMPLATE "${template.database}"`);
      break;
    } catch (error) {
      // Another file copying the same template at this instant: wait and retry.
      if (attempt >= 10 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 + attempt * 200));
    }
  }
  const handle = await openDatabase({
    kind: 'postgres',
    url: databaseUrl(template.adminUrl, database),
    poolSize: 4,
    statementTimeoutMs: options.statementTimeoutMs,
  });
  return {
    handle,
    drop: async () => {
      await handle.close();
      await adminQuery(template.adminUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    },
  };
}
