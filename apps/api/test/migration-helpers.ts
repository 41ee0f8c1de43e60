import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { type DbHandle, MIGRATIONS_FOLDER } from '../src/db/client';
import { createTemplate, dropTemplate } from './database';

// Testing one migration on data written before it: migrate a database up to the migration before (a copy of the
// migrations folder whose journal stops there), write rows, then run every migration.

/** A copy of the migrations folder whose journal stops before `tag`. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'organiser-migrations-'));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** Runs the migrations of `folder` on the handle's database, with its driver's migrator. */
async function migrateFolder(handle: DbHandle, folder: string): Promise<void> {
  if (handle.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // biome-ignore lint/suspicious/noExplicitAny: the handle's database is the driver's own
    await migrate(handle.db as any, { migrationsFolder: folder });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // biome-ignore lint/suspicious/noExplicitAny: the handle's database is the driver's own
    await migrate(handle.db as any, { migrationsFolder: folder });
  }
}

/** A test database migrated up to the migration before `tag`, given rows by `write`, then migrated to the end;
 * `close` drops it. */
export async function migratedAcross(
  tag: string,
  write: (handle: DbHandle) => Promise<void>,
): Promise<{ handle: DbHandle; close: () => Promise<void> }> {
  const { template, handle } = await createTemplate();
  const folder = migrationsBefore(tag);
  const close = async () => {
    rmSync(folder, { recursive: true, force: true });
    await handle.close();
    await dropTemplate(template);
  };
  try {
    await migrateFolder(handle, folder);
    await write(handle);
    await handle.migrate();
  } catch (error) {
    await close();
    throw error;
  }
  return { handle, close };
}
