import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTables } from '../src/db/schema/entities';
import { createEngine } from '../src/engine';
import { ingestEvents } from '../src/modules/behaviour/ingest';
import { dayIn } from '../src/modules/statistics/rollups';
import { addMissingStaffRecords } from '../src/modules/users';
import { supplierCompanyBody } from './access-fixtures';
import { createAccountWithRole } from './engine/roles';
import { client, okClient } from './engine/setup';
import { createTestApp, login, type TestApp } from './helpers';
import { eventHoursAgo } from './today';

// The dashboard: each waiting-work count is the total of the filtered list it links to (staff and a supplier),
// a part whose list or report a person may not open is not there, a supplier sees its own company's figures and
// never another's, the key figures come from the rollups and the consults, and malformed periods are 400s.

const TZ = 'Asia/Shanghai';
const DAY = 86_400_000;

type Card = { kind: string; count: number; link: string; list: string };

describe('dashboard', () => {
  let t: TestApp;
  let admin: string;
  let call: ReturnType<typeof client>;
  let ok: ReturnType<typeof okClient>;
  let busy: { companyId: number; token: string };
  let quiet: { companyId: number; token: string };
  const today = () => dayIn(TZ, new Date());
  const daysAgo = (n: number) => dayIn(TZ, new Date(Date.now() - n * DAY));

  const supplier = async (account: string, name: string) => {
    const c = await ok({
      method: 'POST',
      url: '/api/company',
      body: { ...supplierCompanyBody(account, 'Secret12345'), name },
    });
    return { companyId: c.id as number, token: await login(t.app, account, 'Secret12345') };
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    call = client(t.app, admin);
    ok = okClient(call);
    busy = await supplier('dashbusy', 'Busy Pumps Ltd.');
    quiet = await supplier('dashquiet', 'Quiet Valves Ltd.');
    const users = entityTables.user_manager!;
    const [buyer] = await t.db
      .insert(users)
      .values({ account: 'dashbuyer', type: 'buyer' } as never)
      .returning({ id: users.id });
    const buyerId = buyer!.id as number;
    const products = entityTables.product!;
    const [pump, valve] = await t.db
      .insert(products)
      .values([
        { name: 'Busy pump', companyId: busy.companyId, kind: 'device' },
        { name: 'Quiet valve', companyId: quiet.companyId, kind: 'device' },
      ] as never[])
      .returning({ id: products.id });
    // today's events stay on today's date in the deployment's zone; older ones are days back
    const at = (hoursAgo: number) => eventHoursAgo(hoursAgo, TZ);
    const events = [
      { type: 'view_company', userId: buyerId, companyId: busy.companyId, occurredAt: at(0.1) },
      { type: 'view_company', userId: buyerId, companyId: busy.companyId, occurredAt: at(0.1) },
      { type: 'view_product', userId: buyerId, productId: pump!.id, occurredAt: at(0.1) },
      { type: 'view_product', productId: valve!.id, occurredAt: at(0.1) },
      { type: 'search', userId: buyerId, keyword: ' Pump ', resultsCount: 3, occurredAt: at(0.1) },
      { type: 'search', userId: buyerId, keyword: 'pump', resultsCount: 3, occurredAt: at(0.1) },
      { type: 'search', keyword: 'valve', resultsCount: 0, occurredAt: at(0.1) },
      // the previous period: one view 40 days ago
      { type: 'view_company', userId: buyerId, companyId: busy.companyId, occurredAt: at(40 * 24) },
    ].map((e, i) => ({ eventId: `d${i}`, ...e }));
    const engine = createEngine({ fieldPolicy: {} });
    await t.db.transaction((tx) =>
      ingestEvents({ db: tx, engine, lang: 'en', now: new Date(), timeZone: TZ }, events as never[]),
    );
    await t.db.insert(entityTables.consult!).values([
      { companyId: busy.companyId, content: 'Price?', consultTime: new Date(), isFeedback: true },
      { companyId: busy.companyId, content: 'MOQ?', consultTime: new Date() },
      { companyId: quiet.companyId, content: 'Stock?', consultTime: new Date() },
    ] as never[]);
    await t.db.insert(entityTables.site_chat_conversation!).values([
      { userId: buyerId, companyId: busy.companyId, replied: false },
      { userId: buyerId, companyId: quiet.companyId, replied: true },
    ] as never[]);
  });
  afterAll(() => t?.close());

  const dashboard = async (token = admin, query = '') => {
    const res = await call({ method: 'GET', url: `/api/dashboard${query}`, token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.content;
  };

  /** Each card's count is the total of the list call it names, and its link is that list's screen. */
  const expectCountsOfLists = async (cards: Card[], token: string) => {
    for (const card of cards) {
      const listed = await call({ method: 'GET', url: card.list, token });
      expect(listed.status, card.list).toBe(200);
      expect(card.count, card.kind).toBe(listed.body.content.total);
      const [path, query] = card.link.split('?');
      expect(card.list).toBe(`${card.list.split('?')[0]}?${query}`);
      expect(path).toMatch(/^\/[a-zA-Z_]+\/[a-zA-Z_]+$/);
    }
  };

  it('shows staff every kind of waiting work, each count the total of the filtered list it links to', async () => {
    const d = await dashboard();
    const cards = d.waiting as Card[];
    expect(cards.map((c) => c.kind)).toEqual([
      'companiesToAudit',
      'productsToAudit',
      'consultsUnreplied',
      'chatsUnreplied',
      'requirementsToAuthorise',
    ]);
    const byKind = Object.fromEntries(cards.map((c) => [c.kind, c]));
    expect(byKind.consultsUnreplied).toMatchObject({
      count: 2,
      link: '/consult/consult_list?isFeedback=false',
    });
    expect(byKind.chatsUnreplied!.count).toBe(1);
    expect(byKind.companiesToAudit!.link).toBe('/company/company_list?auditStatus=pending');
    expect(byKind.productsToAudit!.count).toBeGreaterThanOrEqual(2);
    await expectCountsOfLists(cards, admin);
    expect(d.company).toBeNull();
    expect(d.scope).toBe('marketplace');
  });

  it('adds up today and the period from the rollups, against the day and period before', async () => {
    const d = await dashboard();
    expect(d.today).toBe(today());
    expect(d.period).toMatchObject({ from: daysAgo(29), to: today(), days: 30 });
    expect(d.days).toHaveLength(30);
    expect(d.figures.today).toMatchObject({
      visits: 4,
      uniqueVisitors: 1,
      newUsers: 1,
      consults: 3,
      consultsReplied: 1,
      replyRate: 33.3,
    });
    expect(d.figures.period.visits).toBe(4);
    expect(d.figures.previous.visits).toBe(1);
    expect(d.days.at(-1)).toMatchObject({ day: today(), visits: 4, newUsers: 1, consults: 3 });
    expect(d.top.companies.map((c: { name: string; value: number }) => [c.name, c.value])).toEqual([
      ['Busy Pumps Ltd.', 3],
      ['Quiet Valves Ltd.', 1],
    ]);
    expect(d.top.products.map((p: { name: string; value: number }) => [p.name, p.value])).toEqual([
      ['Busy pump', 1],
      ['Quiet valve', 1],
    ]);
    expect(d.top.keywords.map((k: { name: string; value: number }) => [k.name, k.value])).toEqual([
      ['pump', 2],
      ['valve', 1],
    ]);
    // a period in the past: today's figures are still today's
    const past = await dashboard(admin, `?periodFrom=${daysAgo(50)}&periodTo=${daysAgo(31)}`);
    expect(past.period.days).toBe(20);
    expect(past.figures.period.visits).toBe(1);
    expect(past.figures.today.visits).toBe(4);
    expect(past.days).toHaveLength(20);
  });

  it('leaves out what a role may not open', async () => {
    await createAccountWithRole(t.db, {
      account: 'dashconsults',
      password: 'Secret12345',
      menus: ['/consult', '/consult/consult_list'],
      resources: [],
    });
    await addMissingStaffRecords(t.db);
    const token = await login(t.app, 'dashconsults', 'Secret12345');
    const d = await dashboard(token);
    expect((d.waiting as Card[]).map((c) => c.kind)).toEqual(['consultsUnreplied']);
    await expectCountsOfLists(d.waiting, token);
    expect(d.shown).toEqual({ visits: false, newUsers: false, consults: true, keywords: false });
    expect(d.figures.today).toMatchObject({ visits: 0, newUsers: 0, consults: 3 });
    expect(d.top).toEqual({ companies: null, products: null, keywords: null });

    await createAccountWithRole(t.db, {
      account: 'dashnothing',
      password: 'Secret12345',
      menus: [],
      resources: [],
    });
    await addMissingStaffRecords(t.db);
    const none = await dashboard(await login(t.app, 'dashnothing', 'Secret12345'));
    expect(none.waiting).toEqual([]);
    expect(none.figures).toBeNull();
    expect(none.days).toEqual([]);
  });

  it('shows a supplier its own company and its figures, nothing of another company', async () => {
    const d = await dashboard(quiet.token);
    expect(d.scope).toBe('company');
    await expectCountsOfLists(d.waiting, quiet.token);
    const byKind = Object.fromEntries((d.waiting as Card[]).map((c) => [c.kind, c]));
    expect(byKind.companiesToAudit).toBeUndefined();
    expect(byKind.requirementsToAuthorise).toBeUndefined();
    expect(byKind.consultsUnreplied!.count).toBe(1);
    expect(byKind.chatsUnreplied!.count).toBe(0);
    expect(byKind.productsToAudit!.count).toBe(1);
    expect(d.company).toMatchObject({
      id: quiet.companyId,
      name: 'Quiet Valves Ltd.',
      auditStatus: 'pending',
    });
    expect(d.company.filledFields).toBeLessThanOrEqual(d.company.requiredFields);
    expect(d.company.quotas.map((q: { key: string }) => q.key)).toContain('consultReply');
    expect(d.figures.today).toMatchObject({ visits: 1, newUsers: 0, consults: 1, consultsReplied: 0 });
    expect(d.figures.previous.visits).toBe(0);
    expect(d.top.companies).toBeNull();
    expect(d.top.keywords).toBeNull();
    expect(d.top.products.map((p: { name: string }) => p.name)).toEqual(['Quiet valve']);
    const text = JSON.stringify(d);
    expect(text).not.toContain('Busy');
    expect(text).not.toContain('pump');

    const other = await dashboard(busy.token);
    expect(other.company.id).toBe(busy.companyId);
    expect(other.figures.today).toMatchObject({ visits: 3, uniqueVisitors: 1, consults: 2, replyRate: 50 });
    expect(JSON.stringify(other)).not.toContain('Quiet');
  });

  it('refuses malformed periods with a 400 naming the parameter', async () => {
    for (const [query, param] of [
      [`?periodFrom=${daysAgo(400)}&periodTo=${today()}`, 'periodFrom'],
      [`?periodFrom=${today()}&periodTo=${daysAgo(3)}`, 'periodFrom'],
      ['?periodFrom=2026-02-30', 'periodFrom'],
      ['?periodTo=yesterday', 'periodTo'],
      ['?all=1', 'all'],
    ] as const) {
      const res = await call({ method: 'GET', url: `/api/dashboard${query}` });
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body), query).toContain(param);
    }
    const zh = await call({
      method: 'GET',
      url: `/api/dashboard?periodFrom=${daysAgo(400)}&periodTo=${today()}`,
      lang: 'zh',
    });
    expect(JSON.stringify(zh.body)).toContain('统计周期');
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).not.toBe(200);
  });
});
