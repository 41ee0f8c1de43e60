import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, ossLog, smsLog, smsOutbox, systemLog } from '../src/db/schema';
import { ensureSystemLogPartitions, removeOldLogs } from '../src/modules/system';
import { REDACTED } from '../src/plugins/system-log';
import { ADMIN, createTestApp, EDITOR, login, multipart, type TestApp, tryLogin } from './helpers';

// The log screens (system, SMS, object storage), their retention, and login security.

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(200, 7)]);

type Row = Record<string, unknown> & { logId: number };
type Page = { list: Row[]; total: number; page: number; size: number };

describe('system log screen', () => {
  let t: TestApp;
  let admin: string;
  const list = async (report: string, query: string, lang = 'en'): Promise<Page> => {
    await t.app.flushSystemLog();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/${report}/list?lang=${lang}&${query}`,
      headers: { 'x-token': admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().content as Page;
  };

  beforeAll(async () => {
    t = await createTestApp({ config: { login: { smsSecondFactor: true } } });
    // staff sign in with a second factor: the code goes out by SMS
    await t.db.update(adminUser).set({ mobile: '13800000000' }).where(eq(adminUser.account, 'admin'));
    await t.db.update(adminUser).set({ mobile: '13900000000' }).where(eq(adminUser.account, EDITOR.account));
    await tryLogin(t.app, ADMIN.account, ADMIN.password);
    const [sent] = await t.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.mobile, '13800000000'))
      .orderBy(desc(smsOutbox.id));
    const signedIn = await tryLogin(t.app, ADMIN.account, ADMIN.password, {
      smsCode: sent!.body.match(/\d{6}/)![0],
    });
    admin = signedIn.json().content.token as string;
    await tryLogin(t.app, 'nobody', 'guess-123');
    await tryLogin(t.app, EDITOR.account, EDITOR.password);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/update_profile',
      headers: { 'x-token': admin },
      payload: { nickname: 'Chief' },
    });
  });
  afterAll(() => t.close());

  it('filters by account, url, success, address, time range and keyword', async () => {
    const all = await list('system_log', '');
    expect(all.total).toBeGreaterThanOrEqual(4);
    const byAccount = await list('system_log', 'account=nobody');
    expect(byAccount.list.length).toBeGreaterThan(0);
    expect(byAccount.list.every((r) => r.account === 'nobody')).toBe(true);
    const byUrl = await list('system_log', 'url=update_profile');
    expect(byUrl.list.map((r) => r.url)).toEqual(['/api/user/update_profile']);
    const failed = await list('system_log', 'success=false');
    expect(failed.total).toBeGreaterThan(0);
    expect(failed.list.every((r) => r.success === false)).toBe(true);
    const succeeded = await list('system_log', 'success=true');
    expect(succeeded.list.every((r) => r.success === true)).toBe(true);
    expect(failed.total + succeeded.total).toBe(all.total);
    expect((await list('system_log', 'ip=127.0.0.1')).total).toBe(all.total);
    expect((await list('system_log', 'ip=10.9.9.9')).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list('system_log', `loggedAtFrom=${today}&loggedAtTo=${today}`)).total).toBe(all.total);
    expect((await list('system_log', 'loggedAtTo=2001-01-01')).total).toBe(0);
    expect((await list('system_log', 'loggedAtFrom=2999-01-01')).total).toBe(0);
    // the keyword searches account, url and error message
    const keyword = await list('system_log', 'keyword=incorrect');
    expect(keyword.list.length).toBeGreaterThan(0);
    expect(keyword.list.every((r) => String(r.errorMessage).includes('incorrect'))).toBe(true);
    expect((await list('system_log', 'keyword=NOBODY')).list.every((r) => r.account === 'nobody')).toBe(true);
  });

  it('sorts and pages on the server', async () => {
    const slow = await list('system_log', 'sort=durationMs&order=desc&size=3');
    const durations = slow.list.map((r) => r.durationMs as number);
    expect(durations).toEqual([...durations].sort((a, b) => b - a));
    const first = await list('system_log', 'size=2');
    const second = await list('system_log', 'size=2&page=2');
    expect(second.list[0]!.logId).toBeLessThan(first.list[1]!.logId);
  });

  it('keeps secrets redacted in the rows the detail drawer shows', async () => {
    const [row] = (await list('system_log', 'url=/api/user/login&account=admin&success=true')).list;
    const args = JSON.parse(String(row!.requestArgs)) as { body: Record<string, unknown> };
    expect(args.body).toMatchObject({ account: 'admin', password: REDACTED, checkCode: REDACTED });
    expect(String(row!.requestArgs)).not.toContain(ADMIN.password);
    expect(JSON.parse(String(row!.responseArgs)).content.token).toBe(REDACTED);
  });

  it('refuses bad parameters naming them, and exports the filtered rows', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/system_log/list?loggedAtFrom=yesterday',
      headers: { 'x-token': admin },
    });
    expect(bad.json()).toMatchObject({
      code: 40001,
      message: 'Unknown or malformed parameter: loggedAtFrom',
    });
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/system_log/export?format=csv&lang=zh&account=nobody',
      headers: { 'x-token': admin },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('账号');
    expect(lines[0]).toContain('请求地址');
    expect(lines.length).toBe(1 + (await list('system_log', 'account=nobody')).total);
  });

  it('is read behind the system log menu only', async () => {
    const editor = await login(t.app, EDITOR.account, EDITOR.password).catch(() => null);
    // editor has a second factor here: reading without a session is refused either way
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/system_log/list',
      headers: editor ? { 'x-token': editor } : {},
    });
    expect([401, 403]).toContain(res.statusCode);
  });

  it('records each SMS with its code masked, as not sent when no provider is configured', async () => {
    const [outgoing] = await t.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.mobile, '13900000000'))
      .orderBy(desc(smsOutbox.id));
    const code = outgoing!.body.match(/\d{6}/)![0];
    const stored = await t.db.select().from(smsLog);
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(code);
    const page = await list('sms_log', 'mobile=1390000', 'zh');
    expect(page.list[0]).toMatchObject({
      mobile: '13900000000',
      account: EDITOR.account,
      purpose: 'login',
      status: 'unsent',
    });
    expect(String(page.list[0]!.body)).toContain('******');
    expect((await list('sms_log', 'status=sent')).total).toBe(0);
  });

  it('records every upload, accepted or refused, in the object-storage log', async () => {
    const send = async (file: { filename: string; type: string; data: Buffer }) => {
      const form = await multipart({ kind: 'image', file });
      return t.app.inject({
        method: 'POST',
        url: '/api/oss/upload',
        payload: form.payload,
        headers: { ...form.headers, 'x-token': admin },
      });
    };
    const stored = await send({ filename: 'logo.png', type: 'image/png', data: PNG });
    expect(stored.statusCode).toBe(200);
    const refused = await send({
      filename: 'fake.png',
      type: 'image/png',
      data: Buffer.from('not a png at all'),
    });
    expect(refused.statusCode).toBe(400);
    const ok = await list('oss_log', 'success=true');
    expect(ok.list[0]).toMatchObject({
      account: 'admin',
      fileKey: stored.json().content,
      fileName: 'logo.png',
      size: PNG.length,
      contentType: 'image/png',
      success: true,
    });
    const failed = await list('oss_log', 'success=false&keyword=fake');
    expect(failed.list[0]).toMatchObject({ fileName: 'fake.png', fileKey: '', success: false });
    expect(String(failed.list[0]!.errorMessage)).toContain('not allowed');
    const rows = await t.db.select().from(ossLog);
    expect(rows.length).toBe(2);
  });
});

describe('log retention', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const DAY = 86_400_000;
  const partitions = async () =>
    (
      (await t.db.execute(
        sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
            where i.inhparent = 'system_log'::regclass`,
      )) as unknown as { rows: { name: string }[] }
    ).rows.map((r) => r.name);

  it('removes rows older than the retention, keeps newer ones, and drops old month partitions', async () => {
    await t.app.flushSystemLog();
    const now = new Date();
    const old = new Date(now.getTime() - 400 * DAY);
    await ensureSystemLogPartitions(t.db, old);
    const oldMonth = `system_log_p${old.getUTCFullYear()}${String(old.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(await partitions()).toContain(oldMonth);
    const base = { url: '/api/x', method: 'POST', success: true, statusCode: 200 };
    await t.db.insert(systemLog).values([
      { ...base, account: 'old', createdAt: old },
      { ...base, account: 'recent', createdAt: new Date(now.getTime() - 10 * DAY) },
    ]);
    await t.db.insert(smsLog).values([
      { mobile: '1', purpose: 'login', status: 'unsent', body: 'old', createdAt: old },
      { mobile: '2', purpose: 'login', status: 'unsent', body: 'new' },
    ]);
    await t.db.insert(ossLog).values([
      { success: true, fileKey: 'old', createdAt: new Date(now.getTime() - 31 * DAY) },
      { success: true, fileKey: 'new' },
    ]);

    const result = await removeOldLogs(t.db, 30, now);
    expect(result.ran).toBe(true);
    expect(result.droppedPartitions).toContain(oldMonth);
    expect(await partitions()).not.toContain(oldMonth);
    const accounts = (await t.db.select({ a: systemLog.account }).from(systemLog)).map((r) => r.a);
    expect(accounts).toContain('recent');
    expect(accounts).not.toContain('old');
    expect((await t.db.select().from(smsLog)).map((r) => r.body)).toEqual(['new']);
    expect((await t.db.select().from(ossLog)).map((r) => r.fileKey)).toEqual(['new']);
    // the current month's partition is never dropped
    const current = `system_log_p${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(await partitions()).toContain(current);
  });

  it('skips the run while another node holds the lock', async () => {
    if (t.handle.kind !== 'postgres') return; // PGlite is one connection: no second node
    const { RETENTION_LOCK_KEY } = await import('../src/modules/system');
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${RETENTION_LOCK_KEY})`);
      expect((await removeOldLogs(t.db, 30)).ran).toBe(false);
    });
  });
});

describe('login security', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { login: { maxFailures: 2, lockMinutes: 10 } } });
    admin = await login(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url, headers: { 'x-token': admin } });

  it('shows a locked account, unlocks it, and the account signs in again', async () => {
    await tryLogin(t.app, EDITOR.account, 'wrong-1');
    expect((await tryLogin(t.app, EDITOR.account, 'wrong-2')).json().code).not.toBe(20000);
    const locked = await call('GET', '/api/login_security/list?locked=true');
    expect(locked.statusCode, locked.body).toBe(200);
    const [row] = locked.json().content.list as { id: number; account: string; isLocked: boolean }[];
    expect(row).toMatchObject({ account: EDITOR.account, isLocked: true });
    expect((await tryLogin(t.app, EDITOR.account, EDITOR.password)).json().success).toBe(false);

    const unlock = await call('POST', `/api/login_security/unlock/${row!.id}?lang=zh`);
    expect(unlock.json()).toMatchObject({ success: true, content: { isLocked: false, failedLogins: 0 } });
    const [stored] = await t.db.select().from(adminUser).where(eq(adminUser.id, row!.id));
    expect(stored).toMatchObject({ failedLogins: 0, lockedUntil: null });
    expect((await call('GET', '/api/login_security/list?locked=true')).json().content.total).toBe(0);
    expect((await tryLogin(t.app, EDITOR.account, EDITOR.password)).json().success).toBe(true);

    expect((await call('POST', '/api/login_security/unlock/999999')).statusCode).toBe(404);
    expect((await call('POST', '/api/login_security/unlock/abc')).statusCode).toBe(400);
  });

  it('lists the login history of an account, failures and successes, with the address', async () => {
    await t.app.flushSystemLog();
    const [editor] = await t.db
      .select({ id: adminUser.id })
      .from(adminUser)
      .where(and(eq(adminUser.account, EDITOR.account)));
    const history = await call('GET', `/api/login_security/history/${editor!.id}`);
    const content = history.json().content as {
      account: string;
      list: { success: boolean; ip: string; url: string }[];
    };
    expect(content.account).toBe(EDITOR.account);
    expect(content.list.some((r) => r.success)).toBe(true);
    expect(content.list.some((r) => !r.success)).toBe(true);
    expect(content.list.every((r) => r.ip === '127.0.0.1' && r.url.startsWith('/api/user/login'))).toBe(true);
    const failures = await call('GET', `/api/login_security/history/${editor!.id}?success=false`);
    expect((failures.json().content.list as { success: boolean }[]).every((r) => r.success === false)).toBe(
      true,
    );
  });
});
