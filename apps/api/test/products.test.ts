import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTables } from '../src/db/schema/entities';
import { publicProductCondition } from '../src/modules/products';
import { type Call, client, createEngineApp } from './engine/setup';
import { login, multipart } from './helpers';

// Products: the two-level category tree, kind-dependent fields, category levels, the monthly product and
// standout quotas under concurrency, the audit (a supplier's edit sends a passed product back), supplier
// accounts confined to their own company's products on every route, and a record read back field by field.

// biome-ignore lint/suspicious/noExplicitAny: API records; the assertions check their fields.
type Rec = Record<string, any>;

let t: Awaited<ReturnType<typeof createEngineApp>>;
let call: (c: Call) => ReturnType<ReturnType<typeof client>>;
let n = 0;
let top: Rec;
let sub: Rec;

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(200, 7)]);

const errorsOf = (res: { body: { content: { errors: { path: string; message: string }[] } } }) =>
  Object.fromEntries(res.body.content.errors.map((e) => [e.path, e.message]));

async function ok(c: Call): Promise<Rec> {
  const res = await call(c);
  if (res.status !== 200) throw new Error(`${c.method} ${c.url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.content;
}

const createCategory = (patch: Rec = {}) =>
  ok({ method: 'POST', url: '/api/product_category', body: { name: `Category ${++n}`, ...patch } });

async function createCompany(patch: Rec = {}): Promise<Rec> {
  n++;
  return ok({
    method: 'POST',
    url: '/api/company',
    body: {
      name: `Suzhou Pump Works ${n} Co., Ltd.`,
      logo: `demo/logo-${n}.png`,
      backgroundImg: `demo/bg-${n}.png`,
      account: `pumps${n}x`,
      telphone: '0512-62345678',
      introduce: 'Pumps since 2001.',
      email: `sales${n}@example.com`,
      countryCode: 'CN',
      belongAddress: 'No. 8 Renmin Road',
      ...patch,
    },
  });
}

/** A valid device body (the required fields). */
const productBody = (companyId: number, patch: Rec = {}): Rec => ({
  name: `Centrifugal Pump ${++n}`,
  companyId,
  categoryId1: top.id,
  logo: `demo/product-${n}.png`,
  shortContent: 'Stainless, 5 bar, OEM welcome',
  brand: 'Huaxin',
  belongAddress: 'Suzhou, Jiangsu',
  content: '<p>A pump.</p>',
  model: `HX-${n}`,
  ...patch,
});

const createProduct = (companyId: number, patch: Rec = {}) =>
  ok({ method: 'POST', url: '/api/product', body: productBody(companyId, patch) });

const get = (id: number) => ok({ method: 'GET', url: `/api/product/${id}` });

beforeAll(async () => {
  t = await createEngineApp();
  call = client(t.app, t.token);
  top = await createCategory({ enName: 'Pumps', zhName: '泵' });
  sub = await createCategory({ parentId: top.id, enName: 'Centrifugal pumps', zhName: '离心泵' });
});
afterAll(() => t?.close());

describe('product categories (two levels)', () => {
  it('refuses a third level on create, naming parentId in both languages', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const res = await call({
        method: 'POST',
        url: '/api/product_category',
        body: { name: `Third ${lang}`, parentId: sub.id },
        lang,
      });
      expect(res.status).toBe(400);
      expect(errorsOf(res)).toEqual({
        parentId:
          lang === 'en' ? 'Parent category: categories have at most 2 levels' : '上级分类：分类最多 2 级',
      });
    }
  });

  it('refuses to move a category with children under another one, and moves a childless one', async () => {
    const other = await createCategory();
    const withChild = await createCategory();
    await createCategory({ parentId: withChild.id });
    const moved = await call({
      method: 'PUT',
      url: `/api/product_category/${withChild.id}`,
      body: { version: withChild.version, parentId: other.id },
    });
    expect(moved.status).toBe(400);
    expect(errorsOf(moved)).toEqual({ parentId: 'Parent category: categories have at most 2 levels' });
    // an edit under a second-level category is refused too
    const leaf = await createCategory();
    const deeper = await call({
      method: 'PUT',
      url: `/api/product_category/${leaf.id}`,
      body: { version: leaf.version, parentId: sub.id },
    });
    expect(errorsOf(deeper)).toEqual({ parentId: 'Parent category: categories have at most 2 levels' });
    const fine = await ok({
      method: 'PUT',
      url: `/api/product_category/${leaf.id}`,
      body: { version: leaf.version, parentId: other.id },
    });
    expect(fine.parentId).toBe(other.id);
    const tree = await ok({ method: 'GET', url: '/api/product_category/tree' });
    const node = tree.list.find((c: Rec) => c.id === other.id);
    expect(node.children.map((c: Rec) => c.id)).toEqual([leaf.id]);
  });

  it('makes the company’s main product categories a relation to them', async () => {
    const company = await createCompany({ productCategoryIds: [top.id, sub.id] });
    expect(company).toMatchObject({ productCategoryIds: [top.id, sub.id] });
    expect(company.productCategoryIdsLabels).toEqual([top.name, sub.name]);
    const bad = await call({
      method: 'POST',
      url: '/api/company',
      body: { ...company, id: undefined, account: `pumps${++n}y`, productCategoryIds: [999999] },
    });
    expect(bad.status).toBe(400);
  });
});

describe('product kinds', () => {
  let company: Rec;
  beforeAll(async () => {
    company = await createCompany();
  });

  it('asks each kind for its own fields only, in both languages', async () => {
    const { model: _, ...noModel } = productBody(company.id);
    for (const lang of ['en', 'zh'] as const) {
      const res = await call({ method: 'POST', url: '/api/product', body: noModel, lang });
      expect(errorsOf(res)).toEqual({ model: lang === 'en' ? 'Model is required' : '请填写型号' });
    }
    const material = await call({
      method: 'POST',
      url: '/api/product',
      body: { ...noModel, kind: 'material' },
    });
    expect(errorsOf(material)).toEqual({ grade: 'Grade is required' });
    const subMaterial = await call({
      method: 'POST',
      url: '/api/product',
      body: { ...noModel, kind: 'subMaterial', grade: '304' },
    });
    expect(errorsOf(subMaterial)).toEqual({ parentId: 'Parent material is required' });
  });

  it('wants a sub-material’s parent to be a material, and drops the other kinds’ fields', async () => {
    const device = await createProduct(company.id, { power: 7.5 });
    const steel = await createProduct(company.id, { kind: 'material', grade: '304', model: 'dropped' });
    expect(steel).toMatchObject({ kind: 'material', grade: '304', model: null, power: null });
    const onDevice = await call({
      method: 'POST',
      url: '/api/product',
      body: productBody(company.id, { kind: 'subMaterial', grade: '304', parentId: device.id }),
      lang: 'zh',
    });
    expect(errorsOf(onDevice)).toEqual({ parentId: '所属材料必须是产品类型为材料的记录' });
    const cut = await createProduct(company.id, { kind: 'subMaterial', grade: '304', parentId: steel.id });
    expect(cut).toMatchObject({ parentId: steel.id, parentIdLabel: steel.name });

    // switching the kind away empties the old kind's fields
    const switched = await ok({
      method: 'PUT',
      url: `/api/product/${device.id}`,
      body: { version: device.version, kind: 'material', grade: 'Q235' },
    });
    expect(switched).toMatchObject({ kind: 'material', model: null, power: null, grade: 'Q235' });
  });

  it('wants a top-level category and a second-level one under it', async () => {
    const other = await createCategory();
    const wrongTop = await call({
      method: 'POST',
      url: '/api/product',
      body: productBody(company.id, { categoryId1: sub.id }),
    });
    expect(errorsOf(wrongTop)).toEqual({ categoryId1: 'Category must be a top-level one' });
    const wrongSub = await call({
      method: 'POST',
      url: '/api/product',
      body: productBody(company.id, { categoryId: sub.id, categoryId1: other.id }),
      lang: 'zh',
    });
    expect(errorsOf(wrongSub)).toEqual({ categoryId: '二级分类必须是所选一级分类的下级' });
    const good = await createProduct(company.id, { categoryId: sub.id });
    // moving the product to another top-level category leaves its second-level one behind: refused
    const moved = await call({
      method: 'PUT',
      url: `/api/product/${good.id}`,
      body: { version: good.version, categoryId1: other.id },
    });
    expect(errorsOf(moved)).toEqual({ categoryId: 'Sub-category must be one under the chosen Category' });
  });

  it('refuses a short description over 40 characters and images of other types', async () => {
    const res = await call({
      method: 'POST',
      url: '/api/product',
      body: productBody(company.id, { shortContent: 'x'.repeat(41) }),
    });
    expect(errorsOf(res)).toEqual({ shortContent: 'Short description allows at most 40 characters' });
  });
});

describe('a product read back field by field', () => {
  it('stores what was set, then what was changed and cleared', async () => {
    const company = await createCompany();
    const tag = await ok({ method: 'POST', url: '/api/product_tag', body: { name: `Hot sale ${++n}` } });
    const body = productBody(company.id, {
      enName: 'Centrifugal pump',
      zhName: '离心泵',
      categoryId: sub.id,
      hot: true,
      cardStandout: true,
      tags: [tag.id],
      price: 1280.5,
      priceUnit: 'set',
      priceTerm: 'fob',
      placeOfOrigin: 'jiangsu',
      minOrder: 10,
      power: 7.5,
      warrantyMonths: 24,
      imgs: ['demo/a.png', 'demo/b.png'],
      adVideos: 'demo/pump.mp4',
      args: { address: 'Suzhou', size: '40x30x30 cm' },
      dynamicFormGroupCode: 'machine',
      dynamicFormValues: { power: 7.5, voltage: '380V', certifications: ['CE', 'ISO9001'] },
      content: '<p>Flow <b>12 m³/h</b><script>alert(1)</script></p>',
    });
    const created = await ok({ method: 'POST', url: '/api/product', body });
    const read = await get(created.id);
    const { content, ...rest } = body;
    expect(read).toMatchObject({
      ...rest,
      companyName: company.name,
      categoryIdLabel: sub.name,
      tagsLabels: [tag.name],
      auditStatus: 'pending',
      isPublic: false,
      source: 'console',
      collectNum: 0,
      clickNum: 0,
      shareNum: 0,
    });
    expect(read.content).toContain('<b>12 m³/h</b>');
    expect(read.content).not.toContain('script');

    const changed = await ok({
      method: 'PUT',
      url: `/api/product/${created.id}`,
      body: {
        version: read.version,
        hot: false,
        cardStandout: false,
        enName: null,
        categoryId: null,
        tags: [],
        price: null,
        priceTerm: null,
        power: null,
        imgs: [],
        adVideos: null,
        args: null,
        dynamicFormGroupCode: null,
        dynamicFormValues: null,
      },
    });
    const back = await get(created.id);
    expect(back).toEqual(changed);
    expect(back).toMatchObject({
      hot: false,
      cardStandout: false,
      enName: null,
      zhName: '离心泵',
      categoryId: null,
      tags: [],
      price: null,
      priceTerm: null,
      priceUnit: 'set',
      power: null,
      imgs: [],
      adVideos: null,
      args: null,
      dynamicFormValues: null,
      dynamicFormGroupCode: null,
    });
    const bad = await call({
      method: 'PUT',
      url: `/api/product/${created.id}`,
      body: { version: back.version, priceUnit: 'bushel' },
    });
    expect(Object.keys(errorsOf(bad))).toEqual(['priceUnit']);
  });

  it('finds products by name, brand, short description or company name, in Chinese too', async () => {
    const company = await createCompany({ name: `杭州明泰泵业有限公司${++n}` });
    const p = await createProduct(company.id, {
      name: `磁力泵 ${n}`,
      brand: 'Mingtai',
      zhName: '磁力驱动泵',
    });
    const find = async (keyword: string) =>
      (await ok({ method: 'GET', url: `/api/product/list?keyword=${encodeURIComponent(keyword)}` })).list.map(
        (r: Rec) => r.id,
      );
    expect(await find('磁力')).toContain(p.id);
    expect(await find('明泰泵业')).toContain(p.id);
    expect(await find('泵')).toContain(p.id);
    expect(await find('mingtai')).toContain(p.id);
    expect(await find('no such pump')).toEqual([]);
  });
});

describe('product limits (what a company has at once)', () => {
  const create = (companyId: number) =>
    call({ method: 'POST', url: '/api/product', body: productBody(companyId) });
  const live = async (companyId: number, query = '') =>
    (await ok({ method: 'GET', url: `/api/product/list?companyId=${companyId}${query}` })).total as number;

  it('lets exactly the product limit of parallel creates through, answering limitExceed to the rest', async () => {
    const company = await createCompany({ productLimit: 3 });
    const results = await Promise.all(Array.from({ length: 12 }, () => create(company.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(9);
    expect(refused[0]!.body).toMatchObject({ code: 42901, message: 'the current limit is exceeded' });
    const zh = await call({ method: 'POST', url: '/api/product', body: productBody(company.id), lang: 'zh' });
    expect(zh.body).toMatchObject({ code: 42901, message: '已超出当前限额' });
    expect(await live(company.id)).toBe(3);
  });

  it('lets one of two parallel creates through at one below the limit', async () => {
    const company = await createCompany({ productLimit: 3 });
    await createProduct(company.id);
    await createProduct(company.id);
    const results = await Promise.all([create(company.id), create(company.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 429]);
    expect(await live(company.id)).toBe(3);
  });

  it('counts live products: a deleted one frees its place, restoring it past the limit is refused', async () => {
    const company = await createCompany({ productLimit: 2 });
    const first = await createProduct(company.id);
    await createProduct(company.id);
    expect((await create(company.id)).status).toBe(429);
    await ok({ method: 'DELETE', url: `/api/product/${first.id}` });
    // deleting every product and adding again, month after month, never passes the limit
    const again = await create(company.id);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const restore = await call({ method: 'POST', url: `/api/product/restore/${first.id}` });
    expect(restore.status).toBe(429);
    expect((await call({ method: 'GET', url: `/api/product/${first.id}` })).status).toBe(404);
    expect(await live(company.id)).toBe(2);
    // a lower limit keeps what the company has and refuses more
    const current = await ok({ method: 'GET', url: `/api/company/${company.id}` });
    await ok({
      method: 'PUT',
      url: `/api/company/${company.id}`,
      body: { version: current.version, productLimit: 1 },
    });
    expect((await create(company.id)).status).toBe(429);
    expect(await live(company.id)).toBe(2);
  });

  it('limits the standout cards a company has at once, in parallel too; turning one off frees its place', async () => {
    const company = await createCompany({ productCardStandoutLimit: 2 });
    const products = await Promise.all(Array.from({ length: 6 }, () => createProduct(company.id)));
    const standout = (p: Rec, on: boolean) =>
      call({ method: 'PUT', url: `/api/product/${p.id}`, body: { version: p.version, cardStandout: on } });
    const results = await Promise.all(products.map((p) => standout(p, true)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 429)).toHaveLength(4);
    expect(await live(company.id, '&cardStandout=true')).toBe(2);
    const on = results.find((r) => r.status === 200)!.body.content;
    const offProduct = products.find(
      (p) => !results.some((r) => r.status === 200 && r.body.content.id === p.id),
    )!;
    await ok({
      method: 'PUT',
      url: `/api/product/${on.id}`,
      body: { version: on.version, cardStandout: false },
    });
    // switched on three times this month, but never more than two at once
    const third = await standout(await get(offProduct.id), true);
    expect(third.status, JSON.stringify(third.body)).toBe(200);
    expect(await live(company.id, '&cardStandout=true')).toBe(2);
    const created = await call({
      method: 'POST',
      url: '/api/product',
      body: productBody(company.id, { cardStandout: true }),
    });
    expect(created.status).toBe(429);
    expect(await live(company.id, '&cardStandout=true')).toBe(2);
  });
});

describe('product audit', () => {
  it('refuses with a remark, passes, and records who and when; batch passes the matching ones', async () => {
    const company = await createCompany();
    const p = await createProduct(company.id);
    expect(p).toMatchObject({ auditStatus: 'pending', auditUser: null, auditTime: null });
    const noReason = await call({ method: 'POST', url: `/api/product/refuse/${p.id}`, body: {}, lang: 'zh' });
    expect(errorsOf(noReason)).toEqual({ reason: '请填写拒绝原因' });
    const refused = await ok({
      method: 'POST',
      url: `/api/product/refuse/${p.id}`,
      body: { reason: 'Blurred image 图片不清晰' },
    });
    expect(refused).toMatchObject({
      auditStatus: 'refused',
      auditRemark: 'Blurred image 图片不清晰',
      auditUser: 'admin',
      auditTime: expect.any(String),
    });
    const passed = await ok({ method: 'POST', url: `/api/product/pass/${p.id}` });
    expect(passed).toMatchObject({
      auditStatus: 'passed',
      auditRemark: null,
      auditUser: 'admin',
      isPublic: true,
    });
    expect((await call({ method: 'POST', url: `/api/product/pass/${p.id}` })).status).toBe(409);
    // the organiser's own edit keeps it passed
    const edited = await ok({
      method: 'PUT',
      url: `/api/product/${p.id}`,
      body: { version: passed.version, brand: 'Huaxin Pro' },
    });
    expect(edited.auditStatus).toBe('passed');

    const more = await Promise.all([createProduct(company.id), createProduct(company.id)]);
    const filter = { companyId: String(company.id), auditStatus: 'pending' };
    const wrongCount = await call({
      method: 'POST',
      url: '/api/product/batch/pass',
      body: { filter, expectedCount: 5 },
    });
    expect(wrongCount.status).toBe(409);
    const batch = await ok({
      method: 'POST',
      url: '/api/product/batch/pass',
      body: { filter, expectedCount: 2 },
    });
    expect([...batch.succeeded].sort()).toEqual(more.map((m) => m.id).sort());
    const refusedBatch = await ok({
      method: 'POST',
      url: '/api/product/batch/refuse',
      body: { ids: [more[0]!.id], reason: 'Wrong category' },
    });
    expect(refusedBatch.succeeded).toEqual([]);
  });
});

describe('public products', () => {
  it('are the passed and enabled products of a public company', async () => {
    const company = await createCompany();
    const shown = await createProduct(company.id);
    const waiting = await createProduct(company.id);
    const off = await createProduct(company.id);
    await ok({ method: 'POST', url: `/api/product/pass/${shown.id}` });
    await ok({ method: 'POST', url: `/api/product/pass/${off.id}` });
    await ok({ method: 'POST', url: `/api/product/disable/${off.id}` });
    const products = entityTables.product!;
    const publicIds = async () =>
      (
        await t.db
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.companyId, company.id), publicProductCondition()))
      ).map((r: { id: number }) => r.id);
    // the company is still waiting for its own audit
    expect(await publicIds()).toEqual([]);
    await ok({ method: 'POST', url: `/api/company_audit/pass/${company.id}` });
    expect(await publicIds()).toEqual([shown.id]);
    expect(waiting.id).not.toBe(shown.id);
    await ok({ method: 'POST', url: `/api/company/disable/${company.id}` });
    expect(await publicIds()).toEqual([]);
  });
});

describe('supplier accounts and their products', () => {
  let own: Rec;
  let other: Rec;
  let mine: Rec;
  let theirs: Rec;
  let supplier: string;
  const as = (c: Call) => call({ ...c, token: supplier });

  beforeAll(async () => {
    own = await createCompany({ password: 'Supplier2025' });
    other = await createCompany({ password: 'Other2025x' });
    mine = await createProduct(own.id, { name: 'Own pump' });
    theirs = await createProduct(other.id, { name: 'Their pump' });
    supplier = await login(t.app, own.account, 'Supplier2025');
  });

  it('lists, reads and exports only its own company’s products', async () => {
    const listed = await as({ method: 'GET', url: '/api/product/list?size=50' });
    expect(listed.status).toBe(200);
    expect(listed.body.content.list.map((p: Rec) => p.companyId)).toEqual([own.id]);
    const options = await as({ method: 'GET', url: '/api/product/options' });
    expect(options.body.content.map((o: Rec) => o.id)).toEqual([mine.id]);
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/product/export?format=csv',
      headers: { 'x-token': supplier },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('Own pump');
    expect(exported.body).not.toContain('Their pump');
    expect((await as({ method: 'GET', url: `/api/product/${mine.id}` })).status).toBe(200);
  });

  it('gets 404 or 403 on every product route that names another company', async () => {
    for (const c of [
      { method: 'GET', url: `/api/product/${theirs.id}` },
      { method: 'GET', url: `/api/product/${theirs.id}/history` },
      { method: 'PUT', url: `/api/product/${theirs.id}`, body: { version: theirs.version, brand: 'Mine' } },
      { method: 'DELETE', url: `/api/product/${theirs.id}` },
      { method: 'POST', url: `/api/product/disable/${theirs.id}` },
      { method: 'POST', url: `/api/product/${theirs.id}/revert/1` },
      { method: 'POST', url: '/api/product', body: productBody(other.id) },
      { method: 'POST', url: `/api/product/pass/${mine.id}` },
      { method: 'POST', url: `/api/product/refuse/${mine.id}`, body: { reason: 'x' } },
    ] as Call[]) {
      const res = await as(c);
      expect([403, 404], `${c.method} ${c.url}: ${res.status}`).toContain(res.status);
    }
    const bulk = await as({ method: 'POST', url: '/api/product/batch/delete', body: { ids: [theirs.id] } });
    expect(bulk.body.content).toMatchObject({
      succeeded: [],
      skipped: [{ id: theirs.id, reason: 'notFound' }],
    });
    const untouched = await get(theirs.id);
    expect(untouched).toMatchObject({ version: theirs.version, brand: theirs.brand, deletedAt: null });
  });

  it('creates products for its own company only, with its own uploads', async () => {
    const { companyId: _, ...body } = productBody(own.id);
    const foreignFile = await as({ method: 'POST', url: '/api/product', body });
    expect(errorsOf(foreignFile)).toEqual({ logo: 'Product image must be a file uploaded by your company' });
    const form = await multipart({
      kind: 'image',
      file: { filename: 'pump.png', type: 'image/png', data: PNG },
    });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/oss/upload',
      payload: form.payload,
      headers: { ...form.headers, 'x-token': supplier },
    });
    const key = uploaded.json().content as string;
    const created = await as({ method: 'POST', url: '/api/product', body: { ...body, logo: key } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.content).toMatchObject({
      companyId: own.id,
      source: 'supplier',
      auditStatus: 'pending',
      logo: key,
    });
    const organiserOnly = await as({
      method: 'PUT',
      url: `/api/product/${created.body.content.id}`,
      body: { version: created.body.content.version, hot: true },
      lang: 'zh',
    });
    expect(errorsOf(organiserOnly)).toEqual({ hot: '热门只能由平台修改' });
  });

  it('gets one answer for another company’s material and for a missing one as the parent', async () => {
    const foreign = await createProduct(other.id, { kind: 'material', grade: '304', name: 'Their steel' });
    const ownSteel = await createProduct(own.id, { kind: 'material', grade: '316', name: 'Own steel' });
    const cut = await createProduct(own.id, { kind: 'subMaterial', grade: '316', parentId: ownSteel.id });
    for (const lang of ['en', 'zh'] as const) {
      const answers = [];
      for (const parentId of [foreign.id, 99_999_999]) {
        const res = await as({
          method: 'PUT',
          url: `/api/product/${cut.id}`,
          body: { version: cut.version, parentId },
          lang,
        });
        expect(res.status).toBe(400);
        answers.push(res.body.content.errors);
      }
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]).toEqual([
        {
          path: 'parentId',
          message:
            lang === 'en' ? 'Parent material: the chosen record does not exist' : '所属材料：所选记录不存在',
        },
      ]);
    }
    expect(await get(cut.id)).toMatchObject({ version: cut.version, parentId: ownSteel.id });
    // the organiser, who sees every company, is told why
    const staff = await call({
      method: 'PUT',
      url: `/api/product/${cut.id}`,
      body: { version: cut.version, parentId: foreign.id },
    });
    expect(staff.body.content.errors).toEqual([
      { path: 'parentId', message: 'Parent material must be a product of the same company' },
    ]);
  });

  it('sends its passed product back to audit when it edits it', async () => {
    const passed = await ok({ method: 'POST', url: `/api/product/pass/${mine.id}` });
    const edited = await as({
      method: 'PUT',
      url: `/api/product/${mine.id}`,
      body: { version: passed.version, shortContent: '不锈钢离心泵，支持定制' },
      lang: 'zh',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.content).toMatchObject({ auditStatus: 'pending', isPublic: false });
    const history = await ok({ method: 'GET', url: `/api/product/${mine.id}/history` });
    expect(history[0].changes).toContainEqual({ field: 'auditStatus', old: 'passed', new: 'pending' });
  });
});
