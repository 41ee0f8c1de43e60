import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTables } from '../src/db/schema/entities';
import { createEngine } from '../src/engine';
import { ingestEvents } from '../src/modules/behaviour/ingest';
import { dayIn } from '../src/modules/statistics/rollups';
import { supplierCompanyBody } from './access-fixtures';
import { client, okClient } from './engine/setup';
import { createTestApp, login, type TestApp } from './helpers';
import { eventHoursAgo } from './today';

// The statistics screens read the rollups: supplier statistics per company over a period (server-side sort,
// filters, the change against the previous period, one company's daily trend, export), scoped to a
// supplier's own company on every route; malformed periods are refused with a 400 naming the parameter.

const TZ = 'Asia/Shanghai';
const DAY = 86_400_000;

describe('statistics screens', () => {
  let t: TestApp;
  let admin: string;
  let call: ReturnType<typeof client>;
  let ok: ReturnType<typeof okClient>;
  let buyers: number[] = [];
  let busy: { companyId: number; token: string };
  let quiet: { companyId: number; token: string };
  let productId: number;
  const today = () => dayIn(TZ, new Date());
  const daysAgo = (n: number) => dayIn(TZ, new Date(Date.now() - n * DAY));

  const supplier = async (account: string) => {
    const c = await ok({
      method: 'POST',
      url: '/api/company',
      body: supplierCompanyBody(account, 'Secret12345'),
    });
    return { companyId: c.id as number, token: await login(t.app, account, 'Secret12345') };
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    call = client(t.app, admin);
    ok = okClient(call);
    const users = entityTables.user_manager!;
    buyers = [];
    for (const account of ['statbuyer1', 'statbuyer2', 'statidle']) {
      const [u] = await t.db
        .insert(users)
        .values({ account, type: 'buyer' } as never)
        .returning({ id: users.id });
      buyers.push(u!.id as number);
    }
    busy = await supplier('statbusy');
    quiet = await supplier('statquiet');
    const [p] = await t.db
      .insert(entityTables.product!)
      .values({ name: 'Stat pump', companyId: busy.companyId, kind: 'device' } as never)
      .returning({ id: entityTables.product!.id });
    productId = p!.id as number;
    // today's events stay on today's date in the deployment's zone; older ones are days back
    const at = (hoursAgo: number) => eventHoursAgo(hoursAgo, TZ);
    const [b1, b2] = buyers as [number, number];
    const events = [
      { type: 'view_company', userId: b1, companyId: busy.companyId, duration: 40, occurredAt: at(1) },
      { type: 'view_company', userId: b1, companyId: busy.companyId, duration: 20, occurredAt: at(1) },
      { type: 'view_company', userId: b2, companyId: busy.companyId, duration: 30, occurredAt: at(1) },
      { type: 'view_product', userId: b2, productId, duration: 30, occurredAt: at(1) },
      { type: 'collect', userId: b1, companyId: busy.companyId, occurredAt: at(1) },
      { type: 'collect', userId: b2, productId, occurredAt: at(1) },
      { type: 'share', userId: b2, productId, occurredAt: at(1) },
      // the previous period (30 to 59 days ago): one view 40 days ago, so +200 %
      { type: 'view_company', userId: b1, companyId: busy.companyId, duration: 10, occurredAt: at(40 * 24) },
      { type: 'view_company', userId: b1, companyId: quiet.companyId, duration: 5, occurredAt: at(2) },
    ].map((e, i) => ({ eventId: `s${i}`, ...e }));
    const engine = createEngine({ fieldPolicy: {} });
    await t.db.transaction((tx) =>
      ingestEvents({ db: tx, engine, lang: 'en', now: new Date(), timeZone: TZ }, events),
    );
    // two consults to the busy company, one replied
    await t.db.insert(entityTables.consult!).values([
      { companyId: busy.companyId, content: 'Price?', consultTime: new Date(), isFeedback: true },
      { companyId: busy.companyId, content: 'MOQ?', consultTime: new Date() },
    ] as never[]);
  });
  afterAll(() => t?.close());

  const list = (query: string, token = admin, lang: 'en' | 'zh' = 'en') =>
    call({ method: 'GET', url: `/api/page_view/list?${query}`, token, lang });

  it('shows each company’s figures over the last 30 days by default, sorted by page views', async () => {
    const res = await list('size=50');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.content.list as Record<string, unknown>[];
    const busyRow = rows.find((r) => r.companyId === busy.companyId)!;
    expect(busyRow).toMatchObject({
      pageViews: 3,
      uniqueVisitors: 2,
      productViews: 1,
      averageDuration: 30,
      collects: 2,
      shares: 1,
      consultsReceived: 2,
      consultsReplied: 1,
      replyRate: 50,
      requirementsRevealed: 0,
      pageViewsChange: 200,
    });
    expect(rows[0]!.companyId).toBe(busy.companyId);
    expect(rows.find((r) => r.companyId === quiet.companyId)).toMatchObject({
      pageViews: 1,
      uniqueVisitors: 1,
    });
    const asc = (await list('sort=pageViews&order=asc&size=50')).body.content.list as { pageViews: number }[];
    expect(asc.map((r) => r.pageViews)).toEqual([...asc.map((r) => r.pageViews)].sort((a, b) => a - b));
  });

  it('compares with the previous period of the same length', async () => {
    const res = await list(`periodFrom=${daysAgo(9)}&periodTo=${today()}&size=50`);
    const row = (res.body.content.list as Record<string, unknown>[]).find(
      (r) => r.companyId === busy.companyId,
    );
    expect(row!.pageViews).toBe(3);
    const longer = await list(`periodFrom=${daysAgo(60)}&periodTo=${daysAgo(20)}&size=50`);
    const old = (longer.body.content.list as Record<string, unknown>[]).find(
      (r) => r.companyId === busy.companyId,
    );
    expect(old).toMatchObject({ pageViews: 1, consultsReceived: 0, replyRate: null });
    const next = await list(`periodFrom=${daysAgo(40)}&periodTo=${today()}&size=50`);
    expect(
      (next.body.content.list as Record<string, unknown>[]).find((r) => r.companyId === busy.companyId)!
        .pageViews,
    ).toBe(4);
  });

  it('refuses malformed periods with a 400 naming the parameter', async () => {
    for (const query of [
      `periodFrom=${daysAgo(400)}&periodTo=${today()}`,
      `periodFrom=${today()}&periodTo=${daysAgo(3)}`,
      'periodFrom=2026-02-30',
      'periodTo=yesterday',
      'granularity=day',
      'sort=nothing',
    ]) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
    }
    const zh = await list(`periodFrom=${daysAgo(400)}&periodTo=${today()}`, admin, 'zh');
    expect(JSON.stringify(zh.body)).toContain('366');
    for (const query of [
      'companyId=x',
      `companyId=${busy.companyId}&periodFrom=2026-13-01`,
      'companyId=1&all=1',
    ])
      expect((await call({ method: 'GET', url: `/api/page_view/trend?${query}` })).status, query).toBe(400);
  });

  it('draws one company’s days for the trend chart, every day of the period', async () => {
    const trend = await ok({
      method: 'GET',
      url: `/api/page_view/trend?companyId=${busy.companyId}&periodFrom=${daysAgo(6)}&periodTo=${today()}`,
    });
    expect(trend.days).toHaveLength(7);
    expect(trend.days.at(-1)).toMatchObject({ day: today(), pageViews: 3, uniqueVisitors: 2 });
    expect((await call({ method: 'GET', url: '/api/page_view/trend?companyId=999999' })).status).toBe(404);
  });

  it('shows a supplier its own company only, on every route, by id too', async () => {
    const mine = await list('size=50', quiet.token);
    expect(mine.status).toBe(200);
    expect((mine.body.content.list as { companyId: number }[]).map((r) => r.companyId)).toEqual([
      quiet.companyId,
    ]);
    expect(mine.body.content.total).toBe(1);
    const trend = (id: number) =>
      call({ method: 'GET', url: `/api/page_view/trend?companyId=${id}`, token: quiet.token });
    expect((await trend(quiet.companyId)).status).toBe(200);
    expect((await trend(busy.companyId)).status).toBe(404);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/page_view/export?format=csv',
      headers: { 'x-token': quiet.token },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain('statbusy');
    expect(csv.body.split('\n').filter((l) => l.trim()).length).toBe(2);
  });

  it('exports with the period in the file name and headers in the caller’s language', async () => {
    const from = daysAgo(6);
    const to = today();
    for (const [lang, header] of [
      ['en-US', 'Page views'],
      ['zh-CN', '浏览量'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/page_view/export?format=csv&periodFrom=${from}&periodTo=${to}`,
        headers: { 'x-token': admin, 'accept-language': lang },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      expect(res.body.split('\n')[0]).toContain(header);
      expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(
        `${from.replace(/-/g, '')}-${to.replace(/-/g, '')}.csv`,
      );
    }
    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/page_view/export',
      headers: { 'x-token': admin },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(String(xlsx.headers['content-type'])).toContain('spreadsheetml');
  });
});

describe('user behaviour statistics', () => {
  let t: TestApp;
  let admin: string;
  let call: ReturnType<typeof client>;
  let supplierToken: string;
  let buyer: number;
  let idle: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    call = client(t.app, admin);
    const ok = okClient(call);
    const users = entityTables.user_manager!;
    const [u] = await t.db
      .insert(users)
      .values({ account: 'conductbuyer', nickname: 'Ann', type: 'buyer' } as never)
      .returning({ id: users.id });
    buyer = u!.id as number;
    const [v] = await t.db
      .insert(users)
      .values({ account: 'conductidle', type: 'buyer' } as never)
      .returning({ id: users.id });
    idle = v!.id as number;
    const mine = await ok({
      method: 'POST',
      url: '/api/company',
      body: supplierCompanyBody('conductmine', 'Secret12345'),
    });
    const other = await ok({
      method: 'POST',
      url: '/api/company',
      body: supplierCompanyBody('conductother', 'Secret12345'),
    });
    supplierToken = await login(t.app, 'conductmine', 'Secret12345');
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const events = [
      { type: 'view_company', companyId: mine.id, duration: 20 },
      { type: 'view_company', companyId: other.id, duration: 50 },
      { type: 'collect', companyId: other.id },
      { type: 'search', keyword: 'pump', lang: 'en', resultsCount: 3 },
    ].map((e, i) => ({ eventId: `c${i}`, occurredAt: at, userId: buyer, ...e }));
    await t.db.transaction((tx) =>
      ingestEvents(
        { db: tx, engine: createEngine({ fieldPolicy: {} }), lang: 'en', now: new Date(), timeZone: TZ },
        events,
      ),
    );
    await t.db
      .insert(entityTables.consult!)
      .values([{ companyId: other.id, userId: buyer, content: 'Hi', consultTime: new Date() }] as never[]);
  });
  afterAll(() => t?.close());

  it('lists each active user’s behaviour over the period; a user without behaviour is not a row', async () => {
    const res = await call({ method: 'GET', url: '/api/user_conduct/list?size=50' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.content.list as Record<string, unknown>[];
    expect(rows.find((r) => r.userId === buyer)).toMatchObject({
      account: 'conductbuyer',
      companyViews: 2,
      companiesVisited: 2,
      collects: 1,
      duration: 70,
      searches: 1,
      consultsPosted: 1,
      lastActive: dayIn(TZ, new Date(Date.now() - 3_600_000)),
    });
    expect(rows.some((r) => r.userId === idle)).toBe(false);
    const found = await call({ method: 'GET', url: '/api/user_conduct/list?account=conductb' });
    expect((found.body.content.list as unknown[]).length).toBe(1);
    expect(
      (await call({ method: 'GET', url: '/api/user_conduct/list?periodFrom=2026-01-01&periodTo=2027-06-01' }))
        .status,
    ).toBe(400);
  });

  it('is not open to a supplier account (its menu is the organiser’s)', async () => {
    const res = await call({ method: 'GET', url: '/api/user_conduct/list', token: supplierToken });
    expect(res.status).toBe(403);
  });

  it('exports with headers in the caller’s language', async () => {
    for (const [lang, header] of [
      ['en-US', 'Company page views'],
      ['zh-CN', '企业浏览量'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/user_conduct/export?format=csv',
        headers: { 'x-token': admin, 'accept-language': lang },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body.split('\n')[0]).toContain(header);
      expect(res.body).toContain('conductbuyer');
    }
  });
});
