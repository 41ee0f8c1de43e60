import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_STATISTICS_TARGET, settleSearchStatistics } from '../src/db/search-statistics';
import { createTestApp, type TestApp } from './helpers';

// A rare keyword must be estimated as rare, or the planner reads the whole table instead of the trigram index: the
// search expression's histogram is kept at a finer grain than PostgreSQL's default (search-statistics.ts).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const targets = async () =>
  (
    (await t.db.execute(sql`select c.relname as index, coalesce(a.attstattarget::int, -1) as target
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_attribute a on a.attrelid = i.indexrelid and a.attnum = 1
      where c.relname ~ '_search_trgm_idx$'
      order by 1`)) as unknown as { rows: { index: string; target: number }[] }
  ).rows;

describe('search statistics', () => {
  it('gives every search expression its statistics target once migrated', async () => {
    const found = await targets();
    expect(found.map((r) => r.index)).toContain('banner_search_trgm_idx');
    expect(found.length).toBeGreaterThan(10);
    expect(found.filter((r) => r.target !== SEARCH_STATISTICS_TARGET)).toEqual([]);
  });

  it('sets it again where it is missing, and leaves the others', async () => {
    await t.db.execute(sql.raw('alter index product_search_trgm_idx alter column 1 set statistics -1'));
    expect((await targets()).find((r) => r.index === 'product_search_trgm_idx')?.target).toBe(-1);
    expect(await settleSearchStatistics(t.db)).toEqual(['product_search_trgm_idx']);
    expect((await targets()).find((r) => r.index === 'product_search_trgm_idx')?.target).toBe(
      SEARCH_STATISTICS_TARGET,
    );
    expect(await settleSearchStatistics(t.db)).toEqual([]);
  });
});
