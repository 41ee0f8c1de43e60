import { entities } from '@organiser/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, companyQuotaUsage } from '../src/db/schema';
import { entityTables } from '../src/db/schema/entities';
import { type Call, client, createEngineApp } from './engine/setup';
import { importFile, sheetOf } from './engine/transfer-helpers';
import { login, multipart, tryLogin } from './helpers';

// Suppliers: company categories (tree rules), packages and effective limits, the company audit, the monthly
// video quota under concurrency, supplier accounts confined to their own company on every route, the
// required-field messages in both languages, and passwords that never come back.

let t: Awaited<ReturnType<typeof createEngineApp>>;
let call: (c: Call) => ReturnType<ReturnType<typeof client>>;
let n = 0;

beforeAll(async () => {
  t = await createEngineApp();
  call = client(t.app, t.token);
});
afterAll(() => t?.close());

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(200, 7)]);

/** A valid company body (the required fields and a few more). */
function companyBody(patch: Record<string, unknown> = {}) {
  n++;
  return {
    name: `Ningbo Test Hardware ${n} Co., Ltd.`,
    logo: `demo/logo-${n}.png`,
    backgroundImg: `demo/bg-${n}.png`,
    account: `company${n}x`,
    telphone: '86-13800000000',
    introduce: 'Hand tools since 1998.',
    email: `sales${n}@example.com`,
    countryCode: 'CN',
    belong: '330000/330200',
    belongAddress: 'No. 88 Jiangnan Road',
    ...patch,
  };
}

async function createCompany(patch: Record<string, unknown> = {}) {
  const res = await call({ method: 'POST', url: '/api/company', body: companyBody(patch) });
  if (res.status !== 200) throw new Error(`company: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.content;
}

async function createCategory(patch: Record<string, unknown> = {}) {
  n++;
  const res = await call({
    method: 'POST',
    url: '/api/company_category',
    body: { enName: `Category ${n}`, zhName: `分类${n}`, ...patch },
  });
  if (res.status !== 200) throw new Error(`category: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.content;
}

async function createPackage(patch: Record<string, unknown> = {}) {
  n++;
  const res = await call({
    method: 'POST',
    url: '/api/vip_package',
    body: { enName: `Package ${n}`, zhName: `套餐${n}`, price: 1999, durationMonths: 12, ...patch },
  });
  if (res.status !== 200) throw new Error(`package: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.content;
}

const errorsOf = (res: { body: { content: { errors: { path: string; message: string }[] } } }) =>
  Object.fromEntries(res.body.content.errors.map((e) => [e.path, e.message]));

describe('company categories (a tree)', () => {
  it('refuses a node under itself or under its own descendant, naming parentId in both languages', async () => {
    const root = await createCategory();
    const child = await createCategory({ parentId: root.id });
    const grandchild = await createCategory({ parentId: child.id });
    const self = await call({
      method: 'PUT',
      url: `/api/company_category/${root.id}`,
      body: { version: root.version, parentId: root.id },
    });
    expect(self.status).toBe(400);
    expect(errorsOf(self).parentId).toBe(
      'Parent category cannot be the record itself or one of its descendants',
    );
    for (const lang of ['en', 'zh'] as const) {
      const cycle = await call({
        method: 'PUT',
        url: `/api/company_category/${root.id}`,
        body: { version: root.version, parentId: grandchild.id },
        lang,
      });
      expect(cycle.status).toBe(400);
      expect(errorsOf(cycle).parentId).toBe(
        lang === 'en'
          ? 'Parent category cannot be the record itself or one of its descendants'
          : '上级分类不能是记录本身或其下级',
      );
    }
    const moved = await call({
      method: 'PUT',
      url: `/api/company_category/${grandchild.id}`,
      body: { version: grandchild.version, parentId: root.id },
    });
    expect(moved.status).toBe(200);
  });

  it('serves the whole tree, and the matches of a search with their ancestors', async () => {
    const root = await createCategory({ enName: 'Tree root', sortNo: 5 });
    const a = await createCategory({ parentId: root.id, enName: 'Leaf B', sortNo: 2 });
    const b = await createCategory({ parentId: root.id, enName: 'Leaf A', sortNo: 1 });
    await createCategory({ parentId: a.id, enName: 'Deep leaf 深层' });
    const tree = await call({ method: 'GET', url: '/api/company_category/tree' });
    expect(tree.status).toBe(200);
    const node = tree.body.content.list.find((r: { id: number }) => r.id === root.id);
    expect(node.children.map((c: { id: number }) => c.id)).toEqual([b.id, a.id]);
    expect(node.children[1].children[0]).toMatchObject({ enName: 'Deep leaf 深层', parentIdLabel: 'Leaf B' });
    expect(node.children[0]).not.toHaveProperty('children');
    expect(tree.body.content.total).toBeGreaterThanOrEqual(4);

    const found = await call({
      method: 'GET',
      url: `/api/company_category/tree?keyword=${encodeURIComponent('深层')}`,
    });
    expect(found.body.content.list).toHaveLength(1);
    expect(found.body.content.list[0]).toMatchObject({ id: root.id, children: [{ id: a.id }] });
    expect(found.body.content.list[0].children[0].children).toHaveLength(1);
  });
});

describe('membership packages and effective limits', () => {
  it('answers each limit’s value in force and where it comes from: the company, its package, or none', async () => {
    const pkg = await createPackage({ companyVideoLimit: 3, consultLimit: 20, enableConsult: true });
    const withPackage = await createCompany({ vipPackageId: pkg.id, consultLimit: 50 });
    expect(withPackage.effective).toMatchObject({
      companyVideoLimit: { value: 3, source: 'vip_package' },
      consultLimit: { value: 50, source: 'company' },
      productLimit: { value: null, source: 'none' },
      enableConsult: { value: true, source: 'vip_package' },
      enableCustomerService: { value: false, source: 'vip_package' },
    });
    const read = await call({ method: 'GET', url: `/api/company/${withPackage.id}` });
    expect(read.body.content.effective).toEqual(withPackage.effective);
    expect(read.body.content.companyVideoLimit).toBeNull();

    const own = await call({
      method: 'PUT',
      url: `/api/company/${withPackage.id}`,
      body: { version: withPackage.version, companyVideoLimit: 7, enableConsult: false },
    });
    expect(own.body.content.effective).toMatchObject({
      companyVideoLimit: { value: 7, source: 'company' },
      enableConsult: { value: false, source: 'company' },
    });

    const none = await createCompany();
    expect(none.effective.companyVideoLimit).toEqual({ value: null, source: 'none' });
    const listed = await call({ method: 'GET', url: `/api/company/list?vipPackageId=${pkg.id}` });
    expect(listed.body.content.list[0].effective.companyVideoLimit).toEqual({ value: 7, source: 'company' });
  });
});

describe('company audit', () => {
  it('refuses with a reason (required, in both languages), resubmits on edit, then passes', async () => {
    const company = await createCompany();
    expect(company).toMatchObject({ auditStatus: 'pending', isPublic: false, completeInfoStatus: true });
    for (const lang of ['en', 'zh'] as const) {
      const noReason = await call({
        method: 'POST',
        url: `/api/company_audit/refuse/${company.id}`,
        body: {},
        lang,
      });
      expect(noReason.status).toBe(400);
      expect(errorsOf(noReason)).toEqual({ reason: lang === 'en' ? 'Reason is required' : '请填写拒绝原因' });
    }
    const refused = await call({
      method: 'POST',
      url: `/api/company_audit/refuse/${company.id}`,
      body: { reason: 'The licence image is blurred 营业执照不清晰' },
    });
    expect(refused.status).toBe(200);
    expect(refused.body.content).toMatchObject({
      auditStatus: 'refused',
      auditReason: 'The licence image is blurred 营业执照不清晰',
      auditedBy: 'admin',
      auditedAt: expect.any(String),
    });
    // a refused company is not refused again
    expect(
      (await call({ method: 'POST', url: `/api/company_audit/refuse/${company.id}`, body: { reason: 'x' } }))
        .status,
    ).toBe(409);

    // The company is corrected and so resubmitted.
    const current = (await call({ method: 'GET', url: `/api/company/${company.id}` })).body.content;
    const edited = await call({
      method: 'PUT',
      url: `/api/company/${company.id}`,
      body: { version: current.version, logo: 'demo/logo-clear.png' },
    });
    expect(edited.body.content.auditStatus).toBe('pending');

    const passed = await call({ method: 'POST', url: `/api/company_audit/pass/${company.id}` });
    expect(passed.body.content).toMatchObject({ auditStatus: 'passed', auditReason: null, isPublic: true });
    const disabled = await call({ method: 'POST', url: `/api/company/disable/${company.id}` });
    expect(disabled.body.content.isPublic).toBe(false);

    const history = (await call({ method: 'GET', url: `/api/company/${company.id}/history` })).body.content;
    expect(history.map((h: { action: string }) => h.action)).toEqual([
      'disable',
      'pass',
      'update',
      'refuse',
      'create',
    ]);
    expect(history[3]).toMatchObject({
      actorAccount: 'admin',
      changes: expect.arrayContaining([
        { field: 'auditStatus', old: 'pending', new: 'refused' },
        { field: 'auditReason', old: null, new: 'The licence image is blurred 营业执照不清晰' },
      ]),
    });
    expect(history[2].changes).toContainEqual({ field: 'auditStatus', old: 'refused', new: 'pending' });
    // a passed company is not passed again
    expect((await call({ method: 'POST', url: `/api/company_audit/pass/${company.id}` })).status).toBe(409);
  });

  it('passes a refused company directly, recording who passed it and when', async () => {
    const company = await createCompany();
    const refused = await call({
      method: 'POST',
      url: `/api/company_audit/refuse/${company.id}`,
      body: { reason: 'Licence expired' },
    });
    expect(refused.status).toBe(200);
    const before = (await call({ method: 'GET', url: `/api/company_audit/${company.id}` })).body.content;
    expect(before).toMatchObject({
      auditStatus: 'refused',
      auditReason: 'Licence expired',
      auditedBy: 'admin',
    });

    const passed = await call({ method: 'POST', url: `/api/company_audit/pass/${company.id}` });
    expect(passed.status).toBe(200);

    const after = (await call({ method: 'GET', url: `/api/company/${company.id}` })).body.content;
    expect(after).toMatchObject({
      auditStatus: 'passed',
      auditReason: null,
      auditedBy: 'admin',
      isPublic: true,
    });
    expect(Date.parse(after.auditedAt)).toBeGreaterThan(Date.parse(before.auditedAt));
    const history = (await call({ method: 'GET', url: `/api/company/${company.id}/history` })).body.content;
    // no resubmission in between: the pass itself moved the status from refused
    expect(history.map((h: { action: string }) => h.action)).toEqual(['pass', 'refuse', 'create']);
    expect(history[0]).toMatchObject({
      actorAccount: 'admin',
      changes: expect.arrayContaining([
        { field: 'auditStatus', old: 'refused', new: 'passed' },
        { field: 'auditReason', old: 'Licence expired', new: null },
      ]),
    });
    expect(history[0].changes.map((c: { field: string }) => c.field)).toContain('auditedAt');
  });

  it('passes in bulk every company matching the list’s filter, and only those', async () => {
    const token = `Batch Audit ${Date.now()}`;
    const mine = [await createCompany({ name: `${token} A` }), await createCompany({ name: `${token} B` })];
    const refused = await createCompany({ name: `${token} C` });
    await call({ method: 'POST', url: `/api/company_audit/refuse/${refused.id}`, body: { reason: 'No' } });
    const other = await createCompany();
    const res = await call({
      method: 'POST',
      url: '/api/company_audit/batch/pass',
      body: { filter: { keyword: token, auditStatus: 'pending' }, expectedCount: 2 },
    });
    expect(res.status).toBe(200);
    expect(res.body.content).toMatchObject({ total: 2, skipped: [] });
    expect(res.body.content.succeeded.sort()).toEqual(mine.map((c) => c.id).sort());
    const after = await call({
      method: 'GET',
      url: `/api/company_audit/list?keyword=${encodeURIComponent(token)}`,
    });
    expect(after.body.content.list.map((c: { auditStatus: string }) => c.auditStatus).sort()).toEqual([
      'passed',
      'passed',
      'refused',
    ]);
    expect((await call({ method: 'GET', url: `/api/company/${other.id}` })).body.content.auditStatus).toBe(
      'pending',
    );
  });
});

describe('company video limit (what a company has at once)', () => {
  const company = (id: number) => call({ method: 'GET', url: `/api/company/${id}` });
  const setVideo = async (id: number, adVideos: string | null, lang?: 'zh') =>
    call({
      method: 'PUT',
      url: `/api/company/${id}`,
      body: { version: (await company(id)).body.content.version, adVideos },
      lang,
    });

  it('refuses a video while the limit is 0, in both languages, and changes nothing', async () => {
    const none = await createCompany({ companyVideoLimit: 0 });
    const refused = await setVideo(none.id, 'demo/first.mp4');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 42901, message: 'the current limit is exceeded' });
    expect((await setVideo(none.id, 'demo/first.mp4', 'zh')).body).toMatchObject({
      message: '已超出当前限额',
    });
    expect((await company(none.id)).body.content).toMatchObject({ adVideos: null, version: none.version });
  });

  it('lets a company with a limit of 1 replace its video as often as it likes', async () => {
    const one = await createCompany({ companyVideoLimit: 1 });
    for (const video of ['demo/a.mp4', 'demo/b.mp4', 'demo/c.mp4', null, 'demo/d.mp4'])
      expect((await setVideo(one.id, video)).status).toBe(200);
    expect((await company(one.id)).body.content.adVideos).toBe('demo/d.mp4');
    const usage = await call({ method: 'GET', url: `/api/quota/usage/${one.id}` });
    expect(usage.body.content.usage.companyVideo).toBe(1);
  });

  it('counts a video given on create, against the package’s limit when the company has none', async () => {
    const pkg = await createPackage({ companyVideoLimit: 0 });
    const res = await call({
      method: 'POST',
      url: '/api/company',
      body: companyBody({ vipPackageId: pkg.id, adVideos: 'demo/first.mp4' }),
    });
    expect(res.status).toBe(429);
    const ok = await createCompany({ vipPackageId: pkg.id });
    expect(ok.adVideos).toBeNull();
    const usage = await t.db.select().from(companyQuotaUsage).where(eq(companyQuotaUsage.companyId, ok.id));
    expect(usage).toEqual([]);
  });
});

describe('file fields (every caller)', () => {
  const MP4 = Buffer.concat([Buffer.from('0000001866747970', 'hex'), Buffer.alloc(200, 1)]);
  const upload = async (file: { filename: string; type: string; data: Buffer }, kind: string) => {
    const form = await multipart({ kind, file });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oss/upload',
      payload: form.payload,
      headers: { ...form.headers, 'x-token': t.token },
    });
    return res.json().content as string;
  };

  it('refuses a logo that is a video or names no upload, in both languages, and keeps the stored one', async () => {
    const company = await createCompany();
    const video = await upload({ filename: 'clip.mp4', type: 'video/mp4', data: MP4 }, 'video');
    const cases: [string, string, string][] = [
      [
        video,
        'Logo must be a file of type image/png, image/jpeg',
        '企业标志必须是以下类型的文件：image/png, image/jpeg',
      ],
      [
        '2026/01/no-such-file.png',
        'Logo: the file does not exist; upload it again',
        '企业标志：文件不存在，请重新上传',
      ],
    ];
    for (const [logo, en, zh] of cases) {
      for (const lang of ['en', 'zh'] as const) {
        const res = await call({
          method: 'PUT',
          url: `/api/company/${company.id}`,
          body: { version: company.version, logo },
          lang,
        });
        expect(res.status, logo).toBe(400);
        expect(res.body.content.errors).toEqual([{ path: 'logo', message: lang === 'en' ? en : zh }]);
      }
      const created = await call({ method: 'POST', url: '/api/company', body: companyBody({ logo }) });
      expect(created.status).toBe(400);
    }
    expect(await call({ method: 'GET', url: `/api/company/${company.id}` })).toMatchObject({
      body: { content: { logo: company.logo, version: company.version } },
    });
    // an image uploaded for it is accepted, and the video where a video belongs
    const image = await upload({ filename: 'logo.png', type: 'image/png', data: PNG }, 'image');
    const saved = await call({
      method: 'PUT',
      url: `/api/company/${company.id}`,
      body: { version: company.version, logo: image, adVideos: video },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await call({ method: 'GET', url: `/api/company/${company.id}` })).body.content).toMatchObject({
      logo: image,
      adVideos: video,
    });
  });

  it('refuses an import row whose logo names no upload, and writes nothing', async () => {
    const { csv } = await sheetOf(
      entities.company!,
      [companyBody({ logo: '2026/01/no-such-file.png' })],
      'en',
    );
    const before = (await call({ method: 'GET', url: '/api/company/list?size=1' })).body.content.total;
    const res = await importFile(t.app, t.token, entities.company!, csv, 'csv', false);
    expect(JSON.stringify(res.body)).toContain('Logo: the file does not exist; upload it again');
    expect((await call({ method: 'GET', url: '/api/company/list?size=1' })).body.content.total).toBe(before);
  });
});

describe('required fields', () => {
  it('names each missing required field of a company, in English and in Chinese', async () => {
    const expected = {
      name: ['Company name is required', '请填写企业名称'],
      logo: ['Please upload Logo', '请上传企业标志'],
      backgroundImg: ['Please upload Background image', '请上传背景图'],
      account: ['Login account is required', '请填写登录账号'],
      telphone: ['Telephone is required', '请填写固定电话'],
      introduce: ['Introduction is required', '请填写企业简介'],
      countryCode: ['Country/region is required', '请填写国家/地区'],
      belongAddress: ['Address is required', '请填写详细地址'],
      email: ['Email is required', '请填写邮箱'],
    };
    for (const [i, lang] of (['en', 'zh'] as const).entries()) {
      const res = await call({ method: 'POST', url: '/api/company', body: {}, lang });
      expect(res.status).toBe(400);
      expect(errorsOf(res)).toEqual(Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, v[i]])));
    }
  });

  it('wants the telephone as area code-number, and a country and province from the region list', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const res = await call({
        method: 'POST',
        url: '/api/company',
        body: companyBody({ telphone: '13800000000', countryCode: 'XX', belong: '440000/330200' }),
        lang,
      });
      expect(res.status).toBe(400);
      expect(errorsOf(res).telphone).toBe(
        lang === 'en'
          ? 'Write the landline as area code-number, e.g. 021-62345678'
          : '固定电话格式为 区号-号码，例如 021-62345678',
      );
    }
    const region = await call({
      method: 'POST',
      url: '/api/company',
      body: companyBody({ countryCode: 'XX', belong: '440000/330200' }),
    });
    expect(errorsOf(region)).toEqual({
      countryCode: 'Choose a country or region from the list',
      belong: 'Choose a province or city from the list',
    });
    const abroad = await createCompany({ countryCode: 'DE', belong: null });
    expect(abroad.countryName).toBe('Germany');
  });

  it('leaves a required field out when the deployment hides it', async () => {
    const hidden = await createEngineApp({
      config: { fieldPolicy: { company: { hidden: ['logo', 'belongAddress'] } } },
    });
    try {
      const { logo: _, belongAddress: __, ...body } = companyBody();
      const res = await client(hidden.app, hidden.token)({ method: 'POST', url: '/api/company', body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.content).not.toHaveProperty('logo');
      expect(res.body.content.completeInfoStatus).toBe(true);
    } finally {
      await hidden.close();
    }
  });
});

describe('supplier accounts', () => {
  // biome-ignore lint/suspicious/noExplicitAny: API records; the assertions check their fields.
  type Rec = Record<string, any>;
  let own: Rec;
  let other: Rec;
  let ownContact: Rec;
  let otherContact: Rec;
  let supplier: string;
  const as = (c: Call) => call({ ...c, token: supplier });

  beforeAll(async () => {
    own = await createCompany({ password: 'Supplier2025' });
    other = await createCompany({ password: 'Other2025x' });
    const contact = async (companyId: number) =>
      (
        await call({
          method: 'POST',
          url: '/api/customer_service',
          body: { companyId, name: `Contact ${++n}` },
        })
      ).body.content;
    ownContact = await contact(own.id);
    otherContact = await contact(other.id);
    supplier = await login(t.app, own.account, 'Supplier2025');
  });

  it('signs in as a company login with the supplier role, and sees only its own company', async () => {
    const [user] = await t.db.select().from(adminUser).where(eq(adminUser.account, own.account));
    expect(user).toMatchObject({ type: 'company', companyId: own.id });
    const info = await as({ method: 'POST', url: '/api/user/get_current_user_info' });
    expect(info.body.content).toMatchObject({ type: 'company', roles: ['supplier'] });
    const listed = await as({ method: 'GET', url: '/api/company/list?size=50' });
    expect(listed.body.content.list.map((c: { id: number }) => c.id)).toEqual([own.id]);
    expect(listed.body.content.total).toBe(1);
    const options = await as({ method: 'GET', url: '/api/company/options' });
    expect(options.body.content.map((o: { id: number }) => o.id)).toEqual([own.id]);
    expect((await as({ method: 'GET', url: `/api/company/${own.id}` })).status).toBe(200);
  });

  it('gets 404 or 403 on every route that names another company', async () => {
    const expectRefused = async (c: Call) => {
      const res = await as(c);
      expect([403, 404], `${c.method} ${c.url}: ${res.status}`).toContain(res.status);
    };
    for (const c of [
      { method: 'GET', url: `/api/company/${other.id}` },
      { method: 'GET', url: `/api/company/${other.id}/history` },
      {
        method: 'PUT',
        url: `/api/company/${other.id}`,
        body: { version: other.version, introduce: 'Mine now' },
      },
      { method: 'DELETE', url: `/api/company/${other.id}` },
      { method: 'POST', url: `/api/company/disable/${other.id}` },
      { method: 'POST', url: `/api/company/${other.id}/revert/1` },
      { method: 'POST', url: '/api/company', body: companyBody() },
      { method: 'GET', url: `/api/company_audit/${other.id}` },
      { method: 'POST', url: `/api/company_audit/pass/${other.id}` },
      { method: 'GET', url: `/api/customer_service/${otherContact.id}` },
      { method: 'GET', url: `/api/customer_service/${otherContact.id}/history` },
      {
        method: 'PUT',
        url: `/api/customer_service/${otherContact.id}`,
        body: { version: otherContact.version, name: 'Mine now' },
      },
      { method: 'DELETE', url: `/api/customer_service/${otherContact.id}` },
      { method: 'POST', url: `/api/customer_service/disable/${otherContact.id}` },
      { method: 'POST', url: '/api/customer_service', body: { companyId: other.id, name: 'Spy' } },
      { method: 'GET', url: `/api/quota/usage/${other.id}` },
    ] as Call[])
      await expectRefused(c);
    const bulk = await as({
      method: 'POST',
      url: '/api/customer_service/batch/disable',
      body: { ids: [otherContact.id] },
    });
    expect(bulk.body.content).toMatchObject({
      succeeded: [],
      skipped: [{ id: otherContact.id, reason: 'notFound' }],
    });
    const all = await as({
      method: 'POST',
      url: '/api/customer_service/batch/disable',
      // The supplier sees one contact: its own (the other company's do not count).
      body: { filter: {}, expectedCount: 1 },
    });
    expect(all.body.content.succeeded).toEqual([ownContact.id]);
    await as({ method: 'POST', url: '/api/customer_service/batch/enable', body: { ids: [ownContact.id] } });
    // Nothing of the other company changed.
    const untouched = await call({ method: 'GET', url: `/api/customer_service/${otherContact.id}` });
    expect(untouched.body.content).toMatchObject({ version: otherContact.version, status: 'enabled' });
    expect((await call({ method: 'GET', url: `/api/company/${other.id}` })).body.content.version).toBe(
      other.version,
    );
  });

  it('lists, adds and edits only its own contacts', async () => {
    const listed = await as({ method: 'GET', url: '/api/customer_service/list?size=50' });
    expect(listed.body.content.list.map((c: { companyId: number }) => c.companyId)).toEqual([own.id]);
    const added = await as({
      method: 'POST',
      url: '/api/customer_service',
      body: { name: 'Lily Wang 王丽' },
    });
    expect(added.status).toBe(200);
    expect(added.body.content.companyId).toBe(own.id);
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/customer_service/export?format=csv',
      headers: { 'x-token': supplier },
    });
    expect(exported.body).toContain('Lily Wang');
    expect(exported.body).not.toContain(otherContact.name);
  });

  it('sends back its company and its contact exactly as it read them, and nothing changes', async () => {
    for (const url of [`/api/company/${own.id}`, `/api/customer_service/${ownContact.id}`]) {
      const before = (await as({ method: 'GET', url })).body.content;
      const res = await as({ method: 'PUT', url, body: before });
      expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
      const after = (await as({ method: 'GET', url })).body.content;
      const { version: _v, updatedAt: _u, ...rest } = after;
      const { version: _bv, updatedAt: _bu, ...restBefore } = before;
      expect(rest, url).toEqual(restBefore);
    }
  });

  it('edits its own company, but not the organiser’s fields; only its own uploads may be used', async () => {
    const current = (await as({ method: 'GET', url: `/api/company/${own.id}` })).body.content;
    const organiserOnly = await as({
      method: 'PUT',
      url: `/api/company/${own.id}`,
      // Changed values: the same values sent back as they were read are no change and are accepted.
      body: {
        version: current.version,
        vipPackageId: (current.vipPackageId ?? 0) + 1,
        companyVideoLimit: (current.companyVideoLimit ?? 0) + 99,
      },
      lang: 'zh',
    });
    expect(organiserOnly.status).toBe(400);
    expect(errorsOf(organiserOnly)).toEqual({
      vipPackageId: '会员套餐只能由平台修改',
      companyVideoLimit: '企业视频数只能由平台修改',
    });
    const foreign = await as({
      method: 'PUT',
      url: `/api/company/${own.id}`,
      body: { version: current.version, logo: other.logo },
    });
    expect(errorsOf(foreign)).toEqual({ logo: 'Logo must be a file uploaded by your company' });

    const form = await multipart({
      kind: 'image',
      file: { filename: 'logo.png', type: 'image/png', data: PNG },
    });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/oss/upload',
      payload: form.payload,
      headers: { ...form.headers, 'x-token': supplier },
    });
    const key = uploaded.json().content as string;
    const saved = await as({
      method: 'PUT',
      url: `/api/company/${own.id}`,
      body: { version: current.version, logo: key, introduce: 'Updated by the supplier' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.content).toMatchObject({ logo: key, introduce: 'Updated by the supplier' });
  });

  it('loses its login when the company goes to the trash, and gets it back on restore', async () => {
    const company = await createCompany({ password: 'Trashed2025' });
    expect((await tryLogin(t.app, company.account, 'Trashed2025')).json().success).toBe(true);
    await call({ method: 'DELETE', url: `/api/company/${company.id}` });
    expect((await tryLogin(t.app, company.account, 'Trashed2025')).json().success).toBe(false);
    await call({ method: 'POST', url: `/api/company/restore/${company.id}` });
    expect((await tryLogin(t.app, company.account, 'Trashed2025')).json().success).toBe(true);
  });

  it('refuses a company whose account another kind of login holds', async () => {
    const res = await call({
      method: 'POST',
      url: '/api/company',
      body: companyBody({ account: 'editor', password: 'Editor2025' }),
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('Login account');
    const none = await call({ method: 'GET', url: '/api/company/list?keyword=editor' });
    expect(none.body.content.total).toBe(0);
  });
});

describe('customer-service contacts', () => {
  it('keeps exactly one default per company: the first, then whichever is chosen, then the next on delete', async () => {
    const company = await createCompany();
    const add = async (body: Record<string, unknown>) =>
      (await call({ method: 'POST', url: '/api/customer_service', body: { companyId: company.id, ...body } }))
        .body.content;
    const first = await add({ name: 'First' });
    expect(first.isDefault).toBe(true);
    const second = await add({ name: 'Second' });
    expect(second.isDefault).toBe(false);
    const third = await add({ name: 'Third', isDefault: true });
    expect(third.isDefault).toBe(true);
    const defaults = async () =>
      (
        await call({
          method: 'GET',
          url: `/api/customer_service/list?companyId=${company.id}&isDefault=true`,
        })
      ).body.content.list.map((c: { name: string }) => c.name);
    expect(await defaults()).toEqual(['Third']);
    const was = (await call({ method: 'GET', url: `/api/customer_service/${first.id}` })).body.content;
    expect(was.version).toBe(2);

    const unset = await call({
      method: 'PUT',
      url: `/api/customer_service/${third.id}`,
      body: { version: third.version, isDefault: false },
    });
    expect(unset.body.content.isDefault).toBe(false);
    expect(await defaults()).toEqual(['First']);
    await call({ method: 'DELETE', url: `/api/customer_service/${first.id}` });
    expect(await defaults()).toEqual(['Second']);
  });

  it('stores the password as an argon2id hash and never returns it', async () => {
    const company = await createCompany();
    const created = await call({
      method: 'POST',
      url: '/api/customer_service',
      body: { companyId: company.id, name: 'Secret keeper', password: 'Chat2025pass' },
    });
    expect(created.status).toBe(200);
    const id = created.body.content.id;
    const table = entityTables.customer_service!;
    const [row] = await t.db.select().from(table).where(eq(table.id, id));
    expect(String(row!.password)).toMatch(/^\$argon2id\$/);
    for (const res of [
      created,
      await call({ method: 'GET', url: `/api/customer_service/${id}` }),
      await call({ method: 'GET', url: `/api/customer_service/list?companyId=${company.id}` }),
    ]) {
      expect(JSON.stringify(res.body)).not.toMatch(/password|argon2|Chat2025pass/i);
    }
    const weak = await call({
      method: 'PUT',
      url: `/api/customer_service/${id}`,
      body: { version: 1, password: 'short' },
      lang: 'zh',
    });
    expect(errorsOf(weak)).toEqual({ password: '客服登录密码至少 8 位，且须同时包含字母和数字' });
    // Empty means unchanged.
    const kept = await call({
      method: 'PUT',
      url: `/api/customer_service/${id}`,
      body: { version: 1, password: '', remark: 'Unchanged password' },
    });
    expect(kept.status).toBe(200);
    const [same] = await t.db.select().from(table).where(eq(table.id, id));
    expect(same!.password).toBe(row!.password);
    const changed = await call({
      method: 'PUT',
      url: `/api/customer_service/${id}`,
      body: { version: 2, password: 'Another2025' },
    });
    expect(changed.status).toBe(200);
    const history = await call({ method: 'GET', url: `/api/customer_service/${id}/history` });
    expect(history.body.content[0].changes).toEqual([{ field: 'password', old: '******', new: '******' }]);
    expect(JSON.stringify(history.body)).not.toMatch(/argon2|Another2025|Chat2025pass/);
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/customer_service/export?format=csv&columns=name,password',
      headers: { 'x-token': t.token },
    });
    expect(exported.statusCode).toBe(400);
    const company2 = await call({ method: 'GET', url: `/api/company/${company.id}` });
    expect(company2.body.content).not.toHaveProperty('password');
  });
});
