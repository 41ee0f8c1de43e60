import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTables } from '../src/db/schema/entities';
import { client, companyBody, okClient } from './engine/setup';
import { createTestApp, login, type TestApp } from './helpers';
import { issueApiKey, openCall } from './open-helpers';

// POST /api/open/v1/events: batches of behaviour events, each checked on its own, written once for a retried
// batch, with the search history and the counters of companies and products following them.

describe('behaviour events from the marketplace', () => {
  let t: TestApp;
  let ok: ReturnType<typeof okClient>;
  let admin: string;
  let key: string;
  let buyer: number;
  let companyId: number;
  let productId: number;
  const users = entityTables.user_manager!;
  const products = entityTables.product!;
  const companies = entityTables.company!;
  const events = entityTables.behaviour_event!;
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const post = (body: unknown, lang?: 'en' | 'zh') => openCall(t.app, key, 'POST', '/events', body, { lang });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    ok = okClient(client(t.app, admin));
    key = (await issueApiKey(t.app, { scopes: ['events:write'], token: admin })).key;
    const [u] = await t.db
      .insert(users)
      .values({ account: 'eventbuyer', type: 'buyer' } as never)
      .returning({ id: users.id });
    buyer = u!.id as number;
    companyId = (await ok({ method: 'POST', url: '/api/company', body: companyBody('events1') }))
      .id as number;
    const [p] = await t.db
      .insert(products)
      .values({ name: 'Panel', companyId, kind: 'device' } as never)
      .returning({ id: products.id });
    productId = p!.id as number;
  });
  afterAll(() => t?.close());

  it('needs the events:write scope', async () => {
    const other = await issueApiKey(t.app, { scopes: ['consults:read'], token: admin });
    const res = await openCall(t.app, other.key, 'POST', '/events', { events: [] });
    expect(res.statusCode).toBe(403);
    expect((await openCall(t.app, null, 'POST', '/events', { events: [] })).statusCode).toBe(401);
  });

  it('refuses a body that is not a batch of 1 to 500 events, naming the field', async () => {
    for (const body of [{}, { events: [] }, { events: 'x' }, { events: Array(501).fill({}) }]) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 50)).toBe(400);
      expect(res.body).toContain('events');
    }
  });

  it('stores the good events and reports each bad one by its index, in the caller’s language', async () => {
    const res = await post(
      {
        events: [
          { eventId: 'a1', type: 'view_product', occurredAt: at(5), userId: buyer, productId, duration: 30 },
          { eventId: 'a2', type: 'collect', occurredAt: at(5), userId: 999999, companyId },
          {
            eventId: 'a3',
            type: 'search',
            occurredAt: at(4),
            userId: buyer,
            keyword: 'LED panel',
            lang: 'en',
          },
          { eventId: 'a4', type: 'teleport', occurredAt: at(4) },
          { eventId: 'a5', type: 'view_company', occurredAt: at(4) },
          'not an event',
          { eventId: 'a7', type: 'share', occurredAt: at(3), companyId, productId: productId + 1000 },
          { eventId: 'a8', type: 'login', occurredAt: new Date(Date.now() + 3_600_000).toISOString() },
        ],
      },
      'zh',
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().content;
    expect(data.accepted).toBe(2);
    expect(data.duplicates).toBe(0);
    expect(data.rejected.map((r: { index: number }) => r.index)).toEqual([1, 3, 4, 5, 6, 7]);
    expect(data.rejected[0]).toMatchObject({ eventId: 'a2', errors: [{ field: 'userId' }] });
    expect(data.rejected[0].errors[0].message).toContain('买家');
    expect(data.rejected[2].errors[0].field).toBe('companyId');
    expect(data.rejected[3].eventId).toBeNull();
    expect(data.rejected[4].errors[0].field).toBe('productId');
    expect(data.rejected[5].errors[0].field).toBe('occurredAt');
  });

  it('writes a retried batch once and moves the counters once', async () => {
    const batch = {
      events: [
        { eventId: 'r1', type: 'collect', occurredAt: at(2), userId: buyer, companyId },
        { eventId: 'r2', type: 'share', occurredAt: at(2), userId: buyer, companyId },
        { eventId: 'r3', type: 'collect', occurredAt: at(2), userId: buyer, productId },
        { eventId: 'r3', type: 'collect', occurredAt: at(2), userId: buyer, productId },
      ],
    };
    batch.events[3] = batch.events[2]!;
    const first = (await post(batch)).json().content;
    expect(first).toEqual({ accepted: 3, duplicates: 1, rejected: [] });
    // a retry with a new Idempotency-Key: the event ids keep it from being stored again
    const again = (await post(batch)).json().content;
    expect(again).toEqual({ accepted: 0, duplicates: 4, rejected: [] });
    const [c] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    expect(c).toMatchObject({ collectNum: 1, shareNum: 1 });
    const [p] = await t.db.select().from(products).where(eq(products.id, productId));
    expect(p).toMatchObject({ collectNum: 1, clickNum: 1 });
    const stored = await t.db
      .select({ c: count() })
      .from(events)
      .where(and(eq(events.eventId, 'r3')));
    expect(stored[0]!.c).toBe(1);
  });

  it('keeps the counters equal to what the stored events add up to', async () => {
    const types = ['collect', 'uncollect', 'share', 'view_product'] as const;
    let seed = 7;
    const rand = (k: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % k;
    };
    const batch = Array.from({ length: 200 }, (_, i) => {
      const type = types[rand(types.length)]!;
      const onProduct = type === 'view_product' || rand(2) === 0;
      return {
        eventId: `p${i}`,
        type,
        occurredAt: at(60 * 24 * rand(60)),
        userId: buyer,
        ...(onProduct ? { productId } : { companyId }),
      };
    });
    expect((await post({ events: batch })).json().content.accepted).toBe(200);
    const sum = async (type: string, column: 'company_id' | 'product_id', otherNull: boolean) => {
      const rows = await t.db.execute(
        sql.raw(`select count(*)::int as c from behaviour_event where type = '${type}'
          and ${column} is not null ${otherNull ? 'and product_id is null' : ''}`),
      );
      return Number((rows as unknown as { rows: { c: number }[] }).rows[0]!.c);
    };
    const [p] = await t.db.select().from(products).where(eq(products.id, productId));
    expect(p!.clickNum).toBe(await sum('view_product', 'product_id', false));
    expect(p!.shareNum).toBe(await sum('share', 'product_id', false));
    const [c] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    expect(c!.shareNum).toBe(await sum('share', 'company_id', true));
    // the collect counter never goes below zero, so it is at most the difference
    expect(c!.collectNum).toBeGreaterThanOrEqual(0);
  });

  it('lists the searches in the search history, filtered and searched on the server', async () => {
    await post({
      events: [
        {
          eventId: 's1',
          type: 'search',
          occurredAt: at(1),
          keyword: '太阳能板',
          lang: 'zh',
          resultsCount: 3,
        },
        {
          eventId: 's2',
          type: 'search',
          occurredAt: at(1),
          userId: buyer,
          keyword: 'solar',
          resultsCount: 0,
        },
      ],
    });
    const all = await ok({ method: 'GET', url: '/api/search_history/list?size=50' });
    expect(all.total).toBe(3);
    const zh = await ok({ method: 'GET', url: '/api/search_history/list?language=zh' });
    expect(zh.list.map((r: { keyword: string }) => r.keyword)).toEqual(['太阳能板']);
    const mine = await ok({ method: 'GET', url: `/api/search_history/list?userId=${buyer}` });
    expect(mine.total).toBe(2);
    // read-only in the console
    const add = await client(t.app, admin)({ method: 'POST', url: '/api/search_history/update', body: {} });
    expect(add.status).not.toBe(200);
  });
  it('answers a body that is not a batch with a 400 and stores nothing', async () => {
    const before = await t.db.select({ c: count() }).from(events);
    const json = { 'content-type': 'application/json' };
    const share = { eventId: 'plain', type: 'share', occurredAt: at(1), userId: buyer, companyId };
    const bodies: [string, Record<string, string>, number][] = [
      ['null', json, 400],
      ['{}', json, 400],
      ['5', json, 400],
      [JSON.stringify({ events: [] }), json, 400],
      // the right JSON sent as text is refused by its media type
      [JSON.stringify({ events: [share] }), { 'content-type': 'text/plain' }, 415],
    ];
    for (const [body, headers, status] of bodies) {
      const res = await openCall(t.app, key, 'POST', '/events', body, { headers });
      expect(res.statusCode, `${body} ${headers['content-type']}`).toBe(status);
      expect(res.json().success).toBe(false);
    }
    expect(await t.db.select({ c: count() }).from(events)).toEqual(before);
  });

  it('makes no month table for events it refuses, whatever month they name', async () => {
    const exists = async (name: string) =>
      (
        (await t.db.execute(sql`select to_regclass(${name}) is not null as found`)) as unknown as {
          rows: { found: boolean }[];
        }
      ).rows[0]!.found;
    const old = Array.from({ length: 12 }, (_, i) => ({
      eventId: `old${i}`,
      type: 'view_company',
      occurredAt: new Date(Date.UTC(1990, i, 15)).toISOString(),
      userId: 999_999,
      companyId,
    }));
    const answer = (await post({ events: old })).json().content;
    expect(answer.accepted).toBe(0);
    expect(answer.rejected).toHaveLength(12);
    for (let month = 1; month <= 12; month++)
      expect(await exists(`behaviour_event_p1990${String(month).padStart(2, '0')}`)).toBe(false);
  });

  // last: the searches it stores would change the search history's counts above
  it('knows an event again by its moment however its time is spelled, and keeps one search of it', async () => {
    const moment = Date.now() - 3 * 60_000;
    const utc = new Date(moment).toISOString();
    // the same moment as a clock in Shanghai reads it, and with microseconds
    const shanghai = new Date(moment + 8 * 3_600_000).toISOString().replace('Z', '+08:00');
    const micro = utc.replace('Z', '000Z');
    const search = (occurredAt: string) => ({
      events: [
        {
          eventId: 'spelled',
          type: 'search',
          occurredAt,
          userId: buyer,
          keyword: 'spelled pump',
          resultsCount: 2,
          lang: 'en',
        },
      ],
    });
    expect((await post(search(shanghai))).json().content).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: [],
    });
    for (const spelled of [utc, micro, shanghai])
      expect((await post(search(spelled))).json().content).toEqual({
        accepted: 0,
        duplicates: 1,
        rejected: [],
      });
    const stored = await t.db
      .select({ at: events.createdAt })
      .from(events)
      .where(eq(events.eventId, 'spelled'));
    expect(stored.map((r) => new Date(r.at as string | Date).toISOString())).toEqual([utc]);
    const searches = entityTables.search_history!;
    const history = await t.db.select({ c: count() }).from(searches).where(eq(searches.eventId, 'spelled'));
    expect(history[0]!.c).toBe(1);
  });
});
