import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyRequirementMail, buyRequirementReveal, mailLog } from '../src/db/schema';
import type { Extensions } from '../src/extensions';
import { expireRequirements, seedRequirementDemo } from '../src/modules/requirements';
import { quotaUsage } from '../src/quota/quota';
import { type Call, client, companyBody, createEngineApp, okClient } from './engine/setup';
import { EDITOR, login } from './helpers';
import { issueApiKey, openCall } from './open-helpers';

// Purchase requirements: the number given on create, authorise / refuse and who may, expiry with a moved
// clock, the supplier's masked reads and reveals against the monthly limit (at the boundary and in
// parallel), the matching mail (exactly the matching companies, once), bad bodies, and the marketplace routes.

// biome-ignore lint/suspicious/noExplicitAny: API records; the assertions check their fields.
type Rec = Record<string, any>;

let t: Awaited<ReturnType<typeof createEngineApp>>;
let call: ReturnType<typeof client>;
let ok: ReturnType<typeof okClient>;
let n = 0;
let pumps: Rec;
let centrifugal: Rec;
let motors: Rec;
let buyer: Rec;
let ext: Extensions;
const expiryEngine = () => ({ engine: ext.engine, extensions: ext });

const DAY_MS = 86_400_000;
const future = (days = 30) => new Date(Date.now() + days * DAY_MS).toISOString();

const requirementBody = (patch: Rec = {}): Rec => ({
  title: `Stainless pumps ${++n}`,
  categoryId: centrifugal.id,
  endTime: future(),
  userId: buyer.id,
  company: 'Lagos Water Works Ltd.',
  country: 'Nigeria',
  contactTypes: ['email'],
  contactName: 'Ade Okafor',
  mobile: '13800001234',
  tel: '0512-62345678',
  email: 'ade@lagoswater.example',
  ...patch,
});

const createRequirement = (patch: Rec = {}) =>
  ok({ method: 'POST', url: '/api/buy_requirement', body: requirementBody(patch) });
const authorise = (id: number) =>
  ok({ method: 'POST', url: `/api/buy_requirement/authorise/${id}`, body: {} });
const authorised = async (patch: Rec = {}) => {
  const r = await createRequirement(patch);
  return authorise(r.id);
};

async function supplierOf(patch: Rec = {}): Promise<{ company: Rec; token: string }> {
  const company = await ok({
    method: 'POST',
    url: '/api/company',
    body: companyBody(`rq${++n}`, { password: 'Supplier2025', ...patch }),
  });
  return { company, token: await login(t.app, company.account, 'Supplier2025') };
}

beforeAll(async () => {
  t = await createEngineApp({
    extraModules: [
      {
        name: 'expiry-probe',
        register: (registry) => {
          ext = registry;
        },
      },
    ],
  });
  call = client(t.app, t.token);
  ok = okClient(call);
  pumps = await ok({ method: 'POST', url: '/api/product_category', body: { name: 'Pumps', zhName: '泵' } });
  centrifugal = await ok({
    method: 'POST',
    url: '/api/product_category',
    body: { name: 'Centrifugal pumps', zhName: '离心泵', parentId: pumps.id },
  });
  motors = await ok({
    method: 'POST',
    url: '/api/product_category',
    body: { name: 'Motors', zhName: '电机' },
  });
  buyer = await ok({
    method: 'POST',
    url: '/api/user_manager',
    body: { account: `buyer${Date.now() % 100000}`, password: 'Buyer12345', type: 'buyer' },
  });
});
afterAll(() => t?.close());

describe('requirements as staff see them', () => {
  it('numbers a new requirement readably and keeps the number and authorisation out of the caller’s hands', async () => {
    const r = await createRequirement();
    expect(r.requirementNo).toMatch(/^BR\d{8}-\d{6}$/);
    expect(r).toMatchObject({ authed: 'pending', status: 'effective', clickNum: 0 });
    // a computed field sent changed is ignored: the number stays what the server gave
    const changed = await call({
      method: 'PUT',
      url: `/api/buy_requirement/${r.id}`,
      body: { ...r, requirementNo: 'BR20990101-000001' },
    });
    expect(changed.status).toBe(200);
    const again = await ok({ method: 'GET', url: `/api/buy_requirement/${r.id}` });
    expect(again.requirementNo).toBe(r.requirementNo);
    const status = await call({
      method: 'PUT',
      url: `/api/buy_requirement/${r.id}`,
      body: { ...again, authed: 'authorised' },
    });
    expect(status.status).toBe(400);
    expect((await ok({ method: 'GET', url: `/api/buy_requirement/${r.id}` })).authed).toBe('pending');
    const back = await call({ method: 'PUT', url: `/api/buy_requirement/${r.id}`, body: again });
    expect(back.status).toBe(200);
  });

  it('refuses a malformed body naming the field, in both languages, and writes nothing', async () => {
    const before = (await ok({ method: 'GET', url: '/api/buy_requirement/list' })).total;
    for (const lang of ['en', 'zh'] as const) {
      const res = await call({ method: 'POST', url: '/api/buy_requirement', body: { budget: 3 }, lang });
      expect(res.status).toBe(400);
      const paths = res.body.content.errors.map((e: Rec) => e.path);
      expect(paths).toEqual(expect.arrayContaining(['title', 'categoryId', 'endTime', 'budget']));
    }
    const bad = await call({
      method: 'POST',
      url: '/api/buy_requirement',
      body: requirementBody({ email: 'x' }),
    });
    expect(bad.status).toBe(400);
    expect((await ok({ method: 'GET', url: '/api/buy_requirement/list' })).total).toBe(before);
  });

  it('authorises, and refuses only with a reason; an editor without the permission may do neither', async () => {
    const r = await createRequirement();
    const editor = await login(t.app, EDITOR.account, EDITOR.password);
    const denied = await call({
      method: 'POST',
      url: `/api/buy_requirement/authorise/${r.id}`,
      body: {},
      token: editor,
    });
    expect(denied.status).toBe(403);
    const noReason = await call({ method: 'POST', url: `/api/buy_requirement/refuse/${r.id}`, body: {} });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body.content)).toContain('reason');
    const refused = await ok({
      method: 'POST',
      url: `/api/buy_requirement/refuse/${r.id}`,
      body: { reason: 'No contact' },
    });
    expect(refused).toMatchObject({ authed: 'refused', refuseReason: 'No contact' });
    expect(await authorise(r.id)).toMatchObject({ authed: 'authorised', refuseReason: null });
    const stored = await ok({ method: 'GET', url: `/api/buy_requirement/${r.id}` });
    expect(stored.authed).toBe('authorised');
  });

  it('expires a requirement once its end time passed, with the clock moved, once across parallel runs', async () => {
    const a = await createRequirement({ endTime: future(2) });
    const b = await createRequirement({ endTime: future(2) });
    const later = new Date(Date.now() + 3 * DAY_MS);
    const runs = await Promise.all([
      expireRequirements(t.db, expiryEngine(), later),
      expireRequirements(t.db, expiryEngine(), later),
    ]);
    expect(runs.reduce((sum, r) => sum + r.expired, 0)).toBeGreaterThanOrEqual(2);
    expect(runs.filter((r) => r.expired > 0)).toHaveLength(1);
    for (const id of [a.id, b.id])
      expect((await ok({ method: 'GET', url: `/api/buy_requirement/${id}` })).status).toBe('expired');
    // each expiry is a version of its own in the history, naming the system
    const history = await ok({ method: 'GET', url: `/api/buy_requirement/${a.id}/history` });
    expect(history[0]).toMatchObject({
      action: 'expire',
      actorAccount: 'system',
      changes: expect.arrayContaining([{ field: 'status', old: 'effective', new: 'expired' }]),
    });
    const list = await ok({ method: 'GET', url: '/api/buy_requirement/list?status=expired' });
    expect(list.list.map((r: Rec) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    // the end time moved into the future: effective again on the next run
    const current = await ok({ method: 'GET', url: `/api/buy_requirement/${a.id}` });
    await ok({
      method: 'PUT',
      url: `/api/buy_requirement/${a.id}`,
      body: { ...current, endTime: future(10) },
    });
    await expireRequirements(t.db, expiryEngine(), new Date());
    expect((await ok({ method: 'GET', url: `/api/buy_requirement/${a.id}` })).status).toBe('effective');
    const renewed = await ok({ method: 'GET', url: `/api/buy_requirement/${a.id}/history` });
    expect(renewed[0]).toMatchObject({ action: 'renew', actorAccount: 'system' });
  });

  it('moves more requirements than one batch holds in one run', async () => {
    const made = await Promise.all(
      Array.from({ length: 3 }, () => createRequirement({ endTime: future(1) })),
    );
    const later = new Date(Date.now() + 2 * DAY_MS);
    const run = await expireRequirements(t.db, expiryEngine(), later, 2);
    expect(run.expired).toBeGreaterThanOrEqual(made.length);
    for (const r of made)
      expect((await ok({ method: 'GET', url: `/api/buy_requirement/${r.id}` })).status).toBe('expired');
  });
});

describe('supplier accounts', () => {
  it('cannot open the staff routes: list, one record, export, history; options carry no contact', async () => {
    const r = await authorised();
    const { token } = await supplierOf();
    for (const url of [
      '/api/buy_requirement/list',
      `/api/buy_requirement/${r.id}`,
      '/api/buy_requirement/export?format=csv',
      `/api/buy_requirement/${r.id}/history`,
      '/api/buy_requirement/trash',
    ]) {
      const res = await call({ method: 'GET', url, token });
      expect(res.status, url).toBe(403);
    }
    for (const url of [`/api/buy_requirement/authorise/${r.id}`, `/api/buy_requirement/refuse/${r.id}`]) {
      const res = await call({ method: 'POST', url, body: { reason: 'x' }, token });
      expect(res.status, url).toBe(403);
    }
    const options = await call({ method: 'GET', url: `/api/buy_requirement/options?ids=${r.id}`, token });
    const text = JSON.stringify(options.body);
    for (const secret of ['Ade Okafor', '13800001234', 'ade@lagoswater', '62345678'])
      expect(text).not.toContain(secret);
  });

  it('see authorised, effective requirements only, with the contact masked until their company reveals it', async () => {
    const shown = await authorised({ title: `Masked pumps ${++n}` });
    const pending = await createRequirement();
    const expired = await authorised({ endTime: future(1) });
    await expireRequirements(t.db, expiryEngine(), new Date(Date.now() + 2 * DAY_MS));
    const { token } = await supplierOf();
    const as = (c: Call) => call({ ...c, token });
    const list = (await as({ method: 'GET', url: '/api/buy_requirement/market/list?size=50' })).body.content;
    const ids = list.list.map((r: Rec) => r.id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(pending.id);
    expect(ids).not.toContain(expired.id);
    for (const id of [pending.id, expired.id])
      expect((await as({ method: 'GET', url: `/api/buy_requirement/market/${id}` })).status).toBe(404);
    const masked = list.list.find((r: Rec) => r.id === shown.id);
    expect(masked).toMatchObject({
      isRevealed: false,
      contactName: 'A*******or',
      email: 'a***@lagoswater.example',
    });
    expect(masked.mobile).toBe('1********34');
    expect(masked.leftDate).toBeGreaterThan(0);
    const one = (await as({ method: 'GET', url: `/api/buy_requirement/market/${shown.id}` })).body.content;
    expect(JSON.stringify(one)).not.toContain('13800001234');
    const revealed = await as({ method: 'POST', url: `/api/buy_requirement/market/reveal/${shown.id}` });
    expect(revealed.body.content).toMatchObject({
      isRevealed: true,
      mobile: '13800001234',
      contactName: 'Ade Okafor',
    });
    const after = (await as({ method: 'GET', url: `/api/buy_requirement/market/${shown.id}` })).body.content;
    expect(after).toMatchObject({ isRevealed: true, email: 'ade@lagoswater.example' });
    // staff see every contact on the same screen, and have nothing to reveal
    const staff = (await ok({ method: 'GET', url: `/api/buy_requirement/market/${shown.id}` })) as Rec;
    expect(staff).toMatchObject({ isRevealed: true, mobile: '13800001234' });
    const staffReveal = await call({ method: 'POST', url: `/api/buy_requirement/market/reveal/${shown.id}` });
    expect(staffReveal.status).toBe(403);
    // an account without the screen's menu (the demo editor) cannot read it
    const editor = await login(t.app, EDITOR.account, EDITOR.password);
    const refused = await call({ method: 'GET', url: '/api/buy_requirement/market/list', token: editor });
    expect(refused.status).toBe(403);
  });

  it('reveal up to the monthly limit; a second reveal of the same requirement is free; the next is refused', async () => {
    const { company, token } = await supplierOf({ buyRequirementAuthLimit: 2 });
    const [a, b, c] = [await authorised(), await authorised(), await authorised()];
    const reveal = (id: number, lang: 'en' | 'zh' = 'en') =>
      call({ method: 'POST', url: `/api/buy_requirement/market/reveal/${id}`, token, lang });
    expect((await reveal(a.id)).status).toBe(200);
    expect((await reveal(a.id)).status).toBe(200);
    expect((await reveal(b.id)).status).toBe(200);
    const refused = await reveal(c.id);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('the current limit is exceeded');
    expect((await reveal(c.id, 'zh')).body.message).toBe('已超出当前限额');
    expect(await quotaUsage(t.db, { companyId: company.id, key: 'buyRequirementAuth' })).toBe(2);
    const rows = await t.db
      .select()
      .from(buyRequirementReveal)
      .where(eq(buyRequirementReveal.companyId, company.id));
    expect(rows.map((r) => r.requirementId).sort()).toEqual([a.id, b.id].sort());
    const still = await call({ method: 'GET', url: `/api/buy_requirement/market/${c.id}`, token });
    expect(still.body.content.isRevealed).toBe(false);
  });

  it('never pass the limit with parallel reveals', async () => {
    const { company, token } = await supplierOf({ buyRequirementAuthLimit: 3 });
    const targets = await Promise.all(Array.from({ length: 8 }, () => authorised()));
    const results = await Promise.all(
      targets.map((r) => call({ method: 'POST', url: `/api/buy_requirement/market/reveal/${r.id}`, token })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(5);
    expect(await quotaUsage(t.db, { companyId: company.id, key: 'buyRequirementAuth' })).toBe(3);
    const rows = await t.db
      .select()
      .from(buyRequirementReveal)
      .where(eq(buyRequirementReveal.companyId, company.id));
    expect(rows).toHaveLength(3);
  });

  it('answer a malformed id with a 400 naming it', async () => {
    const { token } = await supplierOf();
    const res = await call({ method: 'POST', url: '/api/buy_requirement/market/reveal/abc', token });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('id');
  });
});

describe('the matching mail', () => {
  it('goes to exactly the matching companies with the flag on, once however often it is authorised', async () => {
    const company = async (patch: Rec) =>
      (await ok({ method: 'POST', url: '/api/company', body: companyBody(`mail${++n}`, patch) })) as Rec;
    const same = await company({ productCategoryIds: [centrifugal.id], languages: ['zh'] });
    const parent = await company({ productCategoryIds: [pumps.id] });
    const flagOff = await company({ productCategoryIds: [centrifugal.id], sendedEmail: false });
    const other = await company({ productCategoryIds: [motors.id] });
    const r = await createRequirement({ title: `Mail pumps ${++n}` });
    await authorise(r.id);
    await ok({ method: 'POST', url: `/api/buy_requirement/refuse/${r.id}`, body: { reason: 'Again' } });
    await authorise(r.id);
    const sent = await t.db
      .select()
      .from(buyRequirementMail)
      .where(eq(buyRequirementMail.requirementId, r.id));
    expect(sent.map((s) => s.companyId).sort()).toEqual([same.id, parent.id].sort());
    for (const c of [flagOff, other]) expect(sent.map((s) => s.companyId)).not.toContain(c.id);
    const logged = await t.db
      .select()
      .from(mailLog)
      .where(and(eq(mailLog.template, 'buyRequirementMatch'), eq(mailLog.to, same.email)));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ lang: 'zh' });
    expect(logged[0]!.body).toContain(r.title);
    const both = await t.db
      .select()
      .from(mailLog)
      .where(and(eq(mailLog.template, 'buyRequirementMatch'), eq(mailLog.to, parent.email)));
    expect(both).toHaveLength(1);
    expect(both[0]!.body).toContain('A buyer is looking for');
    expect(both[0]!.body).toContain('有采购商正在采购');
    for (const c of [flagOff, other]) {
      const none = await t.db.select().from(mailLog).where(eq(mailLog.to, c.email));
      expect(none).toHaveLength(0);
    }
  });
});

describe('the marketplace routes', () => {
  it('create a pending requirement once for a retried request, list authorised ones without contact, count views', async () => {
    const { key } = await issueApiKey(t.app, { scopes: ['requirements:write', 'requirements:read'] });
    const body = {
      title: `Open pumps ${++n}`,
      categoryId: centrifugal.id,
      userId: buyer.id,
      endTime: future(20),
      contactName: 'Lin Wei',
      mobile: '13900002222',
      email: 'lin@example.com',
    };
    const first = await openCall(t.app, key, 'POST', '/requirements', body, { idempotencyKey: 'rq-retry-1' });
    expect(first.statusCode, first.body).toBe(200);
    const retry = await openCall(t.app, key, 'POST', '/requirements', body, { idempotencyKey: 'rq-retry-1' });
    expect(retry.json()).toEqual(first.json());
    const created = first.json().content ?? first.json().data;
    const list = await ok({
      method: 'GET',
      url: `/api/buy_requirement/list?keyword=${encodeURIComponent(body.title)}`,
    });
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ authed: 'pending', contactName: 'Lin Wei' });
    const id = list.list[0].id;
    expect(JSON.stringify(created)).toContain(String(id));

    let listed = await openCall(t.app, key, 'GET', `/requirements?keyword=${encodeURIComponent(body.title)}`);
    expect(JSON.stringify(listed.json())).not.toContain(body.title);
    await authorise(id);
    listed = await openCall(t.app, key, 'GET', `/requirements?categoryId=${centrifugal.id}&size=50`);
    const text = JSON.stringify(listed.json());
    expect(text).toContain(body.title);
    for (const secret of ['Lin Wei', '13900002222', 'lin@example.com']) expect(text).not.toContain(secret);

    const viewed = await openCall(t.app, key, 'POST', `/requirements/${id}/view`);
    expect(viewed.statusCode).toBe(200);
    expect((await ok({ method: 'GET', url: `/api/buy_requirement/${id}` })).clickNum).toBe(1);
  });

  it('refuse a bad body naming the field, an unknown category, and a key without the scope', async () => {
    const { key } = await issueApiKey(t.app, { scopes: ['requirements:write'] });
    const bad = await openCall(t.app, key, 'POST', '/requirements', { title: '', categoryId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('categoryId');
    const unknown = await openCall(t.app, key, 'POST', '/requirements', {
      title: 'Ghost',
      categoryId: 999999,
      userId: buyer.id,
      endTime: future(),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('categoryId');
    const read = await openCall(t.app, key, 'GET', '/requirements');
    expect(read.statusCode).toBe(403);
    const missing = await openCall(t.app, key, 'POST', '/requirements/999999/view');
    expect(missing.statusCode).toBe(404);
  });
});

describe('demo data', () => {
  it('adds requirements in both languages in every state, and a couple of reveals', async () => {
    await supplierOf();
    await seedRequirementDemo({ db: t.db, config: t.config, log: () => {} });
    const count = async (query: string) =>
      (await ok({ method: 'GET', url: `/api/buy_requirement/list?size=1&${query}` })).total as number;
    for (const authed of ['pending', 'authorised', 'refused'])
      expect(await count(`authed=${authed}`)).toBeGreaterThan(0);
    expect(await count('status=expired')).toBeGreaterThan(0);
    expect(await count(`keyword=${encodeURIComponent('求购')}`)).toBeGreaterThan(0);
    expect(await count('keyword=Looking')).toBeGreaterThan(0);
    expect((await t.db.select().from(buyRequirementReveal)).length).toBeGreaterThan(2);
  });
});
