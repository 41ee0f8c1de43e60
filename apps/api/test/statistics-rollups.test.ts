import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTables } from '../src/db/schema/entities';
import { createEngine } from '../src/engine';
import { ingestEvents } from '../src/modules/behaviour/ingest';
import { rebuildRollups } from '../src/modules/statistics/rebuild';
import { dayIn } from '../src/modules/statistics/rollups';
import { client, companyBody, okClient } from './engine/setup';
import { createTestApp, login, type TestApp } from './helpers';
import { aggregate, type RollupEvent } from './rollup-oracle';
import { seededRandom } from './seeded-random';

// The statistics rollups follow the stored events by increments; a property test over seeded, generated
// events (with retried batches, across the UTC month boundary that splits the event partitions and across the
// Asia/Shanghai day boundary) checks that they equal a direct aggregation of the same events, and that a
// rebuild from the events leaves them equal.

const TZ = 'Asia/Shanghai';
const TYPES = [
  'view_company',
  'view_product',
  'collect',
  'uncollect',
  'share',
  'search',
  'download',
  'exchange_contacts',
  'request_price',
  'post_lead',
  'login',
] as const;
const KEYWORDS = ['LED Panel', 'led panel', '离心泵', 'Valve', 'valve'];

const TABLES: Record<string, string> = {
  company: 'stat_company_day order by company_id, day',
  visitors: 'stat_company_visitor order by company_id, day, user_id',
  product: 'stat_product_day order by product_id, day',
  user: 'stat_user_day order by user_id, day',
  userCompany: 'stat_user_company_day order by user_id, company_id, day',
  userProduct: 'stat_user_product_day order by user_id, product_id, day',
  keyword: 'stat_keyword_day order by day, keyword, language',
  keywordUsers: 'stat_keyword_user order by day, keyword, language, user_id',
};

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

describe('statistics rollups', () => {
  let t: TestApp;
  const buyers: number[] = [];
  const companyIds: number[] = [];
  const products: { id: number; companyId: number }[] = [];

  async function snapshot() {
    const out: Record<string, Record<string, unknown>[]> = {};
    for (const [name, from] of Object.entries(TABLES)) {
      const res = (await t.db.execute(sql.raw(`select * from ${from}`))) as unknown as {
        rows: Record<string, unknown>[];
      };
      out[name] = res.rows.map((r) =>
        Object.fromEntries(
          Object.entries(r).map(([k, v]) => [
            camel(k),
            k === 'day'
              ? String(v).slice(0, 10)
              : Number.isNaN(Number(v))
                ? v
                : typeof v === 'string' && k !== 'keyword' && k !== 'language'
                  ? Number(v)
                  : v,
          ]),
        ),
      );
    }
    return out;
  }

  /** The direct aggregation in the tables' own order. */
  function expected(events: RollupEvent[]) {
    const owners = new Map(products.map((p) => [p.id, p.companyId] as [number, number | null]));
    const a = aggregate(events, TZ, owners);
    const visitors = a.visitors.sorted().map((r) => r.values);
    const unique = new Map<string, number>();
    for (const v of visitors)
      unique.set(`${v.companyId}|${v.day}`, (unique.get(`${v.companyId}|${v.day}`) ?? 0) + 1);
    const rows = (
      acc: typeof a.company,
      extra?: (v: Record<string, string | number>) => Record<string, number>,
    ) => acc.sorted().map((r) => ({ ...r.values, ...r.counts, ...(extra ? extra(r.values) : {}) }));
    const order = (list: Record<string, unknown>[], keys: string[]) =>
      [...list].sort((x, y) => {
        for (const k of keys) if (x[k] !== y[k]) return (x[k] as never) < (y[k] as never) ? -1 : 1;
        return 0;
      });
    return {
      company: order(
        rows(a.company, (v) => ({ uniqueVisitors: unique.get(`${v.companyId}|${v.day}`) ?? 0 })),
        ['companyId', 'day'],
      ),
      visitors,
      product: order(rows(a.product), ['productId', 'day']),
      user: order(rows(a.user), ['userId', 'day']),
      userCompany: order(rows(a.userCompany), ['userId', 'companyId', 'day']),
      userProduct: order(rows(a.userProduct), ['userId', 'productId', 'day']),
      keyword: order(rows(a.keyword), ['day', 'keyword', 'language']),
      keywordUsers: a.keywordUsers.sorted().map((r) => r.values),
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    const ok = okClient(client(t.app, await login(t.app)));
    const users = entityTables.user_manager!;
    for (let i = 0; i < 4; i++) {
      const [u] = await t.db
        .insert(users)
        .values({ account: `rollbuyer${i}`, type: 'buyer' } as never)
        .returning({ id: users.id });
      buyers.push(u!.id as number);
    }
    for (let i = 0; i < 3; i++) {
      const id = (await ok({ method: 'POST', url: '/api/company', body: companyBody(`rollup${i}`) }))
        .id as number;
      companyIds.push(id);
      for (let j = 0; j < 2; j++) {
        const [p] = await t.db
          .insert(entityTables.product!)
          .values({ name: `Rolled ${i}-${j}`, companyId: id, kind: 'device' } as never)
          .returning({ id: entityTables.product!.id });
        products.push({ id: p!.id as number, companyId: id });
      }
    }
  });
  afterAll(() => t?.close());

  it('counts a day in the deployment time zone', () => {
    expect(dayIn(TZ, '2026-10-31T15:59:59Z')).toBe('2026-10-31');
    expect(dayIn(TZ, '2026-10-31T16:00:00Z')).toBe('2026-11-01');
    expect(dayIn('UTC', '2026-10-31T16:00:00Z')).toBe('2026-10-31');
  });

  it('equal a direct aggregation of generated events, also after a rebuild', async () => {
    const rnd = seededRandom(20261128);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
    // 30 hours from 2026-10-31 08:00 UTC: the Shanghai day turns at 16:00 UTC, the UTC month at 00:00.
    const start = Date.parse('2026-10-31T08:00:00Z');
    const generated: Record<string, unknown>[] = [];
    for (let i = 0; i < 600; i++) {
      const type = pick(TYPES);
      const event: Record<string, unknown> = {
        eventId: `g${i}`,
        type,
        occurredAt: new Date(start + Math.floor(rnd() * 30 * 3_600_000)).toISOString(),
        userId: rnd() < 0.15 ? null : pick(buyers),
      };
      const product = pick(products);
      const onProduct =
        type === 'view_product' || (type !== 'view_company' && type !== 'exchange_contacts' && rnd() < 0.5);
      if (type === 'search') {
        event.keyword = pick(KEYWORDS);
        event.lang = rnd() < 0.2 ? null : pick(['en', 'zh']);
        event.resultsCount = Math.floor(rnd() * 3);
      } else if (type === 'login' || type === 'post_lead') {
        // about nothing
      } else if (onProduct) {
        event.productId = product.id;
        if (rnd() < 0.3) event.companyId = product.companyId;
      } else if (type !== 'download' || rnd() < 0.7) event.companyId = pick(companyIds);
      if (type === 'view_company' || type === 'view_product') event.duration = Math.floor(rnd() * 300);
      generated.push(event);
    }
    const engine = createEngine({ fieldPolicy: {} });
    const ctx = (db: typeof t.db) => ({
      db,
      engine,
      lang: 'en' as const,
      now: new Date('2026-11-28T00:00:00Z'),
      timeZone: TZ,
    });
    let accepted = 0;
    for (let i = 0; i < generated.length; i += 100) {
      // each batch is sent twice and overlaps the previous one: only new events move the rollups
      const batch = generated.slice(Math.max(0, i - 20), i + 100);
      for (let n = 0; n < 2; n++) {
        const r = await t.db.transaction((tx) => ingestEvents(ctx(tx), batch));
        expect(r.rejected).toEqual([]);
        accepted += r.accepted;
      }
    }
    expect(accepted).toBe(generated.length);
    const want = expected(generated as RollupEvent[]);
    // both sides of both boundaries are present
    const days = new Set(want.company.map((r) => r.day));
    expect([...days].sort()).toEqual(['2026-10-31', '2026-11-01']);
    const months = new Set(generated.map((e) => String(e.occurredAt).slice(0, 7)));
    expect([...months].sort()).toEqual(['2026-10', '2026-11']);
    expect(want.keyword.some((r) => r.keyword === 'led panel' && (r.searches as number) > 1)).toBe(true);
    expect(want.keywordUsers.length).toBeGreaterThan(0);

    const live = await snapshot();
    expect(live).toEqual(want);

    // a rebuild of the whole range, and of the one day across the month boundary, changes nothing
    await rebuildRollups(t.db, { from: '2026-10-30', to: '2026-11-03', timeZone: TZ });
    expect(await snapshot()).toEqual(want);
    await t.db.execute(sql`update stat_company_day set page_views = page_views + 7 where day = '2026-11-01'`);
    await t.db.execute(sql`delete from stat_keyword_day where day = '2026-11-01'`);
    await t.db.execute(sql`delete from stat_keyword_user where day = '2026-11-01'`);
    const result = await rebuildRollups(t.db, { from: '2026-11-01', to: '2026-11-01', timeZone: TZ });
    expect(result.companyDays).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(want);
  });
});
