import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemLog } from '../src/db/schema';
import { forLog, REDACTED, redact } from '../src/plugins/system-log';
import { createTestApp, EDITOR, login, type TestApp, tryLogin } from './helpers';

// Mutating calls and login attempts are logged after the response, secrets redacted.

describe('redaction', () => {
  it('redacts secret keys at any depth and cuts long arguments', () => {
    expect(
      redact({
        account: 'a',
        password: 'p',
        nested: { newPassword: 'x', list: [{ token: 't', keep: 1, smsCode: '1', checkCode: 'c' }] },
        s3SecretKey: 'k',
        captchaAnswer: 'z',
      }),
    ).toEqual({
      account: 'a',
      password: REDACTED,
      nested: {
        newPassword: REDACTED,
        list: [{ token: REDACTED, keep: 1, smsCode: REDACTED, checkCode: REDACTED }],
      },
      s3SecretKey: REDACTED,
      captchaAnswer: REDACTED,
    });
    const long = forLog({ text: 'x'.repeat(10_000) }) as { truncated: boolean; preview: string };
    expect(long.truncated).toBe(true);
    expect(long.preview.length).toBe(4096);
  });

  it('previews a long argument as the start of its whole redacted text, walking only that start', () => {
    const events = Array.from({ length: 500 }, (_, i) => ({
      eventId: `e${i}`,
      type: 'view_product',
      token: `secret-${i}`,
      nested: { password: 'p', keep: i },
    }));
    const logged = forLog({ body: { events } }) as { truncated: boolean; length: number; preview: string };
    const whole = JSON.stringify(redact({ body: { events } }));
    expect(logged.truncated).toBe(true);
    expect(logged.length).toBe(JSON.stringify({ body: { events } }).length);
    expect(logged.preview).toBe(whole.slice(0, 4096));
    expect(logged.preview).not.toContain('secret-');
    // a short argument is kept whole, redacted
    expect(forLog({ events: events.slice(0, 2) })).toEqual(redact({ events: events.slice(0, 2) }));
  });
});

describe('system log', () => {
  let t: TestApp;
  let admin: string;
  const rows = async () => {
    await t.app.flushSystemLog();
    return t.db.select().from(systemLog).orderBy(desc(systemLog.id));
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
  });
  afterAll(() => t.close());

  it('records a successful login with secrets redacted', async () => {
    const [row] = await rows();
    expect(row).toMatchObject({
      account: 'admin',
      url: '/api/user/login',
      method: 'POST',
      ip: '127.0.0.1',
      success: true,
      statusCode: 200,
      errorMessage: null,
    });
    const text = JSON.stringify([row!.requestArgs, row!.responseArgs]);
    expect(text).not.toContain('admin123');
    expect(text).not.toContain(admin);
    expect(text).not.toContain('test-captcha');
    expect((row!.requestArgs as { body: Record<string, unknown> }).body).toMatchObject({
      account: 'admin',
      password: REDACTED,
      checkCode: REDACTED,
      token: REDACTED,
    });
    expect((row!.responseArgs as { content: Record<string, unknown> }).content.token).toBe(REDACTED);
  });

  it('records a failed login attempt with the account tried and the reason', async () => {
    await tryLogin(t.app, 'nobody', 'guess-123');
    const [row] = await rows();
    expect(row).toMatchObject({
      account: 'nobody',
      url: '/api/user/login',
      success: false,
      statusCode: 401,
      errorMessage: 'The account or password is incorrect',
    });
  });

  it('records mutating calls with the caller, not reads nor captchas', async () => {
    const before = (await rows()).length;
    await t.app.inject({ method: 'GET', url: '/api/user/captcha' });
    await t.app.inject({ method: 'GET', url: '/api/user/get_login_menu', headers: { 'x-token': admin } });
    await t.app.inject({
      method: 'POST',
      url: '/api/user/get_current_user_info',
      headers: { 'x-token': admin },
    });
    expect((await rows()).length).toBe(before);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/update_profile?lang=zh',
      headers: { 'x-token': admin },
      payload: { nickname: 'Admin' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/user/change_password',
      headers: { 'x-token': admin },
      payload: { oldPassword: 'admin123', newPassword: 'short', repeatPassword: 'short' },
    });
    const [pw, profile] = await rows();
    expect(profile).toMatchObject({
      account: 'admin',
      url: '/api/user/update_profile?lang=zh',
      success: true,
    });
    expect((profile!.requestArgs as { body: unknown }).body).toEqual({ nickname: 'Admin' });
    expect(pw).toMatchObject({
      account: 'admin',
      success: false,
      statusCode: 400,
      errorMessage: 'The password needs at least 8 characters, with letters and digits',
    });
    expect(JSON.stringify(pw!.requestArgs)).not.toContain('admin123');
  });

  it('lists the log newest first, paged and filtered, behind the system log menu', async () => {
    await login(t.app, EDITOR.account, EDITOR.password);
    const list = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/system_log/list?${query}`,
        headers: { 'x-token': admin },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().content as {
        list: { logId: number; account: string; url: string; success: boolean }[];
        total: number;
        page: number;
        size: number;
      };
    };
    await t.app.flushSystemLog();
    const all = await list('');
    expect(all.page).toBe(1);
    expect(all.size).toBe(20);
    expect(all.total).toBeGreaterThanOrEqual(5);
    const ids = all.list.map((r) => r.logId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const paged = await list('page=2&size=2');
    expect(paged.list.map((r) => r.logId)).toEqual(ids.slice(2, 4));
    const editorRows = await list('account=editor');
    expect(editorRows.list.length).toBeGreaterThan(0);
    expect(editorRows.list.every((r) => r.account === 'editor')).toBe(true);
    const failed = await list('success=false');
    expect(failed.list.every((r) => !r.success)).toBe(true);
    expect(failed.total).toBeGreaterThan(0);
    const byUrl = await list('url=UPDATE_PROFILE');
    expect(byUrl.list.length).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`loggedAtFrom=${today}&loggedAtTo=${today}`)).total).toBe(all.total);
    expect((await list('loggedAtTo=2000-01-01')).total).toBe(0);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/system_log/list?size=zero',
      headers: { 'x-token': admin },
    });
    expect(bad.json()).toMatchObject({ code: 40001, message: 'Unknown or malformed parameter: size' });
  });
});
