import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, captcha, loginFailure, session, smsOutbox } from '../src/db/schema';
import {
  ADMIN,
  captchaToken,
  createTestApp,
  EDITOR,
  login,
  multipart,
  TEST_CAPTCHA_CODE,
  type TestApp,
  tryLogin,
} from './helpers';

// Captcha, login refusals, sessions and the account calls.

const headers = (token: string) => ({ 'x-token': token });

describe('captcha and login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { login: { maxFailures: 3, lockMinutes: 15 } } });
  });
  afterAll(() => t.close());

  it('gives a captcha token and an SVG, keeping only a hash of the answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/captcha' });
    expect(res.statusCode).toBe(200);
    const { token, svg } = res.json().content;
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    const [row] = await t.db.select().from(captcha).where(eq(captcha.token, token));
    expect(row!.answerHash).toMatch(/^[0-9a-f]{64}$/);
    const ttl = row!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(290_000);
    expect(ttl).toBeLessThanOrEqual(300_000);
  });

  it('logs in with a multipart form and answers the token with the user info', async () => {
    const token = await captchaToken(t.app);
    const form = await multipart({
      account: 'admin',
      password: 'admin123',
      checkCode: TEST_CAPTCHA_CODE,
      token,
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/user/login', ...form });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      code: 20000,
      content: { account: 'admin', roles: ['root'], type: 'admin', companyId: null },
    });
    expect(body.content.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash of the token is stored.
    const rows = await t.db.select({ tokenHash: session.tokenHash }).from(session);
    expect(rows.some((r) => r.tokenHash === body.content.token)).toBe(false);
  });

  it('logs in with a URL-encoded form too', async () => {
    const token = await captchaToken(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        account: 'editor',
        password: 'editor123',
        checkCode: TEST_CAPTCHA_CODE,
        token,
      }).toString(),
    });
    expect(res.json()).toMatchObject({ success: true, content: { account: 'editor', roles: ['editor'] } });
  });

  it('lists every missing field by path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      ...(await multipart({ account: 'admin' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 40000 });
    expect(res.json().content.errors).toEqual([
      { path: 'password', message: 'Required' },
      { path: 'checkCode', message: 'Required' },
      { path: 'token', message: 'Required' },
    ]);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'accept-language': 'zh' },
    });
    expect(empty.json().content.errors.map((e: { path: string }) => e.path)).toEqual([
      'account',
      'password',
      'checkCode',
      'token',
    ]);
    expect(empty.json().content.errors[0].message).toBe('必填');
  });

  it('refuses a wrong captcha with the spec message, in English and Chinese', async () => {
    const token = await captchaToken(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { account: 'admin', password: 'admin123', checkCode: 'nope', token },
    });
    expect(res.json()).toEqual({
      success: false,
      code: 40010,
      message: 'The verification code is incorrect',
      content: { field: 'checkCode' },
    });
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/user/login?lang=zh',
      payload: {
        account: 'admin',
        password: 'admin123',
        checkCode: 'nope',
        token: await captchaToken(t.app),
      },
    });
    expect(zh.json().message).toBe('验证码不正确');
  });

  it('refuses a reused captcha token, even with the right answer', async () => {
    const token = await captchaToken(t.app);
    const payload = { account: 'admin', password: 'admin123', checkCode: TEST_CAPTCHA_CODE, token };
    const first = await t.app.inject({ method: 'POST', url: '/api/user/login', payload });
    expect(first.json().success).toBe(true);
    const second = await t.app.inject({ method: 'POST', url: '/api/user/login', payload });
    expect(second.json()).toMatchObject({ success: false, code: 40010, content: { field: 'checkCode' } });
  });

  it('refuses an unknown or expired captcha token', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: {
        account: 'admin',
        password: 'admin123',
        checkCode: TEST_CAPTCHA_CODE,
        token: 'made-up-token',
      },
    });
    expect(unknown.json().code).toBe(40010);
    const token = await captchaToken(t.app);
    await t.db
      .update(captcha)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(captcha.token, token));
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { account: 'admin', password: 'admin123', checkCode: TEST_CAPTCHA_CODE, token },
    });
    expect(expired.json()).toMatchObject({ success: false, code: 40010 });
  });

  it('gives one message for a wrong password and an unknown account', async () => {
    const wrong = await tryLogin(t.app, 'editor', 'wrong-password');
    const unknown = await tryLogin(t.app, 'nobody', 'whatever1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      success: false,
      code: 40011,
      message: 'The account or password is incorrect',
      content: { field: null },
    });
    expect(unknown.json()).toEqual(wrong.json());
    // The next right login resets the failure count.
    await login(t.app, EDITOR.account, EDITOR.password);
    const [row] = await t.db.select().from(adminUser).where(eq(adminUser.account, 'editor'));
    expect(row!.failedLogins).toBe(0);
  });

  it('locks an account after maxFailures consecutive failures, and lets it in after the period', async () => {
    await t.app.inject({ method: 'GET', url: '/api/healthz' });
    expect((await tryLogin(t.app, 'editor', 'bad-1')).json().code).toBe(40011);
    expect((await tryLogin(t.app, 'editor', 'bad-2')).json().code).toBe(40011);
    const third = await tryLogin(t.app, 'editor', 'bad-3');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({
      success: false,
      code: 40013,
      message: 'Too many failed attempts: this account is locked for 15 minutes',
      content: { field: 'account' },
    });
    // Locked: even the right password is refused, with the minutes left.
    const right = await tryLogin(t.app, EDITOR.account, EDITOR.password);
    expect(right.json()).toMatchObject({ code: 40013, content: { field: 'account' } });
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'accept-language': 'zh' },
      payload: { ...EDITOR, checkCode: TEST_CAPTCHA_CODE, token: await captchaToken(t.app) },
    });
    expect(zh.json().message).toBe('失败次数过多：该账号已锁定 15 分钟');
    // The period ends.
    await t.db
      .update(loginFailure)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(loginFailure.account, 'editor'));
    expect((await tryLogin(t.app, EDITOR.account, EDITOR.password)).json().success).toBe(true);
  });

  it('locks an account only for the address its failures came from: the owner elsewhere still signs in', async () => {
    const from = async (ip: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: ip,
        payload: { ...ADMIN, password, checkCode: TEST_CAPTCHA_CODE, token: await captchaToken(t.app) },
      });
    for (const attempt of [1, 2])
      expect((await from('203.0.113.9', `guess-${attempt}`)).statusCode).toBe(401);
    const locked = await from('203.0.113.9', 'guess-3');
    expect(locked.json()).toMatchObject({ code: 40013, content: { field: 'account' } });
    // The guesser stays locked out, even with the right password.
    expect((await from('203.0.113.9', ADMIN.password)).json().code).toBe(40013);
    // The owner, from another address, is not.
    const owner = await from('198.51.100.7', ADMIN.password);
    expect(owner.json().success).toBe(true);
    const [lock] = await t.db
      .select()
      .from(loginFailure)
      .where(and(eq(loginFailure.account, ADMIN.account), eq(loginFailure.ip, '203.0.113.9')));
    expect(lock!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    await t.db.delete(loginFailure).where(eq(loginFailure.account, ADMIN.account));
  });

  it('answers an unknown account exactly as a real one, locking it after as many failures', async () => {
    // A real account that is not otherwise used here, and an account that does not exist.
    await t.db
      .update(adminUser)
      .set({ failedLogins: 0, lockedUntil: null })
      .where(eq(adminUser.account, 'admin'));
    const real: unknown[] = [];
    const unknown: unknown[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      const r = await tryLogin(t.app, ADMIN.account, `wrong-${attempt}`);
      const u = await tryLogin(t.app, 'no-such-account', `wrong-${attempt}`);
      real.push({ status: r.statusCode, body: r.json() });
      unknown.push({ status: u.statusCode, body: u.json() });
    }
    // maxFailures is 3: the third failure locks, the fourth is refused as locked.
    const locked = {
      status: 429,
      body: {
        success: false,
        code: 40013,
        message: 'Too many failed attempts: this account is locked for 15 minutes',
        content: { field: 'account' },
      },
    };
    const failed = {
      status: 401,
      body: {
        success: false,
        code: 40011,
        message: 'The account or password is incorrect',
        content: { field: null },
      },
    };
    expect(real).toEqual([failed, failed, locked, locked]);
    expect(unknown).toEqual(real);
    // Once the period ends, an unknown account is counted afresh, like a real one.
    await t.db
      .update(loginFailure)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(inArray(loginFailure.account, ['admin', 'no-such-account']));
    expect((await tryLogin(t.app, 'no-such-account', 'again')).json()).toEqual(failed.body);
    expect((await tryLogin(t.app, ADMIN.account, 'again')).json()).toEqual(failed.body);
    await t.db.delete(loginFailure).where(eq(loginFailure.account, 'admin'));
  });

  it('refuses a disabled account with its own message, and ends its sessions', async () => {
    const token = await login(t.app, EDITOR.account, EDITOR.password);
    await t.db.update(adminUser).set({ status: 'disabled' }).where(eq(adminUser.account, 'editor'));
    try {
      const res = await tryLogin(t.app, EDITOR.account, EDITOR.password);
      expect(res.json()).toEqual({
        success: false,
        code: 40012,
        message: 'This account has been disabled; please contact an administrator',
        content: { field: 'account' },
      });
      // A wrong password does not reveal that the account is disabled.
      expect((await tryLogin(t.app, EDITOR.account, 'wrong-pass')).json().code).toBe(40011);
      const info = await t.app.inject({
        method: 'POST',
        url: '/api/user/get_current_user_info',
        headers: headers(token),
      });
      expect(info.statusCode).toBe(401);
      expect(info.json().code).toBe(50008);
    } finally {
      await t.db
        .update(adminUser)
        .set({ status: 'enabled', failedLogins: 0 })
        .where(eq(adminUser.account, 'editor'));
    }
  });
});

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { session: { idleMinutes: 30, absoluteHours: 8 } } });
  });
  afterAll(() => t.close());

  const info = (token: string, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/get_current_user_info',
      headers: { ...headers(token), ...extra },
    });

  const sessionOf = async (account: string) => {
    const [row] = await t.db
      .select({ id: session.id })
      .from(session)
      .innerJoin(adminUser, eq(adminUser.id, session.userId))
      .where(eq(adminUser.account, account))
      .orderBy(desc(session.createdAt))
      .limit(1);
    return row!.id;
  };

  it('accepts X-Token and Authorization: Bearer', async () => {
    const token = await login(t.app);
    const a = await info(token);
    expect(a.json()).toMatchObject({
      success: true,
      content: {
        account: 'admin',
        nickname: 'Administrator',
        roles: ['root'],
        type: 'admin',
        avatar: '',
        introduction: '',
      },
    });
    const b = await t.app.inject({
      method: 'POST',
      url: '/api/user/get_current_user_info',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(b.json().success).toBe(true);
  });

  it('answers 50008 without a token, for a malformed one and for an unknown one', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/user/get_current_user_info' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({
      success: false,
      code: 50008,
      message: 'Illegal token, please log in again',
      content: null,
    });
    expect((await info('not a token')).json().code).toBe(50008);
    expect((await info('A'.repeat(43))).json().code).toBe(50008);
  });

  it('answers HTTP 401 with code 401 after the idle timeout', async () => {
    const token = await login(t.app);
    const id = await sessionOf('admin');
    await t.db
      .update(session)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(session.id, id));
    const res = await info(token, { 'accept-language': 'zh' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      code: 401,
      message: '由于长时间未操作，您已退出登录，请重新登录',
      content: null,
    });
  });

  it('keeps an active session alive, writing last_seen_at at most once a minute', async () => {
    const token = await login(t.app);
    const id = await sessionOf('admin');
    const before = new Date(Date.now() - 29 * 60_000);
    await t.db.update(session).set({ lastSeenAt: before }).where(eq(session.id, id));
    expect((await info(token)).json().success).toBe(true);
    const [touched] = await t.db.select().from(session).where(eq(session.id, id));
    expect(touched!.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 10_000);
    const seen = touched!.lastSeenAt.getTime();
    expect((await info(token)).json().success).toBe(true);
    const [again] = await t.db.select().from(session).where(eq(session.id, id));
    expect(again!.lastSeenAt.getTime()).toBe(seen);
  });

  it('answers 50014 past the absolute lifetime', async () => {
    const token = await login(t.app);
    const id = await sessionOf('admin');
    const [row] = await t.db.select().from(session).where(eq(session.id, id));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(8 * 3_600_000);
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.id, id));
    const res = await info(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 50014, message: 'Your login has expired', content: null });
  });

  it('keeps several sessions of one account when single-session is off', async () => {
    const a = await login(t.app);
    const b = await login(t.app);
    expect((await info(a)).json().success).toBe(true);
    expect((await info(b)).json().success).toBe(true);
  });

  it('ends the session on logout (then 50008)', async () => {
    const token = await login(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: headers(token) });
    expect(out.json()).toEqual({ success: true, code: 20000, message: 'success', content: true });
    const [row] = await t.db
      .select()
      .from(session)
      .where(eq(session.id, await sessionOf('admin')));
    expect(row!.revokeReason).toBe('logout');
    expect((await info(token)).json().code).toBe(50008);
  });
});

describe('single session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { session: { singleSession: true } } });
  });
  afterAll(() => t.close());

  it('answers 50012 to a session replaced by a login elsewhere', async () => {
    const first = await login(t.app);
    const second = await login(t.app);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/user/get_current_user_info',
      headers: headers(first),
    });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({
      success: false,
      code: 50012,
      message: 'Your account has logged in elsewhere',
      content: null,
    });
    const current = await t.app.inject({
      method: 'POST',
      url: '/api/user/get_current_user_info',
      headers: headers(second),
    });
    expect(current.json().success).toBe(true);
  });
});

describe('account calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives root every permission and the editor only its own', async () => {
    const root = await t.app.inject({
      method: 'GET',
      url: '/api/user/get_login_menu',
      headers: headers(await login(t.app)),
    });
    const all = root.json().content as {
      url: string;
      type: string;
      name: { en: string; zh: string };
      parentId: number | null;
    }[];
    expect(all.length).toBeGreaterThan(100);
    const banner = all.find((p) => p.url === '/banner/banner_list');
    expect(banner).toMatchObject({ type: 'menu', method: '', name: { en: 'Banner list', zh: '横幅列表' } });
    const group = all.find((p) => p.url === '/banner');
    expect(banner!.parentId).toBe((group as unknown as { id: number }).id);
    expect(all.some((p) => p.url === '/banner/banner_edit/:id')).toBe(true);
    expect(all.some((p) => p.url === '/systemManage/system_log_list')).toBe(true);

    const editor = await t.app.inject({
      method: 'GET',
      url: '/api/user/get_login_menu',
      headers: headers(await login(t.app, EDITOR.account, EDITOR.password)),
    });
    const own = (editor.json().content as { url: string }[]).map((p) => p.url);
    expect(own).toContain('/banner/banner_list');
    expect(own).toContain('/company/company_tag_list');
    expect(own).not.toContain('/systemManage/system_log_list');
    expect(own).not.toContain('/company/company_list');
  });

  it('changes the password: repeat must match, strength enforced, old one checked, other sessions ended', async () => {
    const other = await login(t.app, EDITOR.account, EDITOR.password);
    const current = await login(t.app, EDITOR.account, EDITOR.password);
    const change = (payload: Record<string, string>, lang = 'en') =>
      t.app.inject({
        method: 'POST',
        url: `/api/user/change_password?lang=${lang}`,
        headers: headers(current),
        payload,
      });
    const mismatch = await change({
      oldPassword: 'editor123',
      newPassword: 'newpass123',
      repeatPassword: 'newpass124',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({
      success: false,
      code: 40020,
      message: 'The new password must match its repeat',
      content: { errors: [{ path: 'repeatPassword', message: 'The new password must match its repeat' }] },
    });
    const weak = await change(
      { oldPassword: 'editor123', newPassword: 'abcdefgh', repeatPassword: 'abcdefgh' },
      'zh',
    );
    expect(weak.json()).toMatchObject({
      code: 40021,
      message: '密码至少 8 位，且须同时包含字母和数字',
      content: { errors: [{ path: 'newPassword' }] },
    });
    const short = await change({ oldPassword: 'editor123', newPassword: 'ab1', repeatPassword: 'ab1' });
    expect(short.json().code).toBe(40021);
    const wrongOld = await change({
      oldPassword: 'nope-1234',
      newPassword: 'newpass123',
      repeatPassword: 'newpass123',
    });
    expect(wrongOld.json()).toMatchObject({ code: 40022, content: { errors: [{ path: 'oldPassword' }] } });
    const missing = await change({ oldPassword: 'editor123' });
    expect(missing.json().content.errors.map((e: { path: string }) => e.path)).toEqual([
      'newPassword',
      'repeatPassword',
    ]);

    const done = await change({
      oldPassword: 'editor123',
      newPassword: 'newpass123',
      repeatPassword: 'newpass123',
    });
    expect(done.json()).toMatchObject({ success: true, content: true });
    const otherInfo = await t.app.inject({
      method: 'POST',
      url: '/api/user/get_current_user_info',
      headers: headers(other),
    });
    expect(otherInfo.json().code).toBe(50008);
    const currentInfo = await t.app.inject({
      method: 'POST',
      url: '/api/user/get_current_user_info',
      headers: headers(current),
    });
    expect(currentInfo.json().success).toBe(true);
    expect((await tryLogin(t.app, EDITOR.account, EDITOR.password)).json().code).toBe(40011);
    await login(t.app, EDITOR.account, 'newpass123');
  });

  it('updates the profile', async () => {
    const token = await login(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/update_profile',
      headers: headers(token),
      payload: { nickname: '  Boss ', avatar: '2025/01/a.png', introduction: '负责横幅' },
    });
    expect(res.json()).toMatchObject({
      success: true,
      content: { nickname: 'Boss', avatar: '2025/01/a.png', introduction: '负责横幅', account: 'admin' },
    });
    const partial = await t.app.inject({
      method: 'POST',
      url: '/api/user/update_profile',
      headers: headers(token),
      payload: { introduction: '' },
    });
    expect(partial.json().content).toMatchObject({ nickname: 'Boss', introduction: '' });
  });

  it('rehashes a password made with other argon2 costs at the next login', async () => {
    const { hashPassword } = await import('../src/security/password');
    const old = await hashPassword(ADMIN.password, { memoryCost: 2048, timeCost: 1, parallelism: 1 });
    await t.db.update(adminUser).set({ passwordHash: old }).where(eq(adminUser.account, 'admin'));
    await login(t.app);
    const [row] = await t.db.select().from(adminUser).where(eq(adminUser.account, 'admin'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
  });
});

describe('SMS second factor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { login: { smsSecondFactor: true } } });
    await t.db.update(adminUser).set({ mobile: '13800000000' }).where(eq(adminUser.account, 'admin'));
  });
  afterAll(() => t.close());

  const codeFromOutbox = async () => {
    const [row] = await t.db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.mobile, '13800000000'), eq(smsOutbox.purpose, 'login')))
      .orderBy(desc(smsOutbox.id))
      .limit(1);
    return row!.body.match(/\d{6}/)![0];
  };

  it('asks for the SMS code after a right password, then signs in with it', async () => {
    const first = await tryLogin(t.app, ADMIN.account, ADMIN.password);
    expect(first.json()).toMatchObject({ success: false, code: 40014, content: { field: 'smsCode' } });
    const code = await codeFromOutbox();
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await tryLogin(t.app, ADMIN.account, ADMIN.password, { smsCode: wrongCode });
    expect(wrong.json()).toMatchObject({ success: false, code: 40015, content: { field: 'smsCode' } });
    const ok = await tryLogin(t.app, ADMIN.account, ADMIN.password, { smsCode: code });
    expect(ok.json()).toMatchObject({ success: true, content: { account: 'admin' } });
    // A code works once.
    const again = await tryLogin(t.app, ADMIN.account, ADMIN.password, { smsCode: code });
    expect(again.json().code).toBe(40015);
  });

  it('sends no code for a wrong password', async () => {
    const before = await t.db.select().from(smsOutbox);
    expect((await tryLogin(t.app, ADMIN.account, 'wrong-pass')).json().code).toBe(40011);
    expect((await t.db.select().from(smsOutbox)).length).toBe(before.length);
  });
});

describe('login rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { rateLimit: { loginPerMinute: 4, loginPerAccountPerMinute: 2, captchaPerMinute: 100 } },
    });
  });
  afterAll(() => t.close());

  it('limits login attempts per account and per address', async () => {
    expect((await tryLogin(t.app, 'someone', 'x1')).json().code).toBe(40011);
    expect((await tryLogin(t.app, 'someone', 'x2')).json().code).toBe(40011);
    const perAccount = await tryLogin(t.app, 'someone', 'x3');
    expect(perAccount.statusCode).toBe(429);
    expect(perAccount.json()).toEqual({
      success: false,
      code: 42900,
      message: 'Too many requests, please try again later',
      content: null,
    });
    expect((await tryLogin(t.app, 'another', 'x1')).json().code).toBe(40011);
    const perAddress = await tryLogin(t.app, 'third', 'x1');
    expect(perAddress.statusCode).toBe(429);
    expect(perAddress.json().code).toBe(42900);
  });
});
