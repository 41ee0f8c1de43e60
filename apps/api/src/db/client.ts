import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../paths';
import * as schema from './schema';

/** The database as every module sees it: the same Drizzle API over PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DbKind = 'pglite' | 'postgres';

export { MIGRATIONS_FOLDER };

export type DbHandle = {
  db: Db;
  kind: DbKind;
  /** Applies the committed SQL migrations (src/db/migrations). */
  migrate: () => Promise<void>;
  /** Runs `fn` while no other API node runs its start-up (migrate, permission sync, seed) on the same database. */
  exclusive: <T>(fn: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
  /** PGlite only: the data folder as a tarball (test templates, backups). */
  dumpDataDir?: () => Promise<Blob>;
};

/** Arbitrary constant naming the start-up advisory lock on a PostgreSQL server. */
const STARTUP_LOCK_KEY = 7_240_514;

export type OpenOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `dataDir` omitted = in memory. `loadDataDir` starts from a tarball made by `dumpDataDir`. */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: OpenOptions): Promise<DbHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzleNodePg({ client: pool, schema });
    let ended: Promise<void> | null = null;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      exclusive: async (fn) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
          client.release();
        }
      },
      close: () => {
        ended ??= pool.end();
        return ended;
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    extensions: { pg_trgm },
    loadDataDir: options.loadDataDir,
  });
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    exclusive: (fn) => fn(),
    close: async () => {
      if (!client.closed) await client.close();
    },
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/** `select 1`: does the database answer? */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
