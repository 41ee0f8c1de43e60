import { BEHAVIOUR_TYPES } from '@organiser/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTables } from '../src/db/schema/entities';
import { createEngine } from '../src/engine';
import { drainQueue, type FoldState, foldDeltas, projectQueue } from '../src/modules/behaviour';
import { ingestEvents } from '../src/modules/behaviour/ingest';
import { rebuildRollups } from '../src/modules/statistics/rebuild';
import { client, companyBody, okClient } from './engine/setup';
import { createTestApp, login, type TestApp } from './helpers';
import { issueApiKey, openCall } from './open-helpers';
import { seededRandom } from './seeded-random';

// `statistics.projection: queued`: the ingestion stores and queues the events, and the projection job moves the
// counters, points, rollups and collect state later, many events at once. Generated events (retried and
// overlapping batches, out of order, across the Shanghai day and the UTC month) sent to a queued deployment and to
// an inline one leave every projection equal once the queue is drained in several runs; the queued call itself
// moves nothing but the events, and a retried call queues nothing.

const TZ = 'Asia/Shanghai';
/** Actions that may name a product instead of a company. */
const ON_PRODUCT = ['collect', 'uncollect', 'share', 'download', 'request_price'];

/**
 * Every projection, in a stable order. Which of a user's events of a day earn points once the daily maximum is
 * reached depends on what arrives first (the inline deployment awards in arrival order, the queue in the order of
 * a run), so the ledger is compared by user, action and day; the collect counters never go below zero at each
 * step, which also depends on the steps, and have their own property test (counter-rebuild).
 */
const PROJECTIONS = [
  'select id, share_num from company order by id',
  'select id, share_num, click_num from product order by id',
  `select id, points, level_id from user_manager where type = 'buyer' order by id`,
  `select user_id, action, award_day, count(*)::int as n, sum(points)::int as points, max(rule_version) as version
   from user_point_ledger group by user_id, action, award_day order by user_id, action, award_day`,
  'select * from stat_company_day order by company_id, day',
  'select * from stat_company_visitor order by company_id, day, user_id',
  'select * from stat_product_day order by product_id, day',
  'select * from stat_user_day order by user_id, day',
  'select * from stat_user_company_day order by user_id, company_id, day',
  'select * from stat_user_product_day order by user_id, product_id, day',
  'select * from stat_keyword_day order by day, keyword, language',
  'select * from stat_keyword_user order by day, keyword, language, user_id',
  'select * from user_collect order by user_id, target, target_id',
];

describe('queued projection of behaviour events', () => {
  const apps: Record<'inline' | 'queued', TestApp> = {} as never;
  const buyers: number[] = [];
  const companyIds: number[] = [];
  const products: { id: number; companyId: number }[] = [];

  const snapshot = async (t: TestApp) => {
    const out: unknown[] = [];
    for (const q of PROJECTIONS) {
      const res = (await t.db.execute(sql.raw(q))) as unknown as { rows: Record<string, unknown>[] };
      out.push(JSON.parse(JSON.stringify(res.rows)));
    }
    return out;
  };
  const queued = async (t: TestApp) =>
    Number(
      (
        (await t.db.execute(sql`select count(*)::int as n from behaviour_projection_queue`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    );

  /** The same people in both databases (fresh ones, so the same ids). */
  async function seed(t: TestApp) {
    const ok = okClient(client(t.app, await login(t.app)));
    const ids = { buyers: [] as number[], companies: [] as number[], products: [] as typeof products };
    for (let i = 0; i < 4; i++) {
      const [u] = await t.db
        .insert(entityTables.user_manager!)
        .values({ account: `queuebuyer${i}`, type: 'buyer' } as never)
        .returning({ id: entityTables.user_manager!.id });
      ids.buyers.push(u!.id as number);
    }
    for (let i = 0; i < 3; i++) {
      const id = (await ok({ method: 'POST', url: '/api/company', body: companyBody(`queued${i}`) }))
        .id as number;
      ids.companies.push(id);
      for (let j = 0; j < 2; j++) {
        const [p] = await t.db
          .insert(entityTables.product!)
          .values({ name: `Queued ${i}-${j}`, companyId: id, kind: 'device' } as never)
          .returning({ id: entityTables.product!.id });
        ids.products.push({ id: p!.id as number, companyId: id });
      }
    }
    return ids;
  }

  beforeAll(async () => {
    apps.inline = await createTestApp();
    apps.queued = await createTestApp({ config: { statistics: { projection: 'queued' } } });
    const a = await seed(apps.inline);
    const b = await seed(apps.queued);
    expect(b).toEqual(a);
    buyers.push(...a.buyers);
    companyIds.push(...a.companies);
    products.push(...a.products);
  });
  afterAll(async () => {
    await apps.inline?.close();
    await apps.queued?.close();
  });

  it('leaves every projection as the inline deployment does, once the queue is drained', async () => {
    const rnd = seededRandom(20261128);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
    // 30 hours from 2026-10-31 08:00 UTC: the Shanghai day turns at 16:00 UTC, the UTC month at 00:00
    const start = Date.parse('2026-10-31T08:00:00Z');
    const generated: Record<string, unknown>[] = [];
    for (let i = 0; i < 500; i++) {
      const type = pick(BEHAVIOUR_TYPES);
      const event: Record<string, unknown> = {
        eventId: `q${i}`,
        type,
        occurredAt: new Date(start + Math.floor(rnd() * 30 * 3_600_000)).toISOString(),
        userId: rnd() < 0.1 ? null : pick(buyers),
      };
      const product = pick(products);
      if (type === 'search') {
        event.keyword = pick(['LED Panel', 'led panel', '离心泵', 'Valve']);
        event.lang = pick(['en', 'zh']);
        event.resultsCount = Math.floor(rnd() * 3);
      } else if (type === 'view_product' || (ON_PRODUCT.includes(type) && rnd() < 0.5)) {
        event.productId = product.id;
      } else if (type !== 'login' && type !== 'post_lead') event.companyId = pick(companyIds);
      if (type === 'view_company' || type === 'view_product') event.duration = Math.floor(rnd() * 300);
      generated.push(event);
    }
    const engine = createEngine({ fieldPolicy: {} });
    const now = new Date('2026-11-28T00:00:00Z');
    for (const mode of ['inline', 'queued'] as const) {
      const t = apps[mode];
      let accepted = 0;
      // batches in reverse order of the list, each sent twice and overlapping the one before
      for (let i = generated.length - 100; i > -100; i -= 100) {
        const batch = generated.slice(Math.max(0, i - 20), i + 100);
        for (let n = 0; n < 2; n++) {
          const r = await t.db.transaction((tx) =>
            ingestEvents({ db: tx, engine, lang: 'en', now, timeZone: TZ, projection: mode }, batch),
          );
          expect(r.rejected).toEqual([]);
          accepted += r.accepted;
        }
      }
      expect(accepted).toBe(generated.length);
    }
    expect(await queued(apps.queued)).toBe(generated.length);
    expect(await queued(apps.inline)).toBe(0);
    const before = await snapshot(apps.queued);
    // nothing has moved yet: no rollup rows, no ledger rows
    expect(before[4]).toEqual([]);
    expect(before[3]).toEqual([]);
    // drained in runs of 120 events
    expect(await drainQueue(apps.queued.db, engine, { timeZone: TZ, now, limit: 120 })).toBe(
      generated.length,
    );
    expect(await queued(apps.queued)).toBe(0);
    const want = await snapshot(apps.inline);
    expect((want[3] as unknown[]).length).toBeGreaterThan(0);
    expect(await snapshot(apps.queued)).toEqual(want);
    // draining an empty queue changes nothing
    expect(await drainQueue(apps.queued.db, engine, { timeZone: TZ, now })).toBe(0);
    expect(await snapshot(apps.queued)).toEqual(want);
  });

  it('answers the call at once with the events stored and queued, a retry queuing nothing', async () => {
    const t = apps.queued;
    const admin = await login(t.app);
    const key = (await issueApiKey(t.app, { scopes: ['events:write'], token: admin })).key;
    const productId = products[0]!.id;
    const clicks = async () =>
      Number(
        (
          (await t.db.execute(sql`select click_num from product where id = ${productId}`)) as unknown as {
            rows: { click_num: number | null }[];
          }
        ).rows[0]!.click_num ?? 0,
      );
    const was = await clicks();
    const at = new Date(Date.now() - 60_000).toISOString();
    const events = [1, 2, 3].map((i) => ({
      eventId: `http${i}`,
      type: 'view_product',
      occurredAt: at,
      userId: buyers[0],
      productId,
    }));
    const first = await openCall(t.app, key, 'POST', '/events', { events });
    expect(first.json().content).toEqual({ accepted: 3, duplicates: 0, rejected: [] });
    expect(await queued(t)).toBe(3);
    expect(await clicks()).toBe(was);
    const again = await openCall(t.app, key, 'POST', '/events', { events });
    expect(again.json().content).toEqual({ accepted: 0, duplicates: 3, rejected: [] });
    expect(await queued(t)).toBe(3);
    await drainQueue(t.db, createEngine({ fieldPolicy: {} }), { timeZone: TZ });
    expect(await clicks()).toBe(was + 3);
  });

  it('buffers a run’s counters and points until the fold, every reader and writer in between seeing the true figures', async () => {
    const t = apps.queued;
    const engine = createEngine({ fieldPolicy: {} });
    const admin = await login(t.app);
    const ok = okClient(client(t.app, admin));
    const events = (await issueApiKey(t.app, { scopes: ['events:write'], token: admin })).key;
    const reader = (await issueApiKey(t.app, { scopes: ['users:read'], token: admin })).key;
    const buyer = buyers[1]!;
    const productId = products[1]!.id;
    const one = async <T>(q: ReturnType<typeof sql>) =>
      ((await t.db.execute(q)) as unknown as { rows: T[] }).rows[0];
    const figures = async () => ({
      clicks: Number(
        (await one<{ n: number }>(sql`select click_num as n from product where id = ${productId}`))!.n ?? 0,
      ),
      points: Number(
        (await one<{ n: number }>(sql`select points as n from user_manager where id = ${buyer}`))!.n ?? 0,
      ),
      ledger: Number(
        (await one<{ n: number }>(
          sql`select coalesce(sum(points), 0)::int as n from user_point_ledger where user_id = ${buyer}`,
        ))!.n,
      ),
      clickDelta: Number(
        (
          await one<{ n: number }>(
            sql`select click_num as n from behaviour_counter_delta where target = 'product' and target_id = ${productId}`,
          )
        )?.n ?? 0,
      ),
      pointsDelta: Number(
        (await one<{ n: number }>(sql`select points as n from user_points_delta where user_id = ${buyer}`))
          ?.n ?? 0,
      ),
    });
    const views = async (ids: string[]) => {
      const at = new Date(Date.now() - 60_000).toISOString();
      const body = ids.map((eventId) => ({
        eventId,
        type: 'view_product',
        occurredAt: at,
        userId: buyer,
        productId,
      }));
      expect(
        (await openCall(t.app, events, 'POST', '/events', { events: body })).json().content.accepted,
      ).toBe(ids.length);
    };
    await drainQueue(t.db, engine, { timeZone: TZ });
    const was = await figures();
    expect(was).toMatchObject({ clickDelta: 0, pointsDelta: 0, ledger: was.points });

    // a run without a fold: the wide rows stay, the increments wait in the delta rows
    await views(['fold1', 'fold2', 'fold3']);
    expect(await projectQueue(t.db, engine, { timeZone: TZ })).toEqual({ ran: true, projected: 3 });
    const run = await figures();
    expect(run).toMatchObject({ clicks: was.clicks, points: was.points, clickDelta: 3, pointsDelta: 3 });
    expect(run.ledger).toBe(was.ledger + 3);
    // the marketplace reads the true points meanwhile
    const level = await openCall(t.app, reader, 'GET', `/users/${buyer}/level`);
    expect(level.json().content.points).toBe(run.ledger);

    // staff adjusting the points take the delta in: the row holds the ledger's sum and no delta is left to add twice
    await ok({
      method: 'POST',
      url: `/api/user_manager/adjust_points/${buyer}`,
      body: { points: 5, reason: 'Fold' },
    });
    const adjusted = await figures();
    expect(adjusted).toMatchObject({ points: run.ledger + 5, ledger: run.ledger + 5, pointsDelta: 0 });

    // a counter rebuild counts the projected events (dropping their delta) and leaves the queued ones to the
    // queue; so does a rebuild of the rollups
    await views(['fold4', 'fold5']);
    await ok({ method: 'POST', url: '/api/behaviour/rebuild_counters', body: {} });
    const rebuilt = await figures();
    expect(rebuilt.clickDelta).toBe(0);
    expect(rebuilt.clicks).toBe(was.clicks + 3);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await rebuildRollups(t.db, { from: day(-2), to: day(2), timeZone: TZ });
    expect(await queued(t)).toBe(2);

    // the projection job's drain leaves the fold to its next look at an empty queue (or to FOLD_EVERY_MS)
    const job: FoldState = { unfolded: false, foldedAt: performance.now() };
    expect(await drainQueue(t.db, engine, { timeZone: TZ, fold: job })).toBe(2);
    expect(await figures()).toMatchObject({ clicks: was.clicks + 3, clickDelta: 2, pointsDelta: 2 });
    expect(job.unfolded).toBe(true);
    expect(await drainQueue(t.db, engine, { timeZone: TZ, fold: job })).toBe(0);
    expect(job.unfolded).toBe(false);
    const drained = await figures();
    expect(drained).toMatchObject({ clicks: was.clicks + 5, clickDelta: 0, pointsDelta: 0 });
    expect(drained.points).toBe(drained.ledger);
    expect(drained.ledger).toBe(adjusted.ledger + 2);
    const viewed = await one<{ rollup: number; events: number }>(sql`select
      (select coalesce(sum(product_views), 0)::int from stat_product_day where product_id = ${productId}) as rollup,
      (select count(*)::int from behaviour_event where product_id = ${productId} and type = 'view_product') as events`);
    expect(viewed!.rollup).toBe(viewed!.events);
  });

  it('keeps every buyer’s points the ledger’s sum while runs, folds and staff adjustments interleave', async () => {
    const t = apps.queued;
    const engine = createEngine({ fieldPolicy: {} });
    const admin = await login(t.app);
    const ok = okClient(client(t.app, admin));
    const key = (await issueApiKey(t.app, { scopes: ['events:write'], token: admin })).key;
    const rnd = seededRandom(20261206);
    const at = new Date(Date.now() - 120_000).toISOString();
    for (let b = 0; b < 4; b++) {
      const events = Array.from({ length: 40 }, (_, i) => ({
        eventId: `mix${b}-${i}`,
        type: rnd() < 0.5 ? 'view_product' : 'request_price',
        occurredAt: at,
        userId: buyers[Math.floor(rnd() * buyers.length)],
        productId: products[Math.floor(rnd() * products.length)]!.id,
      }));
      expect((await openCall(t.app, key, 'POST', '/events', { events })).json().content.rejected).toEqual([]);
    }
    const job: FoldState = { unfolded: false, foldedAt: performance.now() };
    const adjustments = Array.from({ length: 12 }, (_, i) => ({
      id: buyers[i % buyers.length]!,
      points: (i % 3) - 1 || 7,
    }));
    await Promise.all([
      (async () => {
        for (let i = 0; i < 8; i++) {
          await projectQueue(t.db, engine, { timeZone: TZ, limit: 20 });
          if (i % 2 === 1) await foldDeltas(t.db, engine);
        }
      })(),
      ...adjustments.map(({ id, points }) =>
        ok({ method: 'POST', url: `/api/user_manager/adjust_points/${id}`, body: { points, reason: 'Mix' } }),
      ),
    ]);
    await drainQueue(t.db, engine, { timeZone: TZ, fold: job });
    await drainQueue(t.db, engine, { timeZone: TZ, fold: job });
    expect(await queued(t)).toBe(0);
    for (const id of buyers) {
      const rows = (
        (await t.db.execute(
          sql`select points, balance from user_point_ledger where user_id = ${id} order by id`,
        )) as unknown as { rows: { points: number; balance: number }[] }
      ).rows;
      // each entry's balance is the sum of the entries before it and its own: no delta read late or twice
      let sum = 0;
      for (const r of rows) {
        sum += Number(r.points);
        expect(Number(r.balance)).toBe(sum);
      }
      const user = (
        (await t.db.execute(
          sql`select u.points, (select count(*)::int from user_points_delta d where d.user_id = u.id) as pending
            from user_manager u where u.id = ${id}`,
        )) as unknown as { rows: { points: number; pending: number }[] }
      ).rows[0]!;
      expect({ points: Number(user.points ?? 0), pending: user.pending }).toEqual({
        points: sum,
        pending: 0,
      });
    }
  });
});
