import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { errorCatalogue, messages } from '@organiser/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, captcha, session, systemLog } from '../src/db/schema';
import { ADMIN, createTestApp, TEST_CAPTCHA_CODE, type TestApp, tryLogin } from './helpers';

// The login page's own form, posted by a browser before (or without) the console's scripts: the first HTML carries
// a captcha of its own, the post is answered with the session cookie and a redirect, or with the login page again
// and the refusal's message; the spec's JSON login stays as it was.

const INDEX = `<!doctype html>
<html lang="en"><head><title>Organiser Console</title>
<script type="module" crossorigin src="/assets/index-1.js"></script>
</head><body><div id="root"><div id="boot-splash" role="status" aria-label="Loading"><span></span></div></div></body></html>`;

const ORIGIN = 'http://localhost:80';

function consoleDist(): string {
  const dist = path.join(process.env.TMPDIR ?? '/tmp', `organiser-login-form-${process.pid}-${Date.now()}`);
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  return dist;
}

/** The captcha token in a login page's form. */
const pageToken = (html: string) =>
  /<input type="hidden" name="token" value="([^"]+)">/.exec(html)?.[1] ?? null;

const setCookies = (res: { headers: Record<string, unknown> }) => {
  const value = res.headers['set-cookie'];
  return (Array.isArray(value) ? value : value ? [value] : []).map(String);
};
const cookieValue = (cookies: string[], name: string) =>
  cookies
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0]
    ?.slice(name.length + 1) ?? null;

describe('the login form posted by a browser', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { CONSOLE_DIST: consoleDist() },
      config: { login: { maxFailures: 3, lockMinutes: 15 } },
    });
  });
  afterAll(() => t.close());

  /** A login page as a visitor without a session gets it, and the token of its captcha. */
  const openLogin = async (cookie?: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/login', headers: cookie ? { cookie } : {} });
    return { res, token: pageToken(res.body) };
  };

  const post = (fields: Record<string, string>, headers: Record<string, string> = { origin: ORIGIN }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/login_form',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(fields).toString(),
    });

  /** The admin's right password and the test captcha code, with the page's captcha token. */
  const postAdmin = (
    token: string | null,
    extra: Record<string, string> = {},
    headers?: Record<string, string>,
  ) =>
    post(
      {
        account: ADMIN.account,
        password: ADMIN.password,
        checkCode: TEST_CAPTCHA_CODE,
        token: token ?? '',
        ...extra,
      },
      headers,
    );

  const sessionCount = async () => (await t.db.select({ id: session.id }).from(session)).length;

  it('sends a captcha of its own and a form that posts, so the page works before the scripts run', async () => {
    const first = await openLogin();
    const second = await openLogin();
    expect(first.token).toMatch(/^[\w-]{20,}$/);
    expect(second.token, 'each visitor gets a captcha of its own').not.toBe(first.token);
    expect(first.res.body).toContain('<form method="post" action="/api/user/login_form"');
    expect(first.res.body).toMatch(/<img src="data:image\/svg\+xml;charset=utf-8,%3Csvg[^"]*" alt="">/);
    expect(first.res.body).toContain('<button type="submit" class="login-submit" >');
    // the page carries the captcha: the console does not need to preload another one
    expect(first.res.body).not.toContain('rel="preload" href="/api/user/captcha"');
    const [stored] = await t.db
      .select()
      .from(captcha)
      .where(eq(captcha.token, first.token ?? ''));
    expect(stored?.usedAt).toBeNull();
  });

  it('signs in, sets the session cookie and sends the browser to the page asked for', async () => {
    const { token } = await openLogin();
    const res = await postAdmin(token, { redirect: '/company/company_tag_list?page=2&keyword=steel' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/company/company_tag_list?page=2&keyword=steel');
    const cookies = setCookies(res);
    const sessionCookie = cookies.find((c) => c.startsWith('Admin-Token='));
    expect(sessionCookie).toMatch(/; Path=\/; SameSite=Lax$/);
    const sessionToken = decodeURIComponent(cookieValue(cookies, 'Admin-Token') ?? '');
    const info = await t.app.inject({
      method: 'POST',
      url: '/api/user/get_current_user_info',
      headers: { 'x-token': sessionToken },
    });
    expect(info.json().content.account).toBe(ADMIN.account);
    // the page that follows is the signed-in one, without the login form
    const next = await t.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { cookie: `Admin-Token=${sessionToken}` },
    });
    expect(next.body).not.toContain('id="login-shell"');
    // the system log is written after the answer has gone
    await t.app.flushSystemLog();
    const [log] = await t.db
      .select()
      .from(systemLog)
      .where(eq(systemLog.url, '/api/user/login_form'))
      .orderBy(systemLog.id);
    expect(log).toMatchObject({ account: ADMIN.account, success: true });
    expect(JSON.stringify(log?.requestArgs)).not.toContain(ADMIN.password);
  });

  it('refuses a wrong captcha: back to the login page, which shows the message in both languages', async () => {
    const before = await sessionCount();
    const { token } = await openLogin();
    const res = await post({
      account: ADMIN.account,
      password: ADMIN.password,
      checkCode: 'wrong',
      token: token ?? '',
      redirect: '/banner/banner_list',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?redirect=%2Fbanner%2Fbanner_list');
    const cookies = setCookies(res);
    expect(cookies.some((c) => c.startsWith('Admin-Token='))).toBe(false);
    const refusal = cookies.find((c) => c.startsWith('login-refusal='));
    expect(refusal).toMatch(/; Max-Age=60; HttpOnly$/);
    expect(await sessionCount()).toBe(before);
    const [used] = await t.db
      .select()
      .from(captcha)
      .where(eq(captcha.token, token ?? ''));
    expect(used?.usedAt, 'the captcha is used up').not.toBeNull();

    const again = await openLogin(refusal?.split(';')[0]);
    for (const lang of ['en', 'zh'] as const)
      expect(again.res.body).toContain(errorCatalogue.captchaIncorrect[lang]);
    expect(again.res.body).toContain('data-login-error="checkCode" id="checkCode-error"');
    // the account typed is kept, the password never
    expect(again.res.body).toMatch(/<input id="account" name="account"[^>]*value="admin">/);
    expect(again.res.body).not.toContain(ADMIN.password);
    expect(again.token).not.toBe(token);
    // shown once
    expect(setCookies(again.res).find((c) => c.startsWith('login-refusal='))).toMatch(
      /^login-refusal=; .*Max-Age=0/,
    );
  });

  it('refuses a wrong password with the login message, counted toward the lock like the API login', async () => {
    const account = 'editor';
    const failures = async () =>
      (await t.db.select().from(adminUser).where(eq(adminUser.account, account)))[0]?.failedLogins;
    const start = await failures();
    const { token } = await openLogin();
    const res = await post({ account, password: 'not-it', checkCode: TEST_CAPTCHA_CODE, token: token ?? '' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login');
    expect(await failures()).toBe((start ?? 0) + 1);
    const page = await openLogin(
      setCookies(res)
        .find((c) => c.startsWith('login-refusal='))
        ?.split(';')[0],
    );
    expect(page.res.body).toContain('<div class="login-form-error" role="alert" data-login-error="">');
    for (const lang of ['en', 'zh'] as const)
      expect(page.res.body).toContain(errorCatalogue.loginFailed[lang]);
    // two more failures, one through the API: the third locks the account for both ways in
    expect((await tryLogin(t.app, account, 'not-it')).json().code).toBe(errorCatalogue.loginFailed.code);
    const third = await openLogin();
    const locked = await post({
      account,
      password: 'not-it',
      checkCode: TEST_CAPTCHA_CODE,
      token: third.token ?? '',
    });
    const shown = await openLogin(
      setCookies(locked)
        .find((c) => c.startsWith('login-refusal='))
        ?.split(';')[0],
    );
    expect(shown.res.body).toContain('data-login-error="account"');
    expect(shown.res.body).toContain('locked');
    expect((await tryLogin(t.app, account, 'editor123')).json().code).toBe(errorCatalogue.accountLocked.code);
  });

  it("refuses empty fields with the page's own messages, without asking the database", async () => {
    const res = await post({ account: ' ', password: '', checkCode: '', token: '' });
    expect(res.statusCode).toBe(303);
    const page = await openLogin(
      setCookies(res)
        .find((c) => c.startsWith('login-refusal='))
        ?.split(';')[0],
    );
    expect(page.res.body).toContain(messages.en.login.accountRequired);
    expect(page.res.body).toContain(messages.zh.login.accountRequired);
  });

  it('keeps the redirect to paths of this site only: another site is refused and the browser goes to /', async () => {
    for (const redirect of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      '/login?redirect=/x',
    ]) {
      const { token } = await openLogin();
      const res = await postAdmin(token, { redirect });
      expect(res.statusCode, redirect).toBe(303);
      expect(res.headers.location, redirect).toBe('/');
    }
  });

  it("refuses a post from another site's page (login request forgery), and one that does not say where from", async () => {
    const before = await sessionCount();
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: ORIGIN, 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
      {} as Record<string, string>,
    ]) {
      const { token } = await openLogin();
      const res = await postAdmin(token, {}, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(setCookies(res).some((c) => c.startsWith('Admin-Token='))).toBe(false);
      // the captcha was not even tried
      const [row] = await t.db
        .select()
        .from(captcha)
        .where(eq(captcha.token, token ?? ''));
      expect(row?.usedAt).toBeNull();
    }
    expect(await sessionCount()).toBe(before);
  });

  it('takes a post that the browser says comes from this site, with the null origin of a no-referrer page', async () => {
    const { token } = await openLogin();
    const res = await postAdmin(token, {}, { origin: 'null', 'sec-fetch-site': 'same-origin' });
    expect(res.statusCode).toBe(303);
    expect(setCookies(res).some((c) => c.startsWith('Admin-Token='))).toBe(true);
  });

  it('takes only the form types a form sends', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login_form',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: { account: ADMIN.account },
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('the login form and the API login share their limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { CONSOLE_DIST: consoleDist() },
      config: { rateLimit: { loginPerMinute: 3, loginPerAccountPerMinute: 100, captchaPerMinute: 3 } },
    });
  });
  afterAll(() => t.close());

  it('counts form posts and API calls against one limit per address', async () => {
    for (const n of [1, 2, 3])
      expect((await tryLogin(t.app, `nobody${n}`, 'x')).json().code).toBe(errorCatalogue.loginFailed.code);
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login_form',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        account: ADMIN.account,
        password: ADMIN.password,
        checkCode: TEST_CAPTCHA_CODE,
        token: pageToken(page.body) ?? '',
      }).toString(),
    });
    expect(res.headers.location).toBe('/login');
    expect(setCookies(res).some((c) => c.startsWith('Admin-Token='))).toBe(false);
    const shown = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: {
        cookie:
          setCookies(res)
            .find((c) => c.startsWith('login-refusal='))
            ?.split(';')[0] ?? '',
      },
    });
    expect(shown.body).toContain(errorCatalogue.tooManyRequests.en);
  });

  it("counts the login page's captcha against the captcha's limit: past it, the page has none", async () => {
    // tryLogin above asked for three captchas through the API; the limit is three a minute, and the page above was the fourth
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    expect(page.statusCode).toBe(200);
    expect(pageToken(page.body)).toBeNull();
    expect(page.body).toContain('<button type="submit" class="login-submit" disabled>');
  });
});
