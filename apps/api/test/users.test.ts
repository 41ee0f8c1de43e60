import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, importHandle, mailLog, session } from '../src/db/schema';
import { entityTables } from '../src/db/schema/entities';
import { removeOldLogs } from '../src/modules/system';
import { DEMO_USER_COUNT, seedUserDemo } from '../src/modules/users';
import { verifyPassword } from '../src/security/password';
import { createAccount, supplierCompanyBody } from './access-fixtures';
import { createAccountWithRole } from './engine/roles';
import { type Call, client, createEngineApp } from './engine/setup';
import { login, multipart, tryLogin } from './helpers';

// Accounts: every call of the user and admin screens (the record routes, the staff list, password reset,
// enable / disable, roles, interests, the activation mail and its link, the two-step import, sessions), the
// bad inputs of each, and the permission every one of them needs.

let t: Awaited<ReturnType<typeof createEngineApp>>;
let call: (c: Call) => ReturnType<ReturnType<typeof client>>;
let n = 0;

beforeAll(async () => {
  t = await createEngineApp();
  call = client(t.app, t.token);
});
afterAll(() => t?.close());

const errorsOf = (res: { body: { content: { errors: { path: string; message: string }[] } } }) =>
  Object.fromEntries(res.body.content.errors.map((e) => [e.path, e.message]));

async function createUser(patch: Record<string, unknown> = {}) {
  n++;
  const res = await call({
    method: 'POST',
    url: '/api/user_manager',
    body: {
      account: `buyer_t${n}`,
      password: 'Secret12345',
      realname: `张${n}`,
      email: `buyer${n}@example.com`,
      mobile: '+86 138 0000 0000',
      company: `Acme ${n}`,
      ...patch,
    },
  });
  if (res.status !== 200) throw new Error(`user: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.content;
}

/** A company with a supplier login `${prefix}${n}` / Secret12345, made by root. */
async function supplierCompany(prefix: string) {
  n++;
  const company = await call({
    method: 'POST',
    url: '/api/company',
    body: supplierCompanyBody(`${prefix}${n}`, 'Secret12345'),
  });
  expect(company.status).toBe(200);
  return company;
}

async function upload(data: Buffer, filename = 'users.csv', type = 'text/csv', lang: 'en' | 'zh' = 'en') {
  const form = await multipart({ file: { filename, type, data } });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user_manager/upload',
    payload: form.payload,
    headers: { ...form.headers, 'x-token': t.token, 'accept-language': lang === 'zh' ? 'zh-CN' : 'en-US' },
  });
  return { status: res.statusCode, body: res.json() };
}

describe('the user store', () => {
  it('creates, reads, updates, lists and soft-deletes a marketplace user; passwords never come back', async () => {
    const user = await createUser({ type: 'trader', country: 'DE' });
    expect(user).toMatchObject({ type: 'trader', status: 'enabled', version: 1 });
    expect(user).not.toHaveProperty('password');
    const read = await call({ method: 'GET', url: `/api/user_manager/${user.id}` });
    expect(read.body.content.account).toBe(user.account);
    const put = await call({
      method: 'PUT',
      url: `/api/user_manager/${user.id}`,
      body: { version: 1, nickname: 'Tom', country: null },
    });
    expect(put.body.content).toMatchObject({ version: 2, nickname: 'Tom', country: null });
    const list = await call({ method: 'GET', url: `/api/user_manager/list?keyword=${user.account}` });
    expect(list.body.content.list.map((u: { id: number }) => u.id)).toEqual([user.id]);
    expect(JSON.stringify(list.body.content)).not.toContain('argon2');
    const del = await call({ method: 'DELETE', url: `/api/user_manager/${user.id}` });
    expect(del.status).toBe(200);
    expect((await call({ method: 'GET', url: `/api/user_manager/${user.id}` })).status).toBe(404);
    expect((await call({ method: 'POST', url: `/api/user_manager/restore/${user.id}` })).status).toBe(200);
    expect((await call({ method: 'GET', url: `/api/user_manager/${user.id}` })).status).toBe(200);
  });

  it('lists marketplace users on list and staff on list_admin, with the same query language', async () => {
    const buyer = await createUser();
    const staff = await createUser({ type: 'admin', account: `staff_t${n}` });
    const list = await call({ method: 'GET', url: '/api/user_manager/list?size=50&type=admin,company' });
    expect(list.body.content.total).toBe(0);
    const all = await call({ method: 'GET', url: `/api/user_manager/list?keyword=${buyer.account}` });
    expect(all.body.content.total).toBe(1);
    const admins = await call({
      method: 'GET',
      url: '/api/user_manager/list_admin?size=50&sort=account&order=asc',
    });
    const accounts = admins.body.content.list.map((u: { account: string }) => u.account);
    expect(accounts).toContain('admin');
    expect(accounts).toContain(staff.account);
    expect(accounts).not.toContain(buyer.account);
    const root = admins.body.content.list.find((u: { account: string }) => u.account === 'admin');
    expect(root.roles.map((r: { code: string }) => r.code)).toContain('root');
    // The admin signed in for this test: its last sign-in shows.
    expect(root.lastLoginTime).toEqual(expect.any(String));
    const bad = await call({ method: 'GET', url: '/api/user_manager/list_admin?colour=red' });
    expect(bad.status).toBe(400);
    // the staff list's export holds what it shows: staff, never buyers, under the same filters
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/user_manager/export_admin?format=csv&sort=account&order=asc',
      headers: { 'x-token': t.token },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.body).toContain(staff.account);
    expect(exported.body).not.toContain(buyer.account);
    const filtered = await t.app.inject({
      method: 'GET',
      url: `/api/user_manager/export_admin?format=csv&keyword=${staff.account}`,
      headers: { 'x-token': t.token },
    });
    expect(filtered.body.trim().split('\n')).toHaveLength(2);
    // not a file to import again, and no unknown parameter
    for (const query of ['purpose=import', 'purpose=template', 'colour=red']) {
      const refused = await call({ method: 'GET', url: `/api/user_manager/export_admin?${query}` });
      expect(refused.status, query).toBe(400);
    }
  });

  it('refuses a duplicate account or email (409 naming the field) and a weak password (400)', async () => {
    const user = await createUser();
    const dupAccount = await call({
      method: 'POST',
      url: '/api/user_manager',
      body: { account: user.account, email: 'other@example.com' },
    });
    expect(dupAccount.status).toBe(409);
    expect(dupAccount.body.message).toContain('Account');
    const dupEmail = await call({
      method: 'POST',
      url: '/api/user_manager',
      body: { account: `fresh_t${n}`, email: user.email },
      lang: 'zh',
    });
    expect(dupEmail.status).toBe(409);
    expect(dupEmail.body.message).toContain('邮箱');
    const weak = await call({
      method: 'POST',
      url: '/api/user_manager',
      body: { account: `weak_t${n}`, password: 'short' },
    });
    expect(weak.status).toBe(400);
    expect(errorsOf(weak)).toHaveProperty('password');
    expect((await call({ method: 'GET', url: '/api/user_manager/999999' })).status).toBe(404);
    expect((await call({ method: 'GET', url: '/api/user_manager/abc' })).status).toBe(400);
  });
});

describe('staff accounts', () => {
  it('signs in with a staff account created here; its roles are set with config and read with list_by_user', async () => {
    const staff = await createUser({ type: 'admin', account: `ops_t${n}` });
    const token = await login(t.app, staff.account, 'Secret12345');
    // No role yet: the user list is closed to it.
    expect((await call({ method: 'GET', url: '/api/user_manager/list', token })).status).toBe(403);
    const roles = await call({
      method: 'POST',
      url: '/role/list_by_user'.replace(/^/, '/api'),
      body: { userId: String(staff.id) },
    });
    expect(roles.status).toBe(200);
    const editor = roles.body.content.find((r: { code: string }) => r.code === 'editor');
    expect(editor).toMatchObject({ assigned: false, assignable: true });
    const set = await call({
      method: 'POST',
      url: `/api/user_manager/config/${staff.id}`,
      body: { ids: [editor.id] },
    });
    expect(set.body.content.find((r: { id: number }) => r.id === editor.id).assigned).toBe(true);
    const form = await multipart({ userId: String(staff.id) });
    const byForm = await t.app.inject({
      method: 'POST',
      url: '/api/role/list_by_user',
      payload: form.payload,
      headers: { ...form.headers, 'x-token': t.token },
    });
    expect(byForm.json().content.find((r: { id: number }) => r.id === editor.id).assigned).toBe(true);
    const info = await t.app.inject({
      method: 'POST',
      url: '/api/user/get_current_user_info',
      headers: { 'x-token': token },
    });
    expect(info.json().content.roles).toContain('editor');
    // Cleared again.
    await call({ method: 'POST', url: `/api/user_manager/config/${staff.id}`, body: { ids: [] } });
    const cleared = await call({ method: 'POST', url: '/api/role/list_by_user', body: { userId: staff.id } });
    expect(cleared.body.content.every((r: { assigned: boolean }) => !r.assigned)).toBe(true);
  });

  it('refuses roles that do not exist, roles for a marketplace user, and malformed bodies', async () => {
    const staff = await createUser({ type: 'admin', account: `ops_t${n}` });
    const missing = await call({
      method: 'POST',
      url: `/api/user_manager/config/${staff.id}`,
      body: { ids: [987654] },
    });
    expect(missing.status).toBe(400);
    expect(errorsOf(missing).ids).toContain('987654');
    const zh = await call({
      method: 'POST',
      url: `/api/user_manager/config/${staff.id}`,
      body: { ids: [987654] },
      lang: 'zh',
    });
    expect(errorsOf(zh).ids).toContain('角色不存在');
    const buyer = await createUser();
    const notStaff = await call({
      method: 'POST',
      url: `/api/user_manager/config/${buyer.id}`,
      body: { ids: [] },
    });
    expect(notStaff.status).toBe(400);
    expect(errorsOf(notStaff)).toHaveProperty('userId');
    expect(
      (await call({ method: 'POST', url: `/api/user_manager/config/${staff.id}`, body: { ids: 'all' } }))
        .status,
    ).toBe(400);
    expect(
      (await call({ method: 'POST', url: '/api/user_manager/config/999999', body: { ids: [] } })).status,
    ).toBe(404);
  });

  it('resets a password (shown once, sessions end), disables (sessions end, no sign-in) and enables', async () => {
    const staff = await createUser({ type: 'admin', account: `ops_t${n}` });
    const token = await login(t.app, staff.account, 'Secret12345');
    const sessions = await call({ method: 'GET', url: `/api/user_manager/sessions/${staff.id}` });
    expect(sessions.body.content).toHaveLength(1);
    expect(sessions.body.content[0]).toMatchObject({ ip: expect.any(String), isCurrent: false });
    const reset = await call({ method: 'POST', url: `/api/user_manager/reset_password/${staff.id}` });
    expect(reset.body.content).toMatchObject({
      mailed: false,
      password: expect.stringMatching(/^[A-Za-z0-9]{12}$/),
    });
    const info = () =>
      t.app.inject({ method: 'POST', url: '/api/user/get_current_user_info', headers: { 'x-token': token } });
    expect((await info()).json().success).toBe(false);
    expect((await tryLogin(t.app, staff.account, 'Secret12345')).json().success).toBe(false);
    const again = await login(t.app, staff.account, reset.body.content.password);
    const history = await call({ method: 'GET', url: `/api/user_manager/${staff.id}/history` });
    expect(JSON.stringify(history.body.content)).not.toContain(reset.body.content.password);

    expect((await call({ method: 'POST', url: `/api/user_manager/disable/${staff.id}` })).status).toBe(200);
    const afterDisable = await t.app.inject({
      method: 'POST',
      url: '/api/user/get_current_user_info',
      headers: { 'x-token': again },
    });
    expect(afterDisable.json().success).toBe(false);
    expect((await tryLogin(t.app, staff.account, reset.body.content.password)).json().success).toBe(false);
    expect((await call({ method: 'POST', url: `/api/user_manager/enable/${staff.id}` })).status).toBe(200);
    await login(t.app, staff.account, reset.body.content.password);
    expect((await call({ method: 'POST', url: '/api/user_manager/reset_password/999999' })).status).toBe(404);
  });

  it('lists and revokes one session of a staff account', async () => {
    const staff = await createUser({ type: 'admin', account: `ops_t${n}` });
    const token = await login(t.app, staff.account, 'Secret12345');
    const [open] = (await call({ method: 'GET', url: `/api/user_manager/sessions/${staff.id}` })).body
      .content;
    const revoked = await call({
      method: 'POST',
      url: `/api/user_manager/revoke_session/${staff.id}`,
      body: { sessionId: open.id },
    });
    expect(revoked.status).toBe(200);
    const info = await t.app.inject({
      method: 'POST',
      url: '/api/user/get_current_user_info',
      headers: { 'x-token': token },
    });
    expect(info.json().success).toBe(false);
    const [row] = await t.db.select().from(session).where(eq(session.id, open.id));
    expect(row!.revokedAt).not.toBeNull();
    expect(
      (await call({ method: 'GET', url: `/api/user_manager/sessions/${staff.id}` })).body.content,
    ).toEqual([]);
    const unknown = await call({
      method: 'POST',
      url: `/api/user_manager/revoke_session/${staff.id}`,
      body: { sessionId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
  });

  it('lists a supplier login made from its company, with the company; refuses making one here', async () => {
    const company = await supplierCompany('supplier_t');
    const admins = await call({ method: 'GET', url: `/api/user_manager/list_admin?keyword=supplier_t${n}` });
    expect(admins.body.content.list).toHaveLength(1);
    expect(admins.body.content.list[0]).toMatchObject({
      type: 'company',
      companyId: company.body.content.id,
    });
    const refused = await call({
      method: 'POST',
      url: '/api/user_manager',
      body: { account: `own_supplier${n}`, type: 'company' },
      lang: 'zh',
    });
    expect(refused.status).toBe(400);
    expect(errorsOf(refused).type).toContain('用户类型');
    await call({ method: 'DELETE', url: `/api/company/${company.body.content.id}` });
    const purged = await call({ method: 'DELETE', url: `/api/company/purge/${company.body.content.id}` });
    expect(purged.status).toBe(200);
    const after = await call({ method: 'GET', url: `/api/user_manager/list_admin?keyword=supplier_t${n}` });
    expect(after.body.content.total).toBe(0);
  });

  it('deleting a staff account disables its login; purging removes it', async () => {
    const staff = await createUser({ type: 'admin', account: `ops_t${n}` });
    await call({ method: 'DELETE', url: `/api/user_manager/${staff.id}` });
    const [login1] = await t.db.select().from(adminUser).where(eq(adminUser.account, staff.account));
    expect(login1!.status).toBe('disabled');
    await call({ method: 'POST', url: `/api/user_manager/restore/${staff.id}` });
    await login(t.app, staff.account, 'Secret12345');
    await call({ method: 'DELETE', url: `/api/user_manager/${staff.id}` });
    await call({ method: 'DELETE', url: `/api/user_manager/purge/${staff.id}` });
    expect(await t.db.select().from(adminUser).where(eq(adminUser.account, staff.account))).toEqual([]);
  });

  it('keeps the last enabled root account: it cannot be disabled, deleted or lose the role', async () => {
    const admins = await call({ method: 'GET', url: '/api/user_manager/list_admin?keyword=admin&size=50' });
    const root = admins.body.content.list.find((u: { account: string }) => u.account === 'admin');
    for (const attempt of [
      { method: 'POST', url: `/api/user_manager/disable/${root.id}` },
      { method: 'DELETE', url: `/api/user_manager/${root.id}` },
      { method: 'POST', url: `/api/user_manager/config/${root.id}`, body: { ids: [] } },
    ] as const) {
      const res = await call(attempt);
      expect(res.status, attempt.url).toBe(409);
      expect(res.body.message, attempt.url).toMatch(/root/i);
    }
    const [login1] = await t.db.select().from(adminUser).where(eq(adminUser.account, 'admin'));
    expect(login1!.status).toBe('enabled');
    expect((await call({ method: 'GET', url: `/api/user_manager/${root.id}` })).body.content.status).toBe(
      'enabled',
    );
  });
});

/** A live product category (interests name product categories). */
async function productCategory(name: string): Promise<number> {
  const res = await call({
    method: 'POST',
    url: '/api/product_category',
    body: { name: `${name} ${n}`, enName: name, zhName: `${name}类` },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.content.id as number;
}

describe('interests', () => {
  it('stores the favourite product categories and reads them back', async () => {
    const user = await createUser();
    const pumps = await productCategory('Pumps');
    const valves = await productCategory('Valves');
    const empty = await call({ method: 'POST', url: `/api/user_manager/get_user_interest/${user.id}` });
    expect(empty.body.content).toEqual({ categoryIds: [] });
    const set = await call({
      method: 'POST',
      url: `/api/user_manager/update_user_interest/${user.id}`,
      body: { categoryIds: [pumps, valves, pumps] },
    });
    expect(set.body.content).toEqual({ categoryIds: [pumps, valves] });
    const read = await call({ method: 'POST', url: `/api/user_manager/get_user_interest/${user.id}` });
    expect(read.body.content).toEqual({ categoryIds: [pumps, valves] });
    await call({
      method: 'POST',
      url: `/api/user_manager/update_user_interest/${user.id}`,
      body: { categoryIds: [] },
    });
    expect(
      (await call({ method: 'POST', url: `/api/user_manager/get_user_interest/${user.id}` })).body.content,
    ).toEqual({ categoryIds: [] });
    const bad = await call({
      method: 'POST',
      url: `/api/user_manager/update_user_interest/${user.id}`,
      body: { categoryIds: ['x'] },
    });
    expect(bad.status).toBe(400);
    expect((await call({ method: 'POST', url: '/api/user_manager/get_user_interest/999999' })).status).toBe(
      404,
    );
  });

  it('refuses ids that are not live product categories, naming them', async () => {
    const user = await createUser();
    const live = await productCategory('Fabrics');
    const trashed = await productCategory('Old fabrics');
    await call({ method: 'DELETE', url: `/api/product_category/${trashed}` });
    const ok1 = await call({
      method: 'POST',
      url: `/api/user_manager/update_user_interest/${user.id}`,
      body: { categoryIds: [live] },
    });
    expect(ok1.status).toBe(200);
    const refused = await call({
      method: 'POST',
      url: `/api/user_manager/update_user_interest/${user.id}`,
      body: { categoryIds: [live, trashed, 999_999] },
      lang: 'zh',
    });
    expect(refused.status).toBe(400);
    expect(errorsOf(refused).categoryIds).toContain(`产品分类不存在：${trashed}, 999999`);
    const kept = await call({ method: 'POST', url: `/api/user_manager/get_user_interest/${user.id}` });
    expect(kept.body.content).toEqual({ categoryIds: [live] });
  });
});

describe('activation mail', () => {
  it('puts the mail in the outbox, its link to the server’s own address (not the Host header) and masked', async () => {
    const user = await createUser();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/user_manager/send_active_email/${user.id}`,
      headers: { host: 'evil.example', 'x-token': t.token, 'accept-language': 'zh-CN' },
    });
    const sent = { body: res.json() };
    expect(sent.body.content).toMatchObject({ status: 'outbox' });
    const [mail] = await t.db.select().from(mailLog).where(eq(mailLog.id, sent.body.content.mailId));
    expect(mail).toMatchObject({ to: user.email, template: 'activation', lang: 'zh', status: 'outbox' });
    expect(mail!.subject).toBe('激活您的账号');
    // without PUBLIC_URL, the address the server is configured to listen on (HOST:PORT)
    expect(mail!.body).toContain('http://127.0.0.1:8080/activate?token=******');
    expect(`${mail!.body}${mail!.html}`).not.toContain('evil.example');
    // The email log shows it.
    const log = await call({
      method: 'GET',
      url: `/api/email_log/list?to=${encodeURIComponent(user.email)}&status=outbox`,
    });
    expect(log.status).toBe(200);
    expect(log.body.content.list).toHaveLength(1);
    expect(log.body.content.list[0]).toMatchObject({
      to: user.email,
      template: 'activation',
      status: 'outbox',
    });
  });

  it('refuses an account without email, naming it', async () => {
    const user = await createUser({ email: null });
    const res = await call({ method: 'POST', url: `/api/user_manager/send_active_email/${user.id}` });
    expect(res.status).toBe(400);
    expect(errorsOf(res)).toHaveProperty('email');
  });
});

describe('import', () => {
  it('checks a file (report per row, nothing written) and imports the rows kept in one go', async () => {
    n++;
    const csv = `\uFEFF账号,真实姓名,邮箱,用户类型\r\nimp_a${n},甲,imp_a${n}@example.com,采购商\r\nimp_b${n},乙,not-an-email,采购商\r\nimp_a${n},丙,imp_c${n}@example.com,采购商\r\n`;
    const checked = await upload(Buffer.from(csv, 'utf8'), 'users.csv', 'text/csv', 'zh');
    expect(checked.status).toBe(200);
    const report = checked.body.content;
    expect(report).toMatchObject({ dryRun: true, total: 3, valid: 1, invalid: 2 });
    expect(report.rows[1].errors[0].path).toBe('email');
    expect(report.rows[2].errors[0].path).toBe('account');
    const before = await call({ method: 'GET', url: `/api/user_manager/list?keyword=imp_a${n}` });
    expect(before.body.content.total).toBe(0);
    const done = await call({
      method: 'POST',
      url: '/api/user_manager/import',
      body: { handle: report.handle },
    });
    expect(done.body.content).toMatchObject({ dryRun: false, created: 1 });
    const after = await call({ method: 'GET', url: `/api/user_manager/list?keyword=imp_a${n}` });
    expect(after.body.content.total).toBe(1);
    const twice = await call({
      method: 'POST',
      url: '/api/user_manager/import',
      body: { handle: report.handle },
    });
    expect(twice.status).toBe(400);
    expect(errorsOf(twice)).toHaveProperty('handle');
  });

  it('keeps no password of a checked file in clear: its hash only, and the handle goes once imported or expired', async () => {
    n++;
    const secret = `Clear-Secret-${n}x9`;
    const other = `Other-Secret-${n}x9`;
    const csv = `account,password,email\r\nsec_a${n},${secret},sec_a${n}@example.com\r\nsec_b${n},${other},not-an-email\r\n`;
    const checked = await upload(Buffer.from(csv, 'utf8'));
    expect(checked.body.content).toMatchObject({ total: 2, valid: 1, invalid: 1 });
    const handle = checked.body.content.handle as string;
    const kept = await t.db.select().from(importHandle).where(eq(importHandle.id, handle));
    expect(kept).toHaveLength(1);
    // everything the row holds, a stored file's bytes read as text
    const dump = JSON.stringify(kept[0], (_, v) =>
      v instanceof Uint8Array ? Buffer.from(v).toString('utf8') : v,
    );
    expect(dump).toContain(`sec_a${n}`);
    expect(dump).not.toContain(secret);
    expect(dump).not.toContain(other);

    const done = await call({ method: 'POST', url: '/api/user_manager/import', body: { handle } });
    expect(done.body.content).toMatchObject({ created: 1 });
    expect(await t.db.select().from(importHandle).where(eq(importHandle.id, handle))).toEqual([]);
    const users = entityTables.user_manager!;
    const [created] = await t.db
      .select()
      .from(users)
      .where(eq(users.account, `sec_a${n}`));
    expect(await verifyPassword(String(created!.password), secret)).toBe(true);

    // a checked file never confirmed is deleted by the daily clean-up once expired, and cannot be imported
    const late = await upload(Buffer.from(`account,password\r\nsec_c${n},${secret}\r\n`, 'utf8'));
    const lateHandle = late.body.content.handle as string;
    await t.db
      .update(importHandle)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(importHandle.id, lateHandle));
    const cleaned = await removeOldLogs(t.db, 180);
    expect(cleaned.deleted.importHandles).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(importHandle).where(eq(importHandle.id, lateHandle))).toEqual([]);
    const refused = await call({
      method: 'POST',
      url: '/api/user_manager/import',
      body: { handle: lateHandle },
    });
    expect(refused.status).toBe(400);
    expect(errorsOf(refused)).toHaveProperty('handle');
  });

  it('round trip: export, edit, upload and import back', async () => {
    const user = await createUser({ nickname: 'Before' });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/user_manager/export?format=csv&keyword=${user.account}`,
      headers: { 'x-token': t.token },
    });
    const edited = Buffer.from(file.body.replace('Before', 'After'), 'utf8');
    const checked = await upload(edited);
    expect(checked.body.content).toMatchObject({ invalid: 0, updated: 1 });
    await call({
      method: 'POST',
      url: '/api/user_manager/import',
      body: { handle: checked.body.content.handle },
    });
    const read = await call({ method: 'GET', url: `/api/user_manager/${user.id}` });
    expect(read.body.content.nickname).toBe('After');
  });

  it('reads a GBK CSV from Chinese Excel', async () => {
    n++;
    const text = `账号,真实姓名\r\ngbk_${n},王小明\r\n`;
    const gbk = Buffer.from(new Uint8Array([...new TextEncoder().encode('')]));
    // The GBK bytes of the text above, written by hand: ASCII stays, each Chinese character is two bytes.
    const bytes: number[] = [];
    const table: Record<string, number[]> = {
      账: [0xd5, 0xcb],
      号: [0xba, 0xc5],
      真: [0xd5, 0xe6],
      实: [0xca, 0xb5],
      姓: [0xd0, 0xd5],
      名: [0xc3, 0xfb],
      王: [0xcd, 0xf5],
      小: [0xd0, 0xa1],
      明: [0xc3, 0xf7],
    };
    for (const ch of text) bytes.push(...(table[ch] ?? [ch.charCodeAt(0)]));
    const checked = await upload(Buffer.concat([gbk, Buffer.from(bytes)]));
    expect(checked.body.content).toMatchObject({ valid: 1, ignoredColumns: [] });
  });

  it('refuses a file that is not a spreadsheet, an empty file and a file without known columns', async () => {
    const png = await upload(Buffer.from('89504e470d0a1a0a0000000d4948445200', 'hex'), 'x.csv');
    expect(png.status).toBeGreaterThanOrEqual(400);
    expect(png.status).toBeLessThan(500);
    const empty = await upload(Buffer.alloc(0));
    expect(empty.status).toBe(400);
    const unknown = await upload(Buffer.from('colour,size\r\nred,big\r\n'));
    expect(unknown.status).toBe(400);
    expect(unknown.body.content.errors[0].path).toBe('file');
    const big = await upload(Buffer.alloc(6 * 1024 * 1024, 'a'));
    expect(big.status).toBe(413);
    expect(big.body.message).toContain('MB');
    const bad = await call({ method: 'POST', url: '/api/user_manager/import', body: { handle: 'nope' } });
    expect(bad.status).toBe(400);
  });
});

describe('permissions', () => {
  it('a role without /user/user_list gets 403 on every call', async () => {
    await createAccountWithRole(t.db, {
      account: 'nouser1',
      password: 'secret123',
      menus: [],
      resources: [],
    });
    const token = await login(t.app, 'nouser1', 'secret123');
    const user = await createUser();
    const calls: Call[] = [
      { method: 'GET', url: '/api/user_manager/list' },
      { method: 'GET', url: `/api/user_manager/${user.id}` },
      { method: 'POST', url: '/api/user_manager', body: { account: 'x_forbidden' } },
      { method: 'PUT', url: `/api/user_manager/${user.id}`, body: { version: 1 } },
      { method: 'DELETE', url: `/api/user_manager/${user.id}` },
      { method: 'POST', url: `/api/user_manager/reset_password/${user.id}` },
      { method: 'POST', url: `/api/user_manager/enable/${user.id}` },
      { method: 'POST', url: `/api/user_manager/disable/${user.id}` },
      { method: 'POST', url: `/api/user_manager/config/${user.id}`, body: { ids: [] } },
      { method: 'POST', url: '/api/role/list_by_user', body: { userId: user.id } },
      { method: 'GET', url: '/api/user_manager/list_admin' },
      { method: 'GET', url: '/api/user_manager/export_admin' },
      { method: 'POST', url: `/api/user_manager/get_user_interest/${user.id}` },
      { method: 'POST', url: `/api/user_manager/update_user_interest/${user.id}`, body: { categoryIds: [] } },
      { method: 'POST', url: `/api/user_manager/send_active_email/${user.id}` },
      { method: 'POST', url: '/api/user_manager/upload' },
      {
        method: 'POST',
        url: '/api/user_manager/import',
        body: { handle: '00000000-0000-4000-8000-000000000000' },
      },
      { method: 'GET', url: `/api/user_manager/sessions/${user.id}` },
      {
        method: 'POST',
        url: `/api/user_manager/revoke_session/${user.id}`,
        body: { sessionId: '00000000-0000-4000-8000-000000000000' },
      },
    ];
    for (const c of calls) {
      const res = await call({ ...c, token });
      expect(res.status, `${c.method} ${c.url}`).toBe(403);
    }
  });
});

describe('demo data', () => {
  it('seeds about a thousand traders and buyers in both languages, most on a membership package', async () => {
    for (const name of ['Silver', 'Gold'])
      await call({
        method: 'POST',
        url: '/api/vip_package',
        body: { enName: `${name} demo`, zhName: `${name}套餐`, price: 100, durationMonths: 12 },
      });
    await seedUserDemo({ db: t.db, config: t.config, log: () => {} });
    const all = await call({ method: 'GET', url: '/api/user_manager/list?keyword=example.com&size=1' });
    expect(all.body.content.total).toBeGreaterThanOrEqual(DEMO_USER_COUNT);
    const traders = await call({
      method: 'GET',
      url: '/api/user_manager/list?type=trader&keyword=trader0&size=1',
    });
    expect(traders.body.content.total).toBeGreaterThan(300);
    const zh = await call({ method: 'GET', url: '/api/user_manager/list?country=CN&size=50' });
    expect(zh.body.content.list.some((u: { realname: string }) => /[\u4e00-\u9fff]/.test(u.realname))).toBe(
      true,
    );
    const packaged = zh.body.content.list.filter(
      (u: { vipPackageId: number | null }) => u.vipPackageId !== null,
    );
    expect(packaged.length).toBeGreaterThan(0);
    expect(packaged[0].vipPackageIdLabel).toBeTruthy();
  });
});

describe('account names', () => {
  it('never takes over an existing login, and refuses a name that differs only in case (409 naming account)', async () => {
    await createAccount(t.db, 'lonely_login', 'Lonely2025', []);
    const [login1] = await t.db.select().from(adminUser).where(eq(adminUser.account, 'lonely_login'));
    for (const account of ['lonely_login', 'Admin', 'EDITOR']) {
      const res = await call({
        method: 'POST',
        url: '/api/user_manager',
        body: { account, type: 'admin', password: 'Hijack-12345' },
      });
      expect(res.status, account).toBe(409);
      expect(res.body.message, account).toBe('Account already exists');
    }
    const zh = await call({
      method: 'POST',
      url: '/api/user_manager',
      body: { account: 'Lonely_Login', type: 'buyer' },
      lang: 'zh',
    });
    expect(zh.status).toBe(409);
    expect(zh.body.message).toBe('账号已存在');
    const [after] = await t.db.select().from(adminUser).where(eq(adminUser.account, 'lonely_login'));
    expect(after).toEqual(login1);
    const buyer = await createUser({ account: `case_buyer${n}` });
    const twin = await call({
      method: 'POST',
      url: '/api/user_manager',
      body: { account: buyer.account.toUpperCase() },
    });
    expect(twin.status).toBe(409);
    // The login table holds the same rule.
    await expect(createAccount(t.db, 'Lonely_LOGIN', 'Other2025x', [])).rejects.toThrow();
  });
});

describe('history of accounts and for suppliers', () => {
  it('records an imported password change as a masked change, as an edit does', async () => {
    const user = await createUser();
    const checked = await upload(Buffer.from(`id,password\n${user.id},Imported-2025\n`));
    expect(checked.body.content.valid).toBe(1);
    const done = await call({
      method: 'POST',
      url: '/api/user_manager/import',
      body: { handle: checked.body.content.handle },
    });
    expect(done.body.content.updated).toBe(1);
    const [latest] = (await call({ method: 'GET', url: `/api/user_manager/${user.id}/history` })).body
      .content;
    expect(latest).toMatchObject({
      action: 'import',
      changes: [{ field: 'password', old: '******', new: '******' }],
    });
  });

  it("shows a supplier the organiser, not staff account names, in its own company's history", async () => {
    const company = await supplierCompany('hist_supplier');
    const token = await login(t.app, `hist_supplier${n}`, 'Secret12345');
    const url = `/api/company/${company.body.content.id}/history`;
    const staffView = (await call({ method: 'GET', url })).body.content;
    expect(staffView[0]).toMatchObject({ action: 'create', actorAccount: 'admin' });
    const en = (await call({ method: 'GET', url, token })).body.content;
    expect(en[0]).toMatchObject({ action: 'create', actorAccount: 'Organiser', actorId: null });
    const zh = (await call({ method: 'GET', url, token, lang: 'zh' })).body.content;
    expect(zh[0].actorAccount).toBe('组织方');
    expect(JSON.stringify(zh)).not.toContain('"admin"');
  });
});
