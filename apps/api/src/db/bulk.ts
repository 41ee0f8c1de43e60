import { type SQL, sql } from 'drizzle-orm';

// Many rows in one statement with one parameter per column: `unnest($1::int[], $2::text[], …)` instead of a
// VALUES list with a parameter per cell. A batch of 500 rows of ten columns binds 10 arrays rather than 5,000
// values, which PostgreSQL parses and plans once and node-postgres serialises in a fraction of the time. The rows
// come out of unnest in the order given, so writers that sort their rows by key take their row locks in that
// order. Each array is sent as its text literal (`{1,2,NULL}`), built here in one pass: node-postgres's own
// conversion of a JavaScript array escapes every element with two regular expressions, which cost more than
// the rest of an ingestion batch's statements together.

/** A column of a bulk statement: its name and its PostgreSQL type (`int`, `text`, `date`, `timestamptz`, …). */
export type BulkColumn = readonly [name: string, type: string];

const QUOTED = /["\\]/;
const QUOTED_ALL = /["\\]/g;

/** One element of an array literal: NULL, a number or boolean as it is, anything else quoted (a moment as its ISO
 * string, an object as its JSON). */
function element(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : `"${value}"`;
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text =
    typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : JSON.stringify(value);
  return QUOTED.test(text) ? `"${text.replace(QUOTED_ALL, '\\$&')}"` : `"${text}"`;
}

/** The text literal of a one-dimensional PostgreSQL array (`{…}`) holding `values`. */
export function arrayLiteral(values: readonly unknown[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) out += (i > 0 ? ',' : '') + element(values[i]);
  return `${out}}`;
}

/** The array literal of column `column` of the rows. */
function columnLiteral(rows: readonly (readonly unknown[])[], column: number): string {
  let out = '{';
  for (let i = 0; i < rows.length; i++) out += (i > 0 ? ',' : '') + element(rows[i]![column]);
  return `${out}}`;
}

/** One array parameter per column, each cast to its type's array. */
export function arrays(columns: readonly BulkColumn[], rows: readonly (readonly unknown[])[]): SQL {
  return sql.join(
    columns.map(([, type], i) => sql`${sql.param(columnLiteral(rows, i))}::${sql.raw(type)}[]`),
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
export const intArray = (ids: readonly number[]): SQL => sql`${sql.param(arrayLiteral(ids))}::int[]`;
