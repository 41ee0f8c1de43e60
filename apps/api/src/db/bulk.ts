import { type SQL, sql } from 'drizzle-orm';

// Many rows in one statement with one parameter per column: `unnest($1::int[], $2::text[], …)` instead of a
// VALUES list with a parameter per cell. A batch of 500 rows of ten columns binds 10 arrays rather than 5,000
// values, which PostgreSQL parses and plans once and node-postgres serialises in a fraction of the time. The rows
// come out of unnest in the order given, so writers that sort their rows by key take their row locks in that
// order.

/** A column of a bulk statement: its name and its PostgreSQL type (`int`, `text`, `date`, `timestamptz`, …). */
export type BulkColumn = readonly [name: string, type: string];

/** One array parameter per column, each cast to its type's array. */
export function arrays(columns: readonly BulkColumn[], rows: readonly (readonly unknown[])[]): SQL {
  return sql.join(
    columns.map(([, type], i) => sql`${sql.param(rows.map((r) => r[i] ?? null))}::${sql.raw(type)}[]`),
    sql`, `,
  );
}

/** `select * from unnest(…) as alias(columns)`: the rows as a relation named `alias`. */
export function unnestRows(
  alias: string,
  columns: readonly BulkColumn[],
  rows: readonly (readonly unknown[])[],
): SQL {
  const names = sql.join(
    columns.map(([name]) => sql.identifier(name)),
    sql`, `,
  );
  return sql`select * from unnest(${arrays(columns, rows)}) as ${sql.identifier(alias)}(${names})`;
}

/** `insert into table (columns) select … from unnest(…)`, followed by `tail` (an ON CONFLICT or RETURNING). */
export function bulkInsert(
  table: string,
  columns: readonly BulkColumn[],
  rows: readonly (readonly unknown[])[],
  tail: SQL = sql``,
): SQL {
  const names = sql.join(
    columns.map(([name]) => sql.identifier(name)),
    sql`, `,
  );
  return sql`insert into ${sql.identifier(table)} as t (${names}) ${unnestRows('v', columns, rows)} ${tail}`;
}

/** A positive integer list as one `int[]` parameter (for `= any(…)`). */
export const intArray = (ids: readonly number[]): SQL => sql`${sql.param([...ids])}::int[]`;
