import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, okClient } from './engine/setup';
import { createTestApp, EDITOR, login, type TestApp } from './helpers';
import { issueApiKey, openCall } from './open-helpers';

// Marketing content beyond the entity contract: each sub-activity type asks for its own fields (a field the
// deployment hides is not asked), a recommended search holds at most three objects (the setting allows five),
// exactly so under parallel adds; a company or product deleted after it was picked is reported, never a crash;
// the marketplace reads only what is published, in order, with an ETag that changes after an edit; callers
// without the menus are refused and malformed bodies are 400s.

// biome-ignore lint/suspicious/noExplicitAny: records of several entities as the API answers them; the assertions check them.
type Rec = Record<string, any>;

let t: TestApp;
let admin: string;
let call: ReturnType<typeof client>;
let ok: ReturnType<typeof okClient>;
let n = 0;

async function createCompany(): Promise<Rec> {
  n++;
  return ok({
    method: 'POST',
    url: '/api/company',
    body: {
      name: `Ningbo Valve Works ${n}`,
      logo: `demo/logo-${n}.png`,
      backgroundImg: `demo/bg-${n}.png`,
      account: `valves${n}x`,
      telphone: '0574-62345678',
      introduce: 'Valves since 1998.',
      email: `sales${n}@example.com`,
      countryCode: 'CN',
      belongAddress: 'No. 8 Renmin Road',
    },
  });
}

async function createProduct(companyId: number, categoryId: number): Promise<Rec> {
  n++;
  return ok({
    method: 'POST',
    url: '/api/product',
    body: {
      name: `Gate Valve ${n}`,
      companyId,
      categoryId1: categoryId,
      logo: `demo/product-${n}.png`,
      shortContent: 'Stainless, PN16',
      brand: 'Ningbo',
      belongAddress: 'Ningbo, Zhejiang',
      content: '<p>A valve.</p>',
      model: `GV-${n}`,
    },
  });
}

const activity = (patch: Rec = {}) =>
  ok({ method: 'POST', url: '/api/popular_activity', body: { title: `Activity ${++n}`, ...patch } });

const sub = (activityId: number, body: Rec) =>
  call({
    method: 'POST',
    url: '/api/popular_sub_activity',
    body: { activityId, remark: 'On the home page', avatar: 'demo/sub.png', ...body },
  });

const fieldsOf = (res: { body: { content: { errors?: { path: string }[] } | null } }) =>
  (res.body.content?.errors ?? []).map((e) => e.path).sort();

let company: Rec;
let productA: Rec;
let productB: Rec;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  call = client(t.app, admin);
  ok = okClient(call);
  const category = await ok({ method: 'POST', url: '/api/product_category', body: { name: 'Valves' } });
  company = await createCompany();
  productA = await createProduct(company.id, category.id);
  productB = await createProduct(company.id, category.id);
});
afterAll(() => t?.close());

describe('sub-activities', () => {
  it('asks each type for its own fields, naming the missing ones', async () => {
    const { id } = await activity();
    const cases: [Rec, string[]][] = [
      [{ type: 'company', targetName: 'x' }, ['companyId']],
      [{ type: 'product', targetName: 'x' }, ['productId']],
      [{ type: 'out_link', targetName: 'x' }, ['url']],
      [{ type: 'new_product', targetName: 'x' }, ['productId', 'title']],
      [{ type: 'image_text', targetName: 'x' }, ['content']],
      [
        { type: 'image_text', content: '<p>x</p>', remark: null, avatar: null },
        ['avatar', 'remark', 'targetName'],
      ],
    ];
    for (const [body, fields] of cases) {
      const res = await sub(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res)).toEqual(fields);
    }
    const link = await sub(id, { type: 'out_link', targetName: 'Guide', url: 'ftp://expo.example.com' });
    expect(fieldsOf(link)).toEqual(['url']);
    const made = await Promise.all([
      sub(id, { type: 'company', targetName: 'Valves', companyId: company.id }),
      sub(id, { type: 'out_link', targetName: 'Guide', url: 'https://expo.example.com/guide' }),
      sub(id, { type: 'new_product', targetName: 'New', productId: productA.id, title: 'New valve' }),
      sub(id, { type: 'image_text', targetName: 'Notes', content: '<p>Hall 3<script>x()</script></p>' }),
    ]);
    expect(made.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(made[3]!.body.content.content).not.toContain('script');
    expect((await ok({ method: 'GET', url: `/api/popular_activity/${id}` })).itemCount).toBe(4);
  });

  it('does not ask for a field the deployment hides', async () => {
    const hiding = await createTestApp({
      config: { fieldPolicy: { popular_sub_activity: { hidden: ['remark'] } } },
    });
    try {
      const hidingOk = okClient(client(hiding.app, await login(hiding.app)));
      const { id } = await hidingOk({ method: 'POST', url: '/api/popular_activity', body: { title: 'A' } });
      const made = await hidingOk({
        method: 'POST',
        url: '/api/popular_sub_activity',
        body: {
          activityId: id,
          type: 'image_text',
          targetName: 'Notes',
          content: '<p>x</p>',
          avatar: 'demo/a.png',
        },
      });
      expect(made.remark ?? null).toBeNull();
    } finally {
      await hiding.close();
    }
  });

  it('reports a product deleted after it was picked, on the list and in the record', async () => {
    const category = await ok({ method: 'POST', url: '/api/product_category', body: { name: 'Pipes' } });
    const doomed = await createProduct(company.id, category.id);
    const { id } = await activity();
    const picked = (await sub(id, { type: 'product', targetName: 'Pipe', productId: doomed.id })).body
      .content;
    await ok({ method: 'DELETE', url: `/api/product/${doomed.id}` });
    const list = await ok({ method: 'GET', url: `/api/popular_sub_activity/list?activityId=${id}` });
    expect(list.list.map((r: Rec) => [r.id, r.targetState])).toEqual([[picked.id, 'deleted']]);
    const one = await ok({ method: 'GET', url: `/api/popular_sub_activity/${picked.id}` });
    expect(one.targetState).toBe('deleted');
    // saved as it was read, it is refused naming the gone product; with another product it saves
    const stale = await call({ method: 'PUT', url: `/api/popular_sub_activity/${picked.id}`, body: one });
    expect(stale.status).toBe(400);
    expect(fieldsOf(stale)).toEqual(['productId']);
    const repicked = await ok({
      method: 'PUT',
      url: `/api/popular_sub_activity/${picked.id}`,
      body: { ...one, productId: productA.id },
    });
    expect(repicked.targetState).not.toBe('deleted');
  });
});

describe('recommended searches', () => {
  const search = () =>
    ok({
      method: 'POST',
      url: '/api/recommend_search',
      body: { enKeyword: `valves ${++n}`, zhKeyword: `阀门${n}` },
    });
  const addObject = (recommendSearchId: number, lang: 'en' | 'zh' = 'en') =>
    call({
      method: 'POST',
      url: '/api/recommend_advertising',
      body: { recommendSearchId, type: 'product', productId: productA.id },
      lang,
    });
  const count = async (id: number) =>
    (await ok({ method: 'GET', url: `/api/recommend_advertising/list?recommendSearchId=${id}` })).total;

  it('holds three objects and refuses the fourth with limitExceed in both languages', async () => {
    const { id } = await search();
    for (let i = 0; i < 3; i++) expect((await addObject(id)).status).toBe(200);
    const fourth = await addObject(id);
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({ code: 42901, message: 'the current limit is exceeded' });
    expect((await addObject(id, 'zh')).body.message).toBe('已超出当前限额');
    expect(await count(id)).toBe(3);
    const list = await ok({ method: 'GET', url: `/api/recommend_advertising/list?recommendSearchId=${id}` });
    expect(list.list[0]).toMatchObject({ targetState: 'unpublished', targetLogo: productA.logo });
  });

  it('lets exactly three of parallel adds through', async () => {
    const { id } = await search();
    const results = await Promise.all(Array.from({ length: 8 }, () => addObject(id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(5);
    expect(await count(id)).toBe(3);
  });

  it('allows five when the setting says so', async () => {
    const set = (value: number | null) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/setting',
        headers: { 'x-token': admin },
        payload: { values: { 'search.recommendMaxObjects': value } },
      });
    expect((await set(5)).statusCode).toBe(200);
    try {
      const { id } = await search();
      const results = await Promise.all(Array.from({ length: 7 }, () => addObject(id)));
      expect(results.filter((r) => r.status === 200)).toHaveLength(5);
      expect(await count(id)).toBe(5);
    } finally {
      expect((await set(null)).statusCode).toBe(200);
    }
    expect((await set(6)).statusCode).toBe(400);
  });
});

describe('the marketplace reads', () => {
  let key: string;
  beforeAll(async () => {
    key = (await issueApiKey(t.app, { scopes: ['marketing:read'], token: admin })).key;
  });

  it('serves published items in order with an ETag, 304 until an edit changes it', async () => {
    const later = await ok({
      method: 'POST',
      url: '/api/search_top',
      body: { enWord: 'pump', zhWord: '泵', sortNo: 20 },
    });
    const first = await ok({
      method: 'POST',
      url: '/api/search_top',
      body: { enWord: 'valve', zhWord: '阀', sortNo: 10 },
    });
    await ok({
      method: 'POST',
      url: '/api/search_top',
      body: { enWord: 'off', zhWord: '停', status: 'disabled' },
    });
    await ok({
      method: 'POST',
      url: '/api/search_top',
      body: { enWord: 'over', zhWord: '过', startDate: '2020-01-01', endDate: '2020-02-01' },
    });
    const read = await openCall(t.app, key, 'GET', '/hot-words');
    expect(read.statusCode).toBe(200);
    expect(read.json().content.list.map((w: Rec) => w.word.en)).toEqual(['valve', 'pump']);
    const etag = read.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await openCall(t.app, key, 'GET', '/hot-words', undefined, {
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await ok({
      method: 'PATCH',
      url: `/api/search_top/${later.id}`,
      body: { version: later.version, sortNo: 5 },
    });
    const changed = await openCall(t.app, key, 'GET', '/hot-words', undefined, {
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().content.list.map((w: Rec) => w.id)).toEqual([later.id, first.id]);
  });

  it('leaves out disabled activities and sub-activities whose target is not shown', async () => {
    const shown = await activity({ sortNo: 1 });
    await activity({ sortNo: 2, status: 'disabled' });
    await ok({ method: 'POST', url: `/api/product/disable/${productB.id}` });
    await sub(shown.id, { type: 'product', targetName: 'Valve', productId: productB.id, sortNo: 1 });
    const link = (
      await sub(shown.id, { type: 'out_link', targetName: 'Guide', url: 'https://a.example', sortNo: 2 })
    ).body.content;
    const read = await openCall(t.app, key, 'GET', '/popular-activities');
    expect(read.statusCode).toBe(200);
    const got = read.json().content.list.find((a: Rec) => a.id === shown.id);
    // the product is disabled: only the link is published
    expect(got.items.map((i: Rec) => i.id)).toEqual([link.id]);
    expect(read.json().content.list.every((a: Rec) => a.title !== 'disabled')).toBe(true);
    const recs = await openCall(t.app, key, 'GET', '/recommended-searches');
    expect(recs.statusCode).toBe(200);
  });

  it('refuses a key without the read scope', async () => {
    const other = (await issueApiKey(t.app, { scopes: ['announcements:read'], token: admin })).key;
    expect((await openCall(t.app, other, 'GET', '/hot-words')).statusCode).toBe(403);
  });
});

describe('access and bad input', () => {
  it('refuses a caller without the menus and answers 400 to malformed bodies', async () => {
    const editor = await login(t.app, EDITOR.account, EDITOR.password);
    for (const entity of [
      'popular_activity',
      'popular_sub_activity',
      'search_top',
      'recommend_search',
      'recommend_advertising',
    ]) {
      const listed = await call({ method: 'GET', url: `/api/${entity}/list`, token: editor });
      expect(listed.status, entity).toBe(403);
      const created = await call({ method: 'POST', url: `/api/${entity}`, body: {}, token: editor });
      expect(created.status, entity).toBe(403);
      for (const body of [null, [], 42, { type: 'nope', activityId: 'x', recommendSearchId: -1 }]) {
        const res = await call({ method: 'POST', url: `/api/${entity}`, body });
        expect(res.status, `${entity} ${JSON.stringify(body)}`).toBe(400);
      }
    }
    const missing = await call({
      method: 'POST',
      url: '/api/recommend_advertising',
      body: { recommendSearchId: 999999, type: 'company', companyId: company.id },
    });
    expect(missing.status).toBe(400);
  });
});
