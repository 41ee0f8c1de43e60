import { entities, formLayout } from '@organiser/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cell, csvLine } from '../src/engine/transfer/spreadsheet';
import { type Call, client, createEngineApp } from './engine/setup';
import { exportFile, importFile, parseExport } from './engine/transfer-helpers';

// An export made to be imported again holds the id and every field a new record may be given, not only the
// list's visible columns; a template is its header row. A row of either imports as a new record.

let t: Awaited<ReturnType<typeof createEngineApp>>;
let call: (c: Call) => ReturnType<ReturnType<typeof client>>;

beforeAll(async () => {
  t = await createEngineApp();
  call = client(t.app, t.token);
});
afterAll(() => t?.close());

const company = entities.company!;

/** Every field the add form of a company offers (creatable, not a secret), in the form's order. */
const writable = formLayout(company, { mode: 'add' })
  .flatMap((g) => g.fields)
  .filter((f) => !f.isDisabled && !f.isSecret);

const source = {
  name: 'Wenzhou Export Valve Co., Ltd.',
  logo: 'demo/valve-logo.png',
  backgroundImg: 'demo/valve-bg.png',
  introduce: 'Ball valves and gate valves since 2003.',
  telphone: '0577-86668888',
  email: 'sales@valve-export.example.com',
  account: 'valveexport',
  countryCode: 'CN',
  belong: '330000/330300',
  belongAddress: 'No. 18 Oujiang Road',
  equipment: 'Twelve CNC lathes',
  certifications: ['ISO 9001', 'CE'],
  staffCount: 120,
  type: 'manufacturer',
};

/** The fields a fresh read of a company returns that an import must carry over. */
const carried = (record: Record<string, unknown>) =>
  Object.fromEntries(
    writable
      .map((f) => f.name)
      .filter((name) => !['name', 'account', 'email'].includes(name))
      .map((name) => [name, record[name]]),
  );

describe('export for import', { timeout: 60_000 }, () => {
  it('holds the id and every writable field; its row, with a new name, imports as a new company', async () => {
    const created = await call({ method: 'POST', url: '/api/company', body: source });
    expect(created.body).toMatchObject({ success: true });
    const id = created.body.content.id as number;

    // the list's export leaves out what a new record needs
    const view = await parseExport((await exportFile(t.app, t.token, company, 'format=csv')).body, 'csv');
    expect(view[0]).not.toContain('Introduction');

    const file = await exportFile(
      t.app,
      t.token,
      company,
      'format=csv&purpose=import&keyword=Wenzhou%20Export%20Valve',
    );
    expect(file.status).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain('for%20import');
    const [header, ...rows] = await parseExport(file.body, 'csv');
    expect(header).toEqual(['ID', ...writable.map((f) => f.label.en)]);
    for (const label of ['Logo', 'Background image', 'Introduction', 'Telephone', 'Email', 'Address'])
      expect(header).toContain(label);
    expect(rows).toHaveLength(1);

    // a new row: no id, its own name, account and email
    const row = [...rows[0]!] as Cell[];
    const col = (name: string) => {
      const at = header!.indexOf(company.fields[name]!.label.en);
      expect(at, name).toBeGreaterThan(0);
      return at;
    };
    row[0] = null;
    row[col('name')] = 'Wenzhou Export Valve Branch Co., Ltd.';
    row[col('account')] = 'valvebranch';
    row[col('email')] = 'branch@valve-export.example.com';
    const csv = Buffer.from(`\uFEFF${csvLine(header!)}${csvLine(row)}`, 'utf8');
    const dry = await importFile(t.app, t.token, company, csv, 'csv', true);
    expect(dry.body.content.rows[0].errors).toEqual([]);
    expect(dry.body.content).toMatchObject({ valid: 1, invalid: 0 });
    const done = await importFile(t.app, t.token, company, csv, 'csv', false);
    expect(done.status).toBe(200);
    expect(done.body.content).toMatchObject({ valid: 1, invalid: 0, created: 1 });

    const found = await call({ method: 'GET', url: '/api/company/list?keyword=Branch' });
    expect(found.body.content.list).toHaveLength(1);
    const copy = (await call({ method: 'GET', url: `/api/company/${found.body.content.list[0].id}` })).body
      .content;
    const original = (await call({ method: 'GET', url: `/api/company/${id}` })).body.content;
    expect(copy.name).toBe('Wenzhou Export Valve Branch Co., Ltd.');
    expect(copy.account).toBe('valvebranch');
    expect(carried(copy)).toEqual(carried(original));
    expect(copy.introduce).toBe(source.introduce);
    expect(copy.telphone).toBe(source.telphone);
    expect(copy.logo).toBe(source.logo);
  });

  it('offers a template: the same header in the caller’s language, no rows; a filled row imports', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const file = await exportFile(t.app, t.token, company, 'format=xlsx&purpose=template', lang);
      expect(file.status).toBe(200);
      const [header, ...rows] = await parseExport(file.body, 'xlsx');
      expect(rows).toEqual([]);
      expect(header).toEqual([lang === 'en' ? 'ID' : 'ID', ...writable.map((f) => f.label[lang])]);
    }
    const header = ['ID', ...writable.map((f) => f.label.en)];
    const values: Record<string, Cell> = {
      name: 'Taizhou Template Pump Co., Ltd.',
      logo: 'demo/pump-logo.png',
      backgroundImg: 'demo/pump-bg.png',
      introduce: 'Water pumps.',
      telphone: '0576-88886666',
      email: 'sales@template-pump.example.com',
      account: 'templatepump',
      countryCode: 'CN',
      belongAddress: 'No. 1 Pump Road',
    };
    const row = [null, ...writable.map((f) => values[f.name] ?? null)];
    const csv = Buffer.from(`\uFEFF${csvLine(header)}${csvLine(row)}`, 'utf8');
    const done = await importFile(t.app, t.token, company, csv, 'csv', false);
    expect(done.body.content.rows[0].errors).toEqual([]);
    expect(done.body.content).toMatchObject({ valid: 1, invalid: 0, created: 1 });
    const found = await call({ method: 'GET', url: '/api/company/list?keyword=Template%20Pump' });
    expect(found.body.content.list).toHaveLength(1);
    const saved = (await call({ method: 'GET', url: `/api/company/${found.body.content.list[0].id}` })).body
      .content;
    expect(saved).toMatchObject({
      telphone: '0576-88886666',
      introduce: 'Water pumps.',
      logo: 'demo/pump-logo.png',
    });
  });

  it('refuses an unknown purpose', async () => {
    const file = await exportFile(t.app, t.token, company, 'format=csv&purpose=everything');
    expect(file.status).toBe(400);
  });

  it('names the currency of a money column, and imports it back under that header', async () => {
    const pkg = entities.vip_package!;
    const created = await call({
      method: 'POST',
      url: '/api/vip_package',
      body: { enName: 'Currency Gold', zhName: '币种金牌', price: 1280, durationMonths: 12 },
    });
    expect(created.body).toMatchObject({ success: true });
    for (const lang of ['en', 'zh'] as const) {
      const file = await exportFile(t.app, t.token, pkg, 'format=csv&keyword=Currency%20Gold', lang);
      const [header, row] = await parseExport(file.body, 'csv');
      const at = header!.indexOf(lang === 'en' ? 'Price (CNY)' : '价格（人民币）');
      expect(at).toBeGreaterThan(0);
      expect(Number(row![at])).toBe(1280);
    }
    const file = await exportFile(t.app, t.token, pkg, 'format=csv&purpose=import&keyword=Currency%20Gold');
    const [header, row] = await parseExport(file.body, 'csv');
    const price = header!.indexOf('Price (CNY)');
    const edited = [...row!];
    edited[price] = 1500;
    const csv = Buffer.from(`\uFEFF${csvLine(header!)}${csvLine(edited)}`, 'utf8');
    const done = await importFile(t.app, t.token, pkg, csv, 'csv', false);
    expect(done.body.content).toMatchObject({ valid: 1, updated: 1, ignoredColumns: [] });
    const saved = await call({ method: 'GET', url: `/api/vip_package/${created.body.content.id}` });
    expect(saved.body.content.price).toBe(1500);
  });
});
