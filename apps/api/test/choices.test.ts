import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Call, client, companyBody, createEngineApp, okClient } from './engine/setup';

// Disabled options (tags, categories, packages): a write that newly chooses a disabled record is refused
// naming the field; a record that held the choice before it was disabled keeps it when saved again; the
// options of the pickers say which records are disabled. And one mobile rule on every mobile field.

// biome-ignore lint/suspicious/noExplicitAny: API records; the assertions check their fields.
type Rec = Record<string, any>;

let t: Awaited<ReturnType<typeof createEngineApp>>;
let call: (c: Call) => ReturnType<ReturnType<typeof client>>;
let n = 0;

beforeAll(async () => {
  t = await createEngineApp();
  call = client(t.app, t.token);
});
afterAll(() => t?.close());

const ok = (c: Call): Promise<Rec> => okClient(call)(c);

const errorsOf = (res: { body: { content: { errors: { path: string; message: string }[] } } }) =>
  Object.fromEntries(res.body.content.errors.map((e) => [e.path, e.message]));

const newCompany = (patch: Rec = {}): Rec => companyBody(`c${++n}`, patch);

describe('disabled options', () => {
  it('refuses a disabled company tag as a new choice, naming the field, and keeps a stored one', async () => {
    const kept = await ok({ method: 'POST', url: '/api/company_tag', body: { name: 'Kept choice' } });
    const company = await ok({ method: 'POST', url: '/api/company', body: newCompany({ tags: [kept.id] }) });
    await ok({ method: 'POST', url: `/api/company_tag/disable/${kept.id}` });
    const refused = await call({
      method: 'POST',
      url: '/api/company',
      body: newCompany({ tags: [kept.id] }),
      lang: 'zh',
    });
    expect(refused.status).toBe(400);
    expect(errorsOf(refused)).toEqual({ tags: '企业标签：“Kept choice”已停用，不能选择' });

    const read = await ok({ method: 'GET', url: `/api/company/${company.id}` });
    const resave = await call({ method: 'PUT', url: `/api/company/${company.id}`, body: read });
    expect(resave.status, JSON.stringify(resave.body)).toBe(200);
    expect((await ok({ method: 'GET', url: `/api/company/${company.id}` })).tags).toEqual([kept.id]);

    const other = await ok({ method: 'POST', url: '/api/company_tag', body: { name: 'Other disabled' } });
    await ok({ method: 'POST', url: `/api/company_tag/disable/${other.id}` });
    const added = await call({
      method: 'PUT',
      url: `/api/company/${company.id}`,
      body: { tags: [kept.id, other.id] },
    });
    expect(added.status).toBe(400);
    expect(errorsOf(added)).toEqual({
      tags: 'Tags: "Other disabled" is disabled and cannot be chosen',
    });
    expect((await ok({ method: 'GET', url: `/api/company/${company.id}` })).tags).toEqual([kept.id]);
  });

  it('refuses a disabled product category and a disabled membership package', async () => {
    const category = await ok({
      method: 'POST',
      url: '/api/product_category',
      body: { name: 'Closed line', zhName: '停产线' },
    });
    await ok({ method: 'POST', url: `/api/product_category/disable/${category.id}` });
    const company = await ok({ method: 'POST', url: '/api/company', body: newCompany() });
    const product = await call({
      method: 'POST',
      url: '/api/product',
      lang: 'zh',
      body: {
        name: 'Choice pump',
        companyId: company.id,
        categoryId1: category.id,
        logo: 'demo/product-c.png',
        shortContent: 'A pump',
        brand: 'Huaxin',
        belongAddress: 'Suzhou',
        content: '<p>A pump.</p>',
        model: 'HX-C',
      },
    });
    expect(product.status).toBe(400);
    expect(errorsOf(product)).toEqual({ categoryId1: '一级分类：“停产线”已停用，不能选择' });

    const pkg = await ok({
      method: 'POST',
      url: '/api/vip_package',
      body: { enName: 'Closed plan', zhName: '停售套餐', price: 100, durationMonths: 12 },
    });
    await ok({ method: 'POST', url: `/api/vip_package/disable/${pkg.id}` });
    const withPackage = await call({
      method: 'POST',
      url: '/api/company',
      body: newCompany({ vipPackageId: pkg.id }),
    });
    expect(withPackage.status).toBe(400);
    expect(Object.keys(errorsOf(withPackage))).toEqual(['vipPackageId']);
  });

  it('marks disabled records in the options of the pickers', async () => {
    const on = await ok({ method: 'POST', url: '/api/company_tag', body: { name: 'Option on' } });
    const off = await ok({ method: 'POST', url: '/api/company_tag', body: { name: 'Option off' } });
    await ok({ method: 'POST', url: `/api/company_tag/disable/${off.id}` });
    const options = await ok({ method: 'GET', url: `/api/company_tag/options?ids=${on.id},${off.id}` });
    expect(options).toEqual(
      expect.arrayContaining([
        { id: on.id, label: 'Option on', isDisabled: false },
        { id: off.id, label: 'Option off', isDisabled: true },
      ]),
    );
  });
});

describe('mobile numbers', () => {
  it('refuses "12345" as a company mobile as on a user, and a foreign number where the country is China', async () => {
    const company = await call({
      method: 'POST',
      url: '/api/company',
      body: newCompany({ mobile: '12345' }),
    });
    expect(company.status).toBe(400);
    expect(Object.keys(errorsOf(company))).toEqual(['mobile']);
    const user = await call({
      method: 'POST',
      url: '/api/user_manager',
      body: { account: 'mobile_u1', password: 'Secret12345', mobile: '12345' },
    });
    expect(user.status).toBe(400);
    expect(Object.keys(errorsOf(user))).toEqual(['mobile']);
    const foreign = await call({
      method: 'POST',
      url: '/api/company',
      body: newCompany({ mobile: '+44 7700 900123' }),
      lang: 'zh',
    });
    expect(errorsOf(foreign)).toEqual({
      mobile: '手机必须是中国大陆手机号码（以 13–19 开头的 11 位数字），例如 13800000000',
    });
    const abroad = await call({
      method: 'POST',
      url: '/api/company',
      body: newCompany({ countryCode: 'GB', mobile: '+44 7700 900123' }),
    });
    expect(abroad.status, JSON.stringify(abroad.body)).toBe(200);
    // a change of the country alone is checked against the stored mobile
    const moved = await call({
      method: 'PUT',
      url: `/api/company/${abroad.body.content.id}`,
      body: { countryCode: 'CN' },
    });
    expect(moved.status).toBe(400);
    expect(Object.keys(errorsOf(moved))).toEqual(['mobile']);
  });
});

describe('company profile fields from dictionaries', () => {
  it('takes annual and export revenue as values of the revenue dictionary, refusing free text', async () => {
    const free = await call({
      method: 'POST',
      url: '/api/company',
      body: newCompany({ annualRevenue: 'US$1–2.5 million' }),
    });
    expect(free.status).toBe(400);
    expect(Object.keys(errorsOf(free))).toEqual(['annualRevenue']);
    const company = await ok({
      method: 'POST',
      url: '/api/company',
      body: newCompany({ annualRevenue: '1m_5m', exportRevenue: '5m_10m' }),
    });
    const read = await ok({ method: 'GET', url: `/api/company/${company.id}` });
    expect(read).toMatchObject({ annualRevenue: '1m_5m', exportRevenue: '5m_10m' });
    const items = await ok({ method: 'GET', url: '/api/dictionary/company_annual_revenue/items' });
    expect(items.find((i: Rec) => i.value === '5m_10m').label.zh).toBe('500–1000 万美元');
  });
});
