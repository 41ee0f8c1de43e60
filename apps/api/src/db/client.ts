import { mkdirSync } from 'node:fs';
import v8 from 'node:v8';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { AppError } from '../errors';
import { MIGRATIONS_FOLDER } from '../paths';
import * as schema from './schema';
import { settleSearchStatistics } from './search-statistics';
import { statementSignal } from './statement-signal';

/** The database as every module sees it: the same Drizzle API over PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DbKind = 'pglite' | 'postgres';

/**
 * The embedded database is PostgreSQL compiled to WebAssembly. V8 runs it with its baseline compiler first and
 * recompiles a function with its optimising compiler once that function has run enough; with V8's default budget,
 * opening the database, migrating and the start-up checks already send hundreds of functions (one of them very
 * large) to the optimising compiler: about 0.7 s of CPU beside the start and several hundred MB for a moment. Ten
 * times the budget leaves that to the functions a running server keeps using (list throughput after a few seconds
 * of load is unchanged; the start is about 0.2 s shorter). Set before the module is compiled; a value given on
 * Node's command line wins.
 */
const WASM_TIERING_BUDGET = 130_000_000;
let isTieringSet = false;
function delayWasmTierUp(): void {
  if (isTieringSet) return;
  isTieringSet = true;
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  if (given.some((arg) => arg.startsWith('--wasm-tiering-budget'))) return;
  v8.setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
}

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

/** shared_buffers of the embedded database. */
export const PGLITE_SHARED_BUFFERS = '16MB';

/** Arbitrary constant naming the start-up advisory lock on a PostgreSQL server. */
const STARTUP_LOCK_KEY = 7_240_514;

/** Default for `statementTimeoutMs`: no list, export or report statement should run longer. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;

export type OpenOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Every statement is stopped by the server after this long (0: never); the request gets `queryTimeout`.
       * Waiting for a free pooled connection is bounded by the same time. */
      statementTimeoutMs?: number;
    }
  /** `dataDir` omitted = in memory. `loadDataDir` starts from a tarball made by `dumpDataDir`. */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: OpenOptions): Promise<DbHandle> {
  // Each driver is loaded only when it is used: a server on PostgreSQL never loads the embedded database's code,
  // and the embedded one never loads node-postgres (a few MB of resident memory each).
  if (options.kind === 'postgres') {
    const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const timeout = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      ...(timeout > 0 ? { statement_timeout: timeout, connectionTimeoutMillis: timeout } : {}),
    });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    makeCancellable(pg, pool);
    const db = drizzleNodePg({ client: pool, schema });
    let ended: Promise<void> | null = null;
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        await migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
        await settleSearchStatistics(db);
      },
      exclusive: async (fn) => {
        const client = await pool.connect();
        try {
          // Waiting for another node's start (its migrations and seeds) may take longer than any statement
          // should: the wait itself is not held to the statement timeout.
          await client.query('set statement_timeout = 0');
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          await client.query('reset statement_timeout');
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
  delayWasmTierUp();
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all(
    [
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ],
  );
  const client = await PGlite.create({
    dataDir: options.dataDir,
    extensions: { pg_trgm },
    loadDataDir: options.loadDataDir,
    // PostgreSQL's 128 MB of shared buffers live in the process's WebAssembly memory: 16 MB hold this
    // application's working set (about 100 MB less resident memory, start-up and the test suite as fast).
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await settleSearchStatistics(db);
    },
    exclusive: (fn) => fn(),
    close: async () => {
      if (!client.closed) await client.close();
    },
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/** PostgreSQL's SQLSTATE for a statement stopped by statement_timeout or a cancel request. */
const QUERY_CANCELED = '57014';

function isTimeout(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === QUERY_CANCELED || /timeout exceeded when trying to connect/.test(e?.message ?? '');
}

/**
 * `pool.query` (what Drizzle calls outside transactions) runs each statement on a client of its own while
 * the request it serves is open: when the request's signal aborts, a cancel request for that backend goes
 * to the server, which stops the statement. A statement stopped by the timeout becomes `queryTimeout`.
 */
function makeCancellable(driver: typeof pg, pool: pg.Pool): void {
  const plain = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const translate = (error: unknown, signal?: AbortSignal): unknown =>
    isTimeout(error) && !signal?.aborted ? new AppError('queryTimeout') : error;
  const query = async (...args: unknown[]): Promise<unknown> => {
    const signal = statementSignal.getStore();
    if (!signal) return plain(...args).catch((error) => Promise.reject(translate(error)));
    if (signal.aborted) throw new Error('the request was closed before the statement started');
    const client = await pool.connect().catch((error) => Promise.reject(translate(error, signal)));
    let cancelled = false;
    const cancel = () => {
      cancelled = true;
      sendCancelRequest(driver, pool, client);
    };
    signal.addEventListener('abort', cancel, { once: true });
    try {
      return await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
    } catch (error) {
      throw translate(error, signal);
    } finally {
      signal.removeEventListener('abort', cancel);
      // A cancel request travels on its own connection and may land after the statement ended: the connection
      // is closed rather than reused, so it can never stop another request's statement.
      client.release(cancelled);
    }
  };
  pool.query = ((...args: unknown[]) =>
    // Callback-style calls (none in this code base) keep the driver's own path.
    typeof args[args.length - 1] === 'function' ? plain(...args) : query(...args)) as typeof pool.query;
}

type CancelConnection = {
  on(event: 'connect' | 'error', listener: () => void): void;
  connect(port: number | string, host?: string): void;
  cancel(processID: number, secretKey: number): void;
  end(): void;
};

/** PostgreSQL's cancel request for the backend of `client`: a new connection that sends the backend's key. */
function sendCancelRequest(driver: typeof pg, pool: pg.Pool, client: pg.PoolClient): void {
  const { processID, secretKey } = client as unknown as {
    processID: number | null;
    secretKey: number | null;
  };
  if (processID === null || secretKey === null) return;
  // Host and port as the pool's clients resolve them (connection string, PG* variables, defaults).
  const { host, port } = new driver.Client(pool.options) as unknown as { host: string; port: number };
  const connection = new (driver as unknown as { Connection: new () => CancelConnection }).Connection();
  connection.on('error', () => {});
  connection.on('connect', () => connection.cancel(processID, secretKey));
  if (host?.startsWith('/')) connection.connect(`${host}/.s.PGSQL.${port}`);
  else connection.connect(port, host);
}

/** `select 1`: does the database answer? */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
