import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Call, client, createEngineApp } from './engine/setup';
import { EDITOR, login } from './helpers';

// Report entities through the real routes: the supplier overview counts live companies by audit status,
// category or country, per month of registration, with sort, pages, drill-down links and an export; its
// parameters are checked against the definition (a bad one is a 400 in the caller's language), and it is
// read behind its own menu, which the seeded supplier role does not hold.

let t: Awaited<ReturnType<typeof createEngineApp>>;
let call: (c: Call) => ReturnType<ReturnType<typeof client>>;
let n = 0;
const categories: number[] = [];

async function createCompany(patch: Record<string, unknown>, createdAt: string) {
  n++;
  const res = await call({
    method: 'POST',
    url: '/api/company',
    body: {
      name: `Report Test ${n} Co., Ltd.`,
      logo: `demo/logo-${n}.png`,
      backgroundImg: `demo/bg-${n}.png`,
      account: `report${n}x`,
      telphone: '86-13800000000',
      introduce: 'Hand tools since 1998.',
      email: `report${n}@example.com`,
      countryCode: 'CN',
      belong: '330000/330200',
      belongAddress: 'No. 88 Jiangnan Road',
      ...patch,
    },
  });
  if (res.status !== 200) throw new Error(`company: ${res.status} ${JSON.stringify(res.body)}`);
  const id = res.body.content.id as number;
  await t.db.execute(sql`update company set created_at = ${createdAt}::timestamptz where id = ${id}`);
  return id;
}

beforeAll(async () => {
  t = await createEngineApp();
  call = client(t.app, t.token);
  for (const [en, zh] of [
    ['Tools', '工具'],
    ['Textiles', '纺织'],
  ]) {
    const res = await call({
      method: 'POST',
      url: '/api/company_category',
      body: { enName: en, zhName: zh },
    });
    categories.push(res.body.content.id);
  }
  // October: two Chinese tool makers; November: one Chinese textile maker, one German tool and textile maker
  const a = await createCompany({ categoryIds: [categories[0]] }, '2026-10-05T10:00:00Z');
  await createCompany({ categoryIds: [categories[0]] }, '2026-10-20T10:00:00Z');
  await createCompany({ categoryIds: [categories[1]] }, '2026-11-02T10:00:00Z');
  await createCompany({ categoryIds: categories, countryCode: 'DE', belong: null }, '2026-11-03T10:00:00Z');
  // one of them passed the audit; a deleted company is not counted
  await t.db.execute(sql`update company set audit_status = 'passed' where id = ${a}`);
  const gone = await createCompany({}, '2026-11-04T10:00:00Z');
  expect((await call({ method: 'DELETE', url: `/api/company/${gone}` })).status).toBe(200);
});
afterAll(() => t?.close());

const list = async (query: string, lang: 'en' | 'zh' = 'en') =>
  call({ method: 'GET', url: `/api/supplier_overview/list?${query}`, lang });

describe('supplier overview report', () => {
  it('groups by audit status by default, sorted by count, with links to the filtered company list', async () => {
    const res = await list('periodFrom=2026-10-01&periodTo=2026-11-30');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.content).toMatchObject({ total: 2, page: 1, size: 20 });
    const [first, second] = res.body.content.list;
    expect(first).toMatchObject({ group: 'To audit', auditStatus: 'pending', companies: 3 });
    expect(second).toMatchObject({ group: 'Passed', auditStatus: 'passed', companies: 1 });
    expect(first.drill.companies).toEqual({
      menu: '/company/company_list',
      filters: { auditStatus: 'pending', createdAtFrom: '2026-10-01', createdAtTo: '2026-11-30' },
    });
  });

  it('groups by category and by country in the caller’s language', async () => {
    const byCategory = await list(
      'groupBy=category&periodFrom=2026-10-01&periodTo=2026-11-30&sort=group',
      'zh',
    );
    expect(byCategory.status).toBe(200);
    const counts = Object.fromEntries(
      byCategory.body.content.list.map((r: { group: string; companies: number }) => [r.group, r.companies]),
    );
    expect(counts).toEqual({ 工具: 3, 纺织: 2 });
    const tools = byCategory.body.content.list.find((r: { group: string }) => r.group === '工具');
    expect(tools.drill.companies.filters).toMatchObject({ categoryIds: String(categories[0]) });

    const byCountry = await list('groupBy=country&periodFrom=2026-10-01&periodTo=2026-11-30');
    expect(
      byCountry.body.content.list.map((r: { group: string; countryCode: string; companies: number }) => [
        r.group,
        r.countryCode,
        r.companies,
      ]),
    ).toEqual([
      ['China', 'CN', 3],
      ['Germany', 'DE', 1],
    ]);
  });

  it('splits rows by month of registration within the period, and filters by audit status', async () => {
    const res = await list(
      'groupBy=country&granularity=month&periodFrom=2026-10-01&periodTo=2026-11-30&sort=periodStart&order=asc',
    );
    expect(
      res.body.content.list.map((r: Record<string, unknown>) => [
        r.countryCode,
        r.periodStart,
        r.periodEnd,
        r.companies,
      ]),
    ).toEqual([
      ['CN', '2026-10-01', '2026-10-31', 2],
      ['CN', '2026-11-01', '2026-11-30', 1],
      ['DE', '2026-11-01', '2026-11-30', 1],
    ]);
    expect(res.body.content.list[0].drill.companies.filters).toEqual({
      countryCode: 'CN',
      createdAtFrom: '2026-10-01',
      createdAtTo: '2026-10-31',
    });
    const october = await list(
      'granularity=month&periodFrom=2026-10-01&periodTo=2026-10-31&auditStatus=passed',
    );
    expect(october.body.content.list.map((r: { companies: number }) => r.companies)).toEqual([1]);
  });

  it('pages and sorts the rows', async () => {
    const query = 'groupBy=country&granularity=month&periodFrom=2026-10-01&periodTo=2026-11-30&size=2';
    const first = await list(`${query}&sort=companies&order=asc`);
    expect(first.body.content).toMatchObject({ total: 3, size: 2 });
    expect(first.body.content.list.map((r: { companies: number }) => r.companies)).toEqual([1, 1]);
    const second = await list(`${query}&sort=companies&order=asc&page=2`);
    expect(second.body.content.list.map((r: { companies: number }) => r.companies)).toEqual([2]);
  });

  it('refuses a parameter the definition does not allow, naming it in the caller’s language', async () => {
    for (const [query, name] of [
      ['groupBy=province', 'groupBy'],
      ['granularity=year', 'granularity'],
      ['periodFrom=2026-02-30', 'periodFrom'],
      ['periodFrom=2026-11-01&periodTo=2026-10-01', 'periodFrom'],
      ['sort=id', 'sort'],
      ['sort=countryCode', 'sort'],
      ['createdAtFrom=2026-01-01', 'createdAtFrom'],
      ['size=abc', 'size'],
      ['format=csv', 'format'],
    ]) {
      const res = await list(query!);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toBe(`Unknown or malformed parameter: ${name}`);
    }
    const zh = await list('groupBy=province', 'zh');
    expect(zh.body.message).toBe('参数未知或格式错误：groupBy');
  });

  it('is refused to a supplier account, which opens the company list but not the report', async () => {
    // registered outside every period above, so the other cases count the same companies
    await createCompany({ account: 'reportsupplier', password: 'Report2026x' }, '2025-01-01T10:00:00Z');
    const supplier = await login(t.app, 'reportsupplier', 'Report2026x');
    const companies = await call({ method: 'GET', url: '/api/company/list', token: supplier });
    expect(companies.status).toBe(200);
    const res = await call({ method: 'GET', url: '/api/supplier_overview/list', token: supplier });
    expect(res.status).toBe(403);
    const file = await call({ method: 'GET', url: '/api/supplier_overview/export', token: supplier });
    expect(file.status).toBe(403);
  });

  it('is refused to a user without the report’s menu', async () => {
    const editor = await login(t.app, EDITOR.account, EDITOR.password);
    const res = await call({ method: 'GET', url: '/api/supplier_overview/list', token: editor });
    expect(res.status).toBe(403);
    const file = await call({ method: 'GET', url: '/api/supplier_overview/export', token: editor });
    expect(file.status).toBe(403);
  });

  it('exports the rows as CSV with headers in the caller’s language', async () => {
    const res = await call({
      method: 'GET',
      url: '/api/supplier_overview/export?format=csv&groupBy=country&periodFrom=2026-10-01&periodTo=2026-11-30',
      lang: 'zh',
    });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toContain('text/csv');
    const lines = res.raw.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toBe('分组,起始日期,截止日期,企业数');
    expect(lines.slice(1)).toEqual(['中国,2026-10-01,2026-11-30,3', '德国,2026-10-01,2026-11-30,1']);
    const xlsx = await call({ method: 'GET', url: '/api/supplier_overview/export?groupBy=category' });
    expect(xlsx.status).toBe(200);
    expect(xlsx.raw.rawPayload.readUInt32BE(0)).toBe(0x504b0304);
  });
});
