import { sql } from 'drizzle-orm';
import { rowsOf } from './rows';

// A list's keyword (ILIKE '%…%' on the search expression, through its trigram index) is estimated by PostgreSQL from
// the expression's histogram: the share of its entries that contain the keyword. With the default statistics
// target of 100 that share moves in steps of 1 %: a phrase in one row of a thousand that happens to sit in one or two
// entries is taken for 1–2 % of the table, and the planner then reads the whole table with the ILIKE on every row
// (about 200 ms at 300,000 rows) instead of the index (about 3 ms). It depended on the sample each ANALYZE drew. At
// a target of 1,000 the steps are 0.1 %, so a rare phrase is estimated as rare. The cost is a larger sample for
// ANALYZE on the tables that have a search (300,000 rows at most).

/** Statistics target of each search expression (column 1 of its `…_search_trgm_idx`). */
export const SEARCH_STATISTICS_TARGET = 1000;

/** Rows above which a table whose target was just raised is analysed at once (below, its statistics hardly matter
 * and autovacuum will analyse it when it grows). */
const ANALYSE_FROM_ROWS = 10_000;

type Executor = { execute: (query: ReturnType<typeof sql>) => Promise<unknown> };

/**
 * Gives every search expression's index the statistics target, after the migrations (so an entity added later gets
 * it too), and analyses the big tables whose target it raised. Answers the indexes it changed.
 */
export async function settleSearchStatistics(db: Executor): Promise<string[]> {
  const indexes = rowsOf<{ index: string; table: string; rows: number }>(
    await db.execute(sql`select i.indexrelid::regclass::text as index, i.indrelid::regclass::text as table,
        t.reltuples::float8 as rows
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_class t on t.oid = i.indrelid
      join pg_attribute a on a.attrelid = i.indexrelid and a.attnum = 1
      where c.relname ~ '_search_trgm_idx$'
        and coalesce(a.attstattarget::int, -1) <> ${SEARCH_STATISTICS_TARGET}
        and pg_catalog.pg_table_is_visible(c.oid)
      order by 1`),
  );
  for (const { index, table, rows } of indexes) {
    // names as the catalog spells them (regclass quotes what needs quoting); the target is a constant
    await db.execute(
      sql.raw(`alter index ${index} alter column 1 set statistics ${SEARCH_STATISTICS_TARGET}`),
    );
    if (rows > ANALYSE_FROM_ROWS) await db.execute(sql.raw(`analyze ${table}`));
  }
  return indexes.map((i) => i.index);
}
