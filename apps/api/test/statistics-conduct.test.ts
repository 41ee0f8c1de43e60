import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permission, role, rolePermission } from '../src/db/schema';
import { entityTables } from '../src/db/schema/entities';
import { createEngine } from '../src/engine';
import { rebuildUserCollects } from '../src/modules/behaviour/collects';
import { ingestEvents } from '../src/modules/behaviour/ingest';
import { SUPPLIER_ROLE } from '../src/modules/companies/supplier-login';
import { dayIn } from '../src/modules/statistics/rollups';
import { supplierCompanyBody } from './access-fixtures';
import { createAccountWithRole } from './engine/roles';
import { client, okClient } from './engine/setup';
import { createTestApp, login, type TestApp } from './helpers';
import { seededRandom } from './seeded-random';

// User behaviour towards companies and products, and a user's four drill-downs: the figures equal a direct
// aggregation of the events posted here; what a user has collected now is the events' last state whatever
// order they arrived in (and a rebuild from the events gives the same); a supplier sees only its own company
// and products; an unknown user is a 404, a malformed one a 400, a user without behaviour an empty list.

const TZ = 'Asia/Shanghai';
const HOUR = 3_600_000;
const GROUP = '/conduct_statistical';

type Ev = {
  eventId: string;
  type: string;
  occurredAt: string;
  userId: number;
  companyId?: number;
  productId?: number;
  duration?: number;
};

describe('user behaviour towards companies and products, and its drill-downs', () => {
  let t: TestApp;
  let admin: string;
  let call: ReturnType<typeof client>;
  let ok: ReturnType<typeof okClient>;
  let supplierToken: string;
  let buyer: number;
  let idle: number;
  let mine: number;
  let other: number;
  let myProduct: number;
  let otherProduct: number;
  const events: Ev[] = [];
  const engine = createEngine({ fieldPolicy: {} });
  const ingest = (batch: unknown[]) =>
    t.db.transaction((tx) =>
      ingestEvents({ db: tx, engine, lang: 'en', now: new Date(), timeZone: TZ }, batch),
    );
  const addUser = async (account: string) => {
    const users = entityTables.user_manager!;
    const [u] = await t.db
      .insert(users)
      .values({ account, nickname: account, type: 'buyer' } as never)
      .returning({ id: users.id });
    return u!.id as number;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    call = client(t.app, admin);
    ok = okClient(call);
    buyer = await addUser('drillbuyer');
    idle = await addUser('drillidle');
    mine = (
      await ok({ method: 'POST', url: '/api/company', body: supplierCompanyBody('drillmine', 'Secret12345') })
    ).id;
    other = (
      await ok({
        method: 'POST',
        url: '/api/company',
        body: supplierCompanyBody('drillother', 'Secret12345'),
      })
    ).id;
    const products = entityTables.product!;
    const made = await t.db
      .insert(products)
      .values([
        { name: 'Drill pump', companyId: mine, kind: 'device' },
        { name: 'Drill valve', companyId: other, kind: 'device' },
      ] as never[])
      .returning({ id: products.id });
    myProduct = made[0]!.id as number;
    otherProduct = made[1]!.id as number;
    // the supplier role may open these screens here (its seeded menus do not include them)
    const [supplierRole] = await t.db.select({ id: role.id }).from(role).where(eq(role.code, SUPPLIER_ROLE));
    const menus = await t.db
      .select({ id: permission.id })
      .from(permission)
      .where(
        and(
          eq(permission.type, 'menu'),
          inArray(permission.url, [
            `${GROUP}/c_user_conduct_statistical_list`,
            `${GROUP}/p_user_conduct_statistical_list`,
            `${GROUP}/collect_company_list/:userId`,
            `${GROUP}/company_by_stat_list/:userId`,
            `${GROUP}/collect_product_list/:userId`,
            `${GROUP}/product_by_stat_list/:userId`,
          ]),
        ),
      );
    expect(menus).toHaveLength(6);
    await t.db
      .insert(rolePermission)
      .values(menus.map((m) => ({ roleId: supplierRole!.id, permissionId: m.id })))
      .onConflictDoNothing();
    supplierToken = await login(t.app, 'drillmine', 'Secret12345');
    await createAccountWithRole(t.db, {
      account: 'nomenu',
      password: 'Secret12345',
      menus: [],
      resources: [],
    });

    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR).toISOString();
    const list: Omit<Ev, 'eventId' | 'userId'>[] = [
      { type: 'view_company', companyId: mine, duration: 20, occurredAt: at(50) },
      { type: 'view_company', companyId: mine, duration: 15, occurredAt: at(2) },
      { type: 'view_company', companyId: other, duration: 50, occurredAt: at(3) },
      { type: 'view_product', productId: myProduct, duration: 40, occurredAt: at(2) },
      { type: 'view_product', productId: otherProduct, duration: 25, occurredAt: at(26) },
      { type: 'view_product', productId: otherProduct, duration: 5, occurredAt: at(1) },
      // collected, uncollected and collected again; the other company collected then uncollected
      { type: 'collect', companyId: mine, occurredAt: at(49) },
      { type: 'uncollect', companyId: mine, occurredAt: at(48) },
      { type: 'collect', companyId: mine, occurredAt: at(4) },
      { type: 'collect', companyId: other, occurredAt: at(30) },
      { type: 'uncollect', companyId: other, occurredAt: at(29) },
      { type: 'collect', productId: myProduct, occurredAt: at(5) },
      { type: 'collect', productId: otherProduct, occurredAt: at(6) },
      { type: 'search', occurredAt: at(1) },
    ];
    for (const [i, e] of list.entries())
      events.push({
        eventId: `d${i}`,
        userId: buyer,
        ...e,
        ...(e.type === 'search' ? { keyword: 'pump' } : {}),
      });
    // out of order: the later half first
    await ingest(events.slice(7));
    await ingest(events.slice(0, 7));
    await t.db.insert(entityTables.consult!).values([
      { companyId: mine, userId: buyer, content: 'Hi', consultTime: new Date() },
      { companyId: other, userId: buyer, content: 'Hello', consultTime: new Date() },
    ] as never[]);
  });
  afterAll(() => t?.close());

  const dayOf = (e: Ev) => dayIn(TZ, e.occurredAt);
  const ofType = (type: string, pick: (e: Ev) => boolean = () => true) =>
    events.filter((e) => e.type === type && pick(e));
  const sum = (list: Ev[]) => list.reduce((n, e) => n + (e.duration ?? 0), 0);
  const latestDay = (list: Ev[]) => list.map(dayOf).sort().at(-1);
  const rowsOf = async (url: string, token = admin, lang: 'en' | 'zh' = 'en') => {
    const res = await call({ method: 'GET', url, token, lang });
    expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.content.list as Record<string, unknown>[];
  };

  it('counts each user’s behaviour towards companies as the events add up, with links to the drill-downs', async () => {
    const rows = await rowsOf('/api/c_user_conduct/list?size=50');
    const companyPage = (e: Ev) => e.productId === undefined;
    const views = ofType('view_company');
    const row = rows.find((r) => r.userId === buyer);
    expect(row).toMatchObject({
      account: 'drillbuyer',
      companiesVisited: new Set(views.map((e) => e.companyId)).size,
      companyViews: views.length,
      duration: sum(views),
      companiesCollected: new Set(ofType('collect', companyPage).map((e) => e.companyId)).size,
      consultsSent: 2,
      lastActive: latestDay([...views, ...ofType('collect', companyPage)]),
    });
    expect(row!.drill).toEqual({
      companiesVisited: {
        menu: `${GROUP}/company_by_stat_list/:userId`,
        filters: {},
        params: { userId: String(buyer) },
      },
      companiesCollected: {
        menu: `${GROUP}/collect_company_list/:userId`,
        filters: {},
        params: { userId: String(buyer) },
      },
    });
    expect(rows.some((r) => r.userId === idle)).toBe(false);
    expect(await rowsOf('/api/c_user_conduct/list?account=drillb')).toHaveLength(1);
  });

  it('counts each user’s behaviour towards products as the events add up', async () => {
    const rows = await rowsOf('/api/p_user_conduct/list?size=50');
    const views = ofType('view_product');
    expect(rows.find((r) => r.userId === buyer)).toMatchObject({
      productsVisited: new Set(views.map((e) => e.productId)).size,
      productViews: views.length,
      duration: sum(views),
      productsCollected: new Set(ofType('collect', (e) => e.productId !== undefined).map((e) => e.productId))
        .size,
      lastActive: latestDay([...views, ...ofType('collect', (e) => e.productId !== undefined)]),
    });
    // user behaviour links the visited companies and products to their drill-downs too
    const all = await rowsOf('/api/user_conduct/list?size=50');
    expect((all.find((r) => r.userId === buyer)!.drill as Record<string, unknown>).productsVisited).toEqual({
      menu: `${GROUP}/product_by_stat_list/:userId`,
      filters: {},
      params: { userId: String(buyer) },
    });
  });

  it('lists the companies and products a user visited in the period, with visits and duration', async () => {
    const companies = await rowsOf(`/api/company_by_stat/${buyer}/list`);
    const ownerOf = (e: Ev) => e.companyId ?? (e.productId === myProduct ? mine : other);
    for (const id of [mine, other]) {
      const onIt = events.filter((e) => ownerOf(e) === id && e.type.startsWith('view_'));
      expect(companies.find((r) => r.companyId === id)).toMatchObject({
        visits: onIt.filter((e) => e.type === 'view_company').length,
        productViews: onIt.filter((e) => e.type === 'view_product').length,
        duration: sum(onIt),
        lastVisit: latestDay(onIt),
      });
    }
    const products = await rowsOf(`/api/product_by_stat/${buyer}/list`);
    for (const id of [myProduct, otherProduct]) {
      const onIt = ofType('view_product', (e) => e.productId === id);
      expect(products.find((r) => r.productId === id)).toMatchObject({
        views: onIt.length,
        duration: sum(onIt),
        lastVisit: latestDay(onIt),
      });
    }
    // a period before the events: nothing
    expect(
      await rowsOf(`/api/company_by_stat/${buyer}/list?periodFrom=2026-01-01&periodTo=2026-01-31`),
    ).toEqual([]);
  });

  it('lists what the user has collected now: the last state of collects and uncollects', async () => {
    const companies = await rowsOf(`/api/collect_company/${buyer}/list`);
    expect(companies.map((r) => r.companyId)).toEqual([mine]);
    const first = ofType('collect', (e) => e.companyId === mine)
      .map((e) => e.occurredAt)
      .sort()[0];
    const [row] = companies;
    expect(row).toMatchObject({
      companyName: expect.any(String),
      duration: sum(ofType('view_company', (e) => e.companyId === mine)) + 40,
      currentUserCollectCount: 1,
      createTime: first,
      updateTime: ofType('collect', (e) => e.companyId === mine).at(-1)!.occurredAt,
    });
    const products = await rowsOf(`/api/collect_product/${buyer}/list`);
    expect(products.map((r) => r.productId).sort()).toEqual([myProduct, otherProduct].sort());
    expect(products.find((r) => r.productId === myProduct)).toMatchObject({
      name: 'Drill pump',
      productDuration: 40,
    });
  });

  it('shows a supplier only its own company and products, in every list', async () => {
    const conduct = await rowsOf('/api/c_user_conduct/list?size=50', supplierToken);
    const mineViews = ofType('view_company', (e) => e.companyId === mine);
    expect(conduct.find((r) => r.userId === buyer)).toMatchObject({
      companiesVisited: 1,
      companyViews: mineViews.length,
      duration: sum(mineViews),
      consultsSent: 1,
    });
    const products = await rowsOf('/api/p_user_conduct/list?size=50', supplierToken);
    expect(products.find((r) => r.userId === buyer)).toMatchObject({ productsVisited: 1, productViews: 1 });
    for (const [report, key, own] of [
      ['company_by_stat', 'companyId', mine],
      ['collect_company', 'companyId', mine],
      ['product_by_stat', 'productId', myProduct],
      ['collect_product', 'productId', myProduct],
    ] as const) {
      const rows = await rowsOf(`/api/${report}/${buyer}/list`, supplierToken);
      expect(
        rows.map((r) => r[key]),
        report,
      ).toEqual([own]);
    }
  });

  it('refuses an account without the menu, an unknown user and malformed parameters', async () => {
    const noMenu = await login(t.app, 'nomenu', 'Secret12345');
    for (const url of ['/api/c_user_conduct/list', `/api/collect_company/${buyer}/list`])
      expect((await call({ method: 'GET', url, token: noMenu })).status, url).toBe(403);
    for (const report of ['collect_company', 'company_by_stat', 'collect_product', 'product_by_stat']) {
      expect((await call({ method: 'GET', url: `/api/${report}/999999/list` })).status, report).toBe(404);
      // an organiser's account is not a marketplace user
      expect((await call({ method: 'GET', url: `/api/${report}/1/list` })).status, report).toBe(404);
      for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) {
        const res = await call({ method: 'GET', url: `/api/${report}/${bad}/list` });
        expect(res.status, `${report} ${bad}`).toBe(400);
        expect(JSON.stringify(res.body)).toContain('userId');
      }
      expect(await rowsOf(`/api/${report}/${idle}/list`), report).toEqual([]);
    }
    expect(
      (await call({ method: 'GET', url: `/api/company_by_stat/${buyer}/list?sort=nothing` })).status,
    ).toBe(400);
    expect(
      (await call({ method: 'GET', url: `/api/product_by_stat/${buyer}/list?periodFrom=2026-02-30` })).status,
    ).toBe(400);
    expect(
      (await call({ method: 'GET', url: `/api/collect_company/${buyer}/list?periodFrom=2026-01-01` })).status,
    ).toBe(400);
  });

  it('exports with headers in the caller’s language and the period in the file name', async () => {
    for (const [lang, header] of [
      ['en-US', 'Time on company pages (s)'],
      ['zh-CN', '企业页停留时长（秒）'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/c_user_conduct/export?format=csv&periodFrom=2026-01-01&periodTo=2026-12-31',
        headers: { 'x-token': admin, 'accept-language': lang },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body.charCodeAt(0)).toBe(0xfeff);
      expect(res.body.split('\n')[0]).toContain(header);
      expect(String(res.headers['content-disposition'])).toContain('20260101-20261231');
    }
    for (const [lang, header] of [
      ['en-US', 'Collected at'],
      ['zh-CN', '收藏时间'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/collect_product/${buyer}/export?format=csv`,
        headers: { 'x-token': admin, 'accept-language': lang },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body.split('\n')[0]).toContain(header);
      expect(res.body).toContain('Drill pump');
    }
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/product_by_stat/${buyer}/export`,
      headers: { 'x-token': admin },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(String(xlsx.headers['content-type'])).toContain('spreadsheetml');
  });

  it('keeps the collect state equal to the events’ last state, in any arrival order, and a rebuild agrees', async () => {
    const targets = [
      { companyId: mine },
      { companyId: other },
      { productId: myProduct },
      { productId: otherProduct },
    ];
    const base = Date.now() - 20 * 24 * HOUR;
    for (let seed = 1; seed <= 4; seed++) {
      const next = seededRandom(seed);
      const users = [await addUser(`prop${seed}a`), await addUser(`prop${seed}b`)];
      const generated: Ev[] = [];
      for (let i = 0; i < 80; i++) {
        const target = targets[Math.floor(next() * targets.length)]!;
        // a few share a moment, so the event id breaks the tie
        const occurredAt = new Date(base + Math.floor(next() * 40) * HOUR).toISOString();
        generated.push({
          eventId: `p${seed}-${i}`,
          type: next() < 0.55 ? 'collect' : 'uncollect',
          occurredAt,
          userId: users[Math.floor(next() * users.length)]!,
          ...target,
        });
      }
      // shuffled, in batches of random size
      const shuffled = [...generated].sort(() => next() - 0.5);
      for (let i = 0; i < shuffled.length; ) {
        const size = 1 + Math.floor(next() * 20);
        await ingest(shuffled.slice(i, i + size));
        i += size;
      }
      // the last state, replaying the events in order of time and id
      const expected = new Map<string, { collected: boolean; createdAt: string | null; updatedAt: string }>();
      const ordered = [...generated].sort((a, b) =>
        a.occurredAt === b.occurredAt
          ? a.eventId < b.eventId
            ? -1
            : 1
          : a.occurredAt < b.occurredAt
            ? -1
            : 1,
      );
      for (const e of ordered) {
        const key = `${e.userId}:${e.productId ? 'product' : 'company'}:${e.productId ?? e.companyId}`;
        const was = expected.get(key);
        const createdAt = was?.createdAt ?? (e.type === 'collect' ? e.occurredAt : null);
        expected.set(key, { collected: e.type === 'collect', createdAt, updatedAt: e.occurredAt });
      }
      const stored = async () => {
        const res = await t.db.execute(sql`
          select user_id, target, target_id, collected, created_at, updated_at from user_collect
          where user_id in (${users[0]}, ${users[1]})`);
        const rows = (res as unknown as { rows: Record<string, unknown>[] }).rows;
        return new Map(
          rows.map((r) => [
            `${r.user_id}:${r.target}:${r.target_id}`,
            {
              collected: r.collected as boolean,
              createdAt: r.created_at ? new Date(r.created_at as string).toISOString() : null,
              updatedAt: new Date(r.updated_at as string).toISOString(),
            },
          ]),
        );
      };
      expect(await stored(), `seed ${seed}`).toEqual(expected);
      await rebuildUserCollects(t.db);
      expect(await stored(), `seed ${seed}, rebuilt`).toEqual(expected);
      // the drill-down lists exactly the companies collected now
      const listed = (await rowsOf(`/api/collect_company/${users[0]}/list`)).map((r) => r.companyId).sort();
      const now = [...expected]
        .filter(([k, v]) => k.startsWith(`${users[0]}:company:`) && v.collected)
        .map(([k]) => Number(k.split(':')[2]))
        .sort();
      expect(listed, `seed ${seed}`).toEqual(now);
    }
  });
});
