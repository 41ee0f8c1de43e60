import { entities } from '@organiser/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvLine } from '../src/engine/transfer/spreadsheet';
import { type Call, client, companyBody, createEngineApp, okClient } from './engine/setup';
import { exportFile, importFile, parseExport } from './engine/transfer-helpers';
import { login } from './helpers';

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
const company_ = entities.company!;

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

describe('company languages and main markets from dictionaries', () => {
  it('takes values of their dictionaries from staff and from a supplier, refusing any other naming it', async () => {
    const staff = await ok({
      method: 'POST',
      url: '/api/company',
      body: newCompany({
        languages: ['en', 'zh'],
        mainMarkets: ['east_asia', 'oceania'],
        password: 'Lang2025x',
      }),
    });
    expect(await ok({ method: 'GET', url: `/api/company/${staff.id}` })).toMatchObject({
      languages: ['en', 'zh'],
      mainMarkets: ['east_asia', 'oceania'],
    });
    const free = await call({
      method: 'POST',
      url: '/api/company',
      body: newCompany({ languages: ['en', 'Klingon'], mainMarkets: ['Mars'] }),
      lang: 'zh',
    });
    expect(free.status).toBe(400);
    expect(errorsOf(free)).toEqual({
      languages: '语言：“Klingon”不是字典中已启用的值',
      mainMarkets: '主要市场：“Mars”不是字典中已启用的值',
    });

    const supplier = client(t.app, await login(t.app, staff.account, 'Lang2025x'));
    const own = await supplier({ method: 'GET', url: `/api/company/${staff.id}` });
    const bad = await supplier({
      method: 'PUT',
      url: `/api/company/${staff.id}`,
      body: { version: own.body.content.version, languages: ['en', 'English'] },
    });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad)).toEqual({
      languages: 'Languages: "English" is not an enabled value of its dictionary',
    });
    const good = await supplier({
      method: 'PUT',
      url: `/api/company/${staff.id}`,
      body: { version: own.body.content.version, languages: ['ja', 'en'] },
    });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect((await ok({ method: 'GET', url: `/api/company/${staff.id}` })).languages).toEqual(['ja', 'en']);

    // malformed: not a list, a value twice, a blank value, too many
    for (const languages of ['en', ['en', 'en'], [''], [1], Array.from({ length: 21 }, () => 'en')]) {
      const res = await call({ method: 'POST', url: '/api/company', body: newCompany({ languages }) });
      expect(res.status, JSON.stringify(languages)).toBe(400);
      expect(Object.keys(errorsOf(res))).toEqual(['languages']);
    }
  });

  it('keeps a stored value whose item was disabled since, while a new choice of it is refused', async () => {
    const items = await ok({ method: 'GET', url: '/api/dict_item/list?keyword=Korean&size=50' });
    const korean = items.list.find((i: Rec) => i.value === 'ko');
    const company = await ok({
      method: 'POST',
      url: '/api/company',
      body: newCompany({ languages: ['ko'] }),
    });
    await ok({ method: 'POST', url: `/api/dict_item/disable/${korean.id}` });
    try {
      const read = await ok({ method: 'GET', url: `/api/company/${company.id}` });
      const resave = await call({ method: 'PUT', url: `/api/company/${company.id}`, body: read });
      expect(resave.status, JSON.stringify(resave.body)).toBe(200);
      const added = await call({
        method: 'PUT',
        url: `/api/company/${company.id}`,
        body: { languages: ['ko', 'fr'] },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const other = await call({
        method: 'POST',
        url: '/api/company',
        body: newCompany({ languages: ['ko'] }),
      });
      expect(other.status).toBe(400);
      expect(errorsOf(other)).toEqual({
        languages: 'Languages: "ko" is not an enabled value of its dictionary',
      });
      expect((await ok({ method: 'GET', url: `/api/company/${company.id}` })).languages).toEqual([
        'ko',
        'fr',
      ]);
    } finally {
      await ok({ method: 'POST', url: `/api/dict_item/enable/${korean.id}` });
    }
  });

  it('exports their labels in the reader’s language, codes for an import, and imports codes or labels', async () => {
    const company = await ok({
      method: 'POST',
      url: '/api/company',
      body: newCompany({ name: 'Dict Export Works', languages: ['zh', 'es'], mainMarkets: ['middle_east'] }),
    });
    const columns = 'format=csv&keyword=Dict%20Export%20Works&columns=name,languages,mainMarkets';
    const [, en] = await parseExport((await exportFile(t.app, t.token, company_, columns)).body, 'csv');
    expect(en).toEqual([String(company.id), 'Dict Export Works', 'Chinese, Spanish', 'Middle East']);
    const [, zh] = await parseExport((await exportFile(t.app, t.token, company_, columns, 'zh')).body, 'csv');
    expect(zh).toEqual([String(company.id), 'Dict Export Works', '中文, 西班牙语', '中东']);
    const forImport = await parseExport(
      (await exportFile(t.app, t.token, company_, 'format=csv&purpose=import&keyword=Dict%20Export%20Works'))
        .body,
      'csv',
    );
    const at = (label: string) => forImport[0]!.indexOf(label);
    expect(forImport[1]![at('Languages')]).toBe('zh, es');
    expect(forImport[1]![at('Main markets')]).toBe('middle_east');

    const sheet = (languages: string, markets: string) =>
      Buffer.from(
        `\uFEFF${csvLine(['ID', 'Languages', '主要市场'])}${csvLine([company.id, languages, markets])}`,
        'utf8',
      );
    const done = await importFile(
      t.app,
      t.token,
      company_,
      sheet('english，日语, FR', 'South Asia、东亚'),
      'csv',
      false,
    );
    expect(done.body.content, JSON.stringify(done.body)).toMatchObject({ invalid: 0, updated: 1 });
    expect(await ok({ method: 'GET', url: `/api/company/${company.id}` })).toMatchObject({
      languages: ['en', 'ja', 'fr'],
      mainMarkets: ['south_asia', 'east_asia'],
    });
    const wrong = await importFile(t.app, t.token, company_, sheet('Elvish', 'Mars'), 'csv', true, 'zh');
    const row = wrong.body.content.rows[0];
    expect(row.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'languages', message: '语言：“Elvish”不是字典中已启用的值' }),
        expect.objectContaining({ path: 'mainMarkets', message: '主要市场：“Mars”不是字典中已启用的值' }),
      ]),
    );
  });
});
