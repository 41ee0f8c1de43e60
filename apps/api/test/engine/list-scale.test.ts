import { parseListQuery } from '@organiser/domain';
import { and, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateShared } from '../../src/access/auth-cache';
import * as schema from '../../src/db/schema';
import { createEngine } from '../../src/engine';
import {
  COUNT_CAP,
  listOrder,
  pageConditions,
  REMEMBER_COUNT_FROM,
  runList,
} from '../../src/engine/read/list';
import { type Call, client, createEngineApp } from './setup';

// The list's performance rules as behaviour and plan checks (no timings): above the cap the total is an
// estimate, selective filters count exactly, deep pages are served and bounded, the list and the keyword use
// their indexes.

const ROWS = 30_000;
let t: Awaited<ReturnType<typeof createEngineApp>>;
let call: (c: Call) => ReturnType<ReturnType<typeof client>>;
const entity = createEngine({ fieldPolicy: {} }).get('banner')!;

beforeAll(async () => {
  t = await createEngineApp();
  call = client(t.app, t.token);
  await t.db.execute(sql`insert into banner_position (code, en_name, zh_name) values ('top', 'Top', '顶部')`);
  await t.db.execute(sql`
    insert into banner (title, position_id, cover_img, sort_no, status, display_status, remark, created_at)
    select case when i % 1000 = 7 then '可持续面料专场 Sustainable fabrics ' || i else '春季广交会采购周 Spring fair ' || i end,
           1, 'demo/a.png', i % 1000,
           case when i % 100 = 0 then 'disabled' else 'enabled' end,
           case when i % 2 = 0 then 'online' else 'offline' end,
           case when i % 3 = 0 then '首页轮播 ' || i end,
           now() - make_interval(secs => i)
    from generate_series(1, ${ROWS}::int) i`);
  await t.db.execute(sql`analyze banner`);
});
afterAll(() => t?.close());

const list = async (query: string) => (await call({ method: 'GET', url: `/api/banner/list?${query}` })).body;

async function plan(query: Record<string, string>): Promise<string> {
  const parsed = parseListQuery(entity.def, query);
  if (!parsed.ok) throw new Error(parsed.param);
  const { conditions } = await pageConditions(t.db, entity, parsed.query);
  const select = t.db
    .select()
    .from(entity.table)
    .where(and(...conditions))
    .orderBy(...listOrder(entity, parsed.query))
    .limit(20);
  const result = (await t.db.execute(sql`explain ${select}`)) as unknown as {
    rows: Record<string, string>[];
  };
  return result.rows.map((r) => Object.values(r)[0]).join('\n');
}

/** The plan of the page statement the list runs for `query` itself (its total counted in it, its label joins),
 * captured through a logging Drizzle over the test database's own client. */
async function pagePlan(query: Record<string, string>): Promise<string> {
  const parsed = parseListQuery(entity.def, query);
  if (!parsed.ok) throw new Error(parsed.param);
  const statements: { text: string; params: unknown[] }[] = [];
  const logger = { logQuery: (text: string, params: unknown[]) => statements.push({ text, params }) };
  const own = (
    t.db as unknown as { $client: { query: (text: string, params: unknown[]) => Promise<unknown> } }
  ).$client;
  const isPool = 'totalCount' in own;
  const logged = isPool
    ? (await import('drizzle-orm/node-postgres')).drizzle({ client: own as never, schema, logger })
    : (await import('drizzle-orm/pglite')).drizzle({ client: own as never, schema, logger });
  await runList(logged as never, entity, parsed.query, 'live', createEngine({ fieldPolicy: {} }));
  const page = statements.find((s) => /\border by\b/i.test(s.text) && /\blimit\b/i.test(s.text));
  if (!page) throw new Error('no page statement');
  const result = (await own.query(`explain ${page.text}`, page.params)) as { rows: Record<string, string>[] };
  return result.rows.map((r) => Object.values(r)[0]).join('\n');
}

describe('lists at scale', () => {
  it('estimates the total of a big table instead of counting it', async () => {
    const body = await list('');
    expect(body.content.totalIsEstimate).toBe(true);
    expect(body.content.total).toBeGreaterThan(COUNT_CAP);
    expect(body.content.list).toHaveLength(20);
  });

  it('answers a repeated list query as the first time, and refuses a bad one each time', async () => {
    // the route keeps each parsed query (frozen) by the parameters sent: the same parameters, the same answer
    const query = 'displayStatus=online&sort=sortNo&order=desc&page=2';
    const first = await call({ method: 'GET', url: `/api/banner/list?${query}` });
    const second = await call({ method: 'GET', url: `/api/banner/list?${query}` });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    // the default sort is the definition's own object: what the route keeps is a copy
    await list('');
    await list('');
    expect(Object.isFrozen(entity.def.defaultSort)).toBe(false);
    for (let i = 0; i < 2; i++) {
      const bad = await call({ method: 'GET', url: '/api/banner/list?sort=nope' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('sort');
    }
  });

  it('counts exactly under a selective filter, and caps a broad one', async () => {
    expect((await list('status=disabled')).content).toMatchObject({
      total: ROWS / 100,
      totalIsEstimate: false,
    });
    const broad = (await list('displayStatus=online')).content;
    expect(broad.totalIsEstimate).toBe(true);
    expect(broad.total).toBeGreaterThan(COUNT_CAP);
  });

  it('serves page 500 in the default order and refuses deeper pages', async () => {
    const page = (await list('page=500')).content.list.map((r: { id: number }) => r.id);
    const expected = (await t.db.execute(
      sql`select id from banner where deleted_at is null order by sort_no, id limit 20 offset ${499 * 20}`,
    )) as unknown as { rows: { id: number }[] };
    expect(page).toEqual(expected.rows.map((r) => Number(r.id)));
    const deeper = await call({ method: 'GET', url: '/api/banner/list?page=501' });
    expect(deeper.status).toBe(400);
    expect(deeper.body.message).toContain('page');
  });

  it('finds a keyword in Chinese and in English', async () => {
    expect((await list(`keyword=${encodeURIComponent('可持续面料')}`)).content).toMatchObject({
      total: ROWS / 1000,
    });
    expect((await list('keyword=sustainable')).content).toMatchObject({ total: ROWS / 1000 });
  });

  it("gives a keyword's exact total on every page, past the last one too, and only the record's fields", async () => {
    // the page statement counts its matches itself (count(*) over ()); past the last page it has no row to carry
    // the total, which is then counted on its own
    for (const [page, rows] of [
      [1, 20],
      [2, 10],
      [3, 0],
    ] as const) {
      const body = (await list(`keyword=sustainable&page=${page}`)).content;
      expect(body, `page ${page}`).toMatchObject({ total: ROWS / 1000, totalIsEstimate: false });
      expect(body.list, `page ${page}`).toHaveLength(rows);
      for (const row of body.list) expect(Object.keys(row)).not.toContain('$total');
    }
    const pairs = (await list(`keyword=${encodeURIComponent('轮播')}&status=disabled`)).content;
    expect(pairs).toMatchObject({ total: ROWS / 300, totalIsEstimate: false });
  });

  it('reads the first page from the sort index and the keyword from the trigram index', async () => {
    expect(await plan({})).toContain('banner_sort_no_idx');
    expect(await plan({ keyword: 'Sustainable' })).toContain('banner_search_trgm_idx');
  });

  it("counts a rare keyword's matches from the trigram index, not by testing every row in the sort order", async () => {
    // the first page with its total (count(*) over ()): every match has to be read, so the page statement reads
    // them from the keyword's index and sorts them; walking the sort index would test the keyword on every row
    for (const keyword of ['Sustainable', '可持续面料']) {
      const plan = await pagePlan({ keyword });
      expect(plan, keyword).toContain('banner_search_trgm_idx');
      expect(plan, keyword).not.toContain('banner_sort_no_idx');
    }
    // a third of the rows: the limit cannot stop a walk that has to count every match either
    expect(await pagePlan({ keyword: '首页轮播' })).not.toContain('banner_sort_no_idx');
    expect((await list(`keyword=${encodeURIComponent('首页轮播')}`)).content).toMatchObject({
      total: ROWS / 3,
      totalIsEstimate: false,
    });
  });

  it('finds keywords of one and two characters, Chinese and Latin, exactly as ILIKE does', async () => {
    const exact = async (keyword: string) => {
      const result = (await t.db.execute(
        sql`select count(*)::int as n from banner where deleted_at is null
            and (coalesce(title, '') || ' ' || coalesce(remark, '')) ilike ${`%${keyword}%`}`,
      )) as unknown as { rows: { n: number }[] };
      return Number(result.rows[0]!.n);
    };
    for (const [keyword, expected] of [
      ['面料', ROWS / 1000],
      ['持', ROWS / 1000],
      ['ab', ROWS / 1000],
      ['AB', ROWS / 1000],
      ['k', 0],
      ['轮播', ROWS / 3],
    ] as const) {
      expect(await exact(keyword), keyword).toBe(expected);
      const body = await list(`keyword=${encodeURIComponent(keyword)}`);
      expect(body.success, keyword).toBe(true);
      if (expected <= COUNT_CAP) expect(body.content.total, keyword).toBe(expected);
      else expect(body.content.total, keyword).toBeGreaterThan(COUNT_CAP);
      expect(body.content.list.length, keyword).toBe(Math.min(20, expected));
      for (const row of body.content.list as { title: string; remark: string | null }[])
        expect(`${row.title} ${row.remark ?? ''}`.toLowerCase(), keyword).toContain(keyword.toLowerCase());
    }
  });

  it('looks keywords of one or two characters up in the character-pair index instead of scanning', async () => {
    expect(await plan({ keyword: '面料' })).toContain('banner_search_grams_idx');
    expect(await plan({ keyword: 'ab' })).toContain('banner_search_grams_idx');
    expect(await plan({ keyword: '持' })).toContain('banner_search_grams_idx');
  });

  it('walks the sort order for a letter most rows contain, without computing the grams of each row', async () => {
    // 'p' is in every "Spring fair" title: the first page is found within its first rows in the sort order
    const frequent = await plan({ keyword: 'p' });
    expect(frequent).toContain('banner_sort_no');
    expect(frequent).not.toContain('search_grams');
    const body = await list('keyword=p');
    expect(body.content.list).toHaveLength(20);
    for (const row of body.content.list as { title: string; remark: string | null }[])
      expect(`${row.title} ${row.remark ?? ''}`.toLowerCase()).toContain('p');
    expect(body.content.total).toBeGreaterThan(COUNT_CAP);
    // a rare character still goes through the index
    expect(await plan({ keyword: '持' })).toContain('banner_search_grams_idx');
  });

  it("remembers a big filter's count instead of reading its rows on every request, until the table is written", async () => {
    const MATCHES = 2 * REMEMBER_COUNT_FROM;
    await t.db.execute(
      sql`insert into banner_position (id, code, en_name, zh_name) values (2, 'side', 'Side', '侧栏')`,
    );
    const addRows = (n: number) =>
      t.db.execute(sql`
        insert into banner (title, position_id, cover_img, sort_no, status, display_status, created_at)
        select 'Side banner ' || i, 2, 'demo/a.png', i % 1000, 'enabled', 'online', now() from generate_series(1, ${n}::int) i`);
    const total = async () => (await list('position=2')).content;
    try {
      await addRows(MATCHES);
      expect(await total()).toMatchObject({ total: MATCHES, totalIsEstimate: false });
      // a row added behind the engine's back is not seen: the count was not run again
      await addRows(1);
      expect(await total()).toMatchObject({ total: MATCHES, totalIsEstimate: false });
      // a write through the engine forgets the table's counts: the next request counts both changes
      const [first] = (await list('position=2&size=1')).content.list as { id: number }[];
      const removed = await call({ method: 'DELETE', url: `/api/banner/${first!.id}` });
      expect(removed.status).toBe(200);
      expect(await total()).toMatchObject({ total: MATCHES, totalIsEstimate: false });
      // and so does a write announced by another node (through the shared invalidation channel)
      await addRows(3);
      expect((await total()).total).toBe(MATCHES);
      invalidateShared('list-counts:banner');
      expect((await total()).total).toBe(MATCHES + 3);
      // a small count is not kept: it costs less than remembering it
      expect((await list('status=disabled&position=1')).content.total).toBe(ROWS / 100);
      await t.db.execute(sql`
        insert into banner (title, position_id, cover_img, sort_no, status, display_status, created_at)
        values ('Small count probe', 1, 'demo/a.png', 1, 'disabled', 'online', now())`);
      expect((await list('status=disabled&position=1')).content.total).toBe(ROWS / 100 + 1);
    } finally {
      await t.db.execute(sql`delete from banner where position_id = 2 or title = 'Small count probe'`);
      invalidateShared('list-counts:banner');
    }
  });
});
