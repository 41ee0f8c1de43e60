import { type EntityDef, isSecretField } from '@organiser/domain';
import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { deriveTable } from '../../db/entity-tables';

// Event entities (`defineEvent`): append-only tables without history, partitioned by month of `created_at`
// so old months can be detached or dropped whole and a month's queries read one partition. drizzle-kit cannot
// generate PARTITION BY, so the DDL comes from here (written into a migration by hand), and the write path
// makes sure the partition of the current month exists before it inserts. A default partition takes any row
// whose month has no partition yet, so an insert never fails for want of one.

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

const literal = (value: unknown): string => {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return 'null';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replace(/'/g, "''")}'`;
};

/**
 * The DDL of an event entity's table: the columns the engine derives for the definition (declared fields, then
 * version, who and when), `id` from a sequence of its own, a primary key of (id, created_at) — PostgreSQL needs
 * the partition key in every unique index of a partitioned table — `PARTITION BY RANGE (created_at)`, an index
 * for the list's default order, and the default partition. Statements in order; each can be run again.
 */
export function eventTableDdl(def: EntityDef): string[] {
  if (def.shape !== 'event') throw new Error(`${def.name} is not an event entity`);
  const config = getTableConfig(deriveTable(def));
  const table = quote(def.table);
  const sequence = `${def.table}_id_seq`;
  const columns: string[] = [];
  for (const column of config.columns) {
    if (column.name === 'id') {
      columns.push(`"id" integer NOT NULL DEFAULT nextval(${literal(sequence)})`);
      continue;
    }
    if (column.generated)
      throw new Error(`${def.name}.${column.name}: event tables have no generated columns`);
    let line = `${quote(column.name)} ${column.getSQLType()}`;
    if (column.notNull) line += ' NOT NULL';
    if (column.name === 'created_at' || column.name === 'updated_at') line += ' DEFAULT now()';
    else if (column.hasDefault && column.default !== undefined) line += ` DEFAULT ${literal(column.default)}`;
    columns.push(line);
  }
  const secrets = Object.entries(def.fields).filter(([, f]) => isSecretField(f));
  if (secrets.length) throw new Error(`${def.name}: event tables hold no secrets`);
  return [
    `CREATE SEQUENCE IF NOT EXISTS ${quote(sequence)} AS integer`,
    `CREATE TABLE IF NOT EXISTS ${table} (\n  ${[...columns, 'PRIMARY KEY ("id", "created_at")'].join(',\n  ')}\n) PARTITION BY RANGE ("created_at")`,
    `ALTER SEQUENCE ${quote(sequence)} OWNED BY ${table}."id"`,
    `CREATE INDEX IF NOT EXISTS ${quote(`${def.table}_created_at_idx`)} ON ${table} ("created_at", "id")`,
    `CREATE TABLE IF NOT EXISTS ${quote(`${def.table}_default`)} PARTITION OF ${table} DEFAULT`,
  ];
}

/** The partition of the month holding `at` (UTC): its name and bounds, `<table>_pYYYYMM`. */
export function monthPartition(table: string, at: Date): { name: string; from: string; to: string } {
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth();
  const from = new Date(Date.UTC(year, month, 1)).toISOString();
  const to = new Date(Date.UTC(year, month + 1, 1)).toISOString();
  return { name: `${table}_p${year}${String(month + 1).padStart(2, '0')}`, from, to };
}

/** Per database, where each month's rows known so far go (its partition, or the default partition when that
 * holds rows of the month already), so each month costs one statement per server. */
const known = new WeakMap<object, Map<string, string>>();

/**
 * Makes sure the partition of `at`'s month of the event table exists (call it before an insert; cached per
 * database and month). Two servers or requests creating the same partition at once is fine: the loser finds it
 * exists. `database` names the database for the cache where `db` is a transaction (a new object each time, which
 * would find nothing cached): the engine, or anything else that lives as long as the database handle.
 * When rows of that month already sit in the default partition, PostgreSQL refuses to create it; the rows
 * stay in the default partition (still read and counted) and the next month gets its own.
 */
export async function ensureMonthPartition(
  db: Db,
  def: EntityDef,
  at: Date = new Date(),
  database: object = db,
): Promise<string> {
  const { name, from, to } = monthPartition(def.table, at);
  let cache = known.get(database);
  if (!cache) {
    cache = new Map();
    known.set(database, cache);
  }
  const found = cache.get(name);
  if (found) return found;
  try {
    // in a savepoint of the caller's transaction (or a transaction of its own): a refusal below leaves the
    // caller's transaction usable
    await db.transaction((sp) =>
      sp.execute(
        sql.raw(
          `CREATE TABLE IF NOT EXISTS ${quote(name)} PARTITION OF ${quote(def.table)} FOR VALUES FROM (${literal(from)}) TO (${literal(to)})`,
        ),
      ),
    );
  } catch (error) {
    const code = codeOf(error);
    // 42P07 (or 23505 on the type's name): created by another transaction in between; 23514: the default
    // partition holds rows of that month.
    if (code !== '42P07' && code !== '23505' && code !== '23514') throw error;
    if (code === '23514') {
      // remembered too: asking again would lock the default partition against every writer each time
      cache.set(name, `${def.table}_default`);
      return `${def.table}_default`;
    }
  }
  cache.set(name, name);
  return name;
}

function codeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let i = 0; i < 3 && current; i++) {
    const e = current as { code?: string; cause?: unknown };
    if (typeof e.code === 'string') return e.code;
    current = e.cause;
  }
  return undefined;
}

/** Creates an event table from its DDL (a migration does the same with the statements written out). */
export async function createEventTable(db: Db, def: EntityDef): Promise<void> {
  for (const statement of eventTableDdl(def)) await db.execute(sql.raw(statement));
}
