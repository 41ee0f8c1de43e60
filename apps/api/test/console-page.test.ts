import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { LOGO_DATA_URI, messages, themeVariables } from '@organiser/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser } from '../src/db/schema';
import { createAccount } from './access-fixtures';
import { createTestApp, login, type TestApp } from './helpers';

// The login page's first HTML: the static login form the server puts before #root for a visitor who is about to
// see the login page, in both languages, with the boot stylesheet inlined and the script that picks the language.

/** The shape of the built apps/console/index.html. */
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Organiser Console</title>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/boot-1.css">
  </head>
  <body>
    <div id="root"><div id="boot-splash" role="status" aria-label="Loading"><span></span></div></div>
  </body>
</html>`;
const CSS = '.login-card{max-width:400px}';
const SITE_NAME = { en: 'Fish & <Chips> "Console"', zh: '鱼 & <薯条>' };

const shellOf = (html: string) => /<div id="login-shell"[\s\S]*?<\/main><\/div>/.exec(html)?.[0] ?? null;
/** The inline script (the one without attributes: the configuration is JSON in a script with an id). */
const scriptOf = (html: string) => /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? null;

/**
 * Runs the language script as a browser would before the body, with this cookie, these browser languages and
 * this local storage (none: a browser where it cannot be read).
 */
function pickedLanguage(
  script: string,
  cookie: string,
  languages: string[],
  stored?: Record<string, string>,
) {
  const attributes: Record<string, string> = {};
  const documentElement = {
    lang: '',
    setAttribute: (name: string, value: string) => {
      attributes[name] = value;
    },
  };
  runInNewContext(script, {
    document: { documentElement, cookie, addEventListener: () => {} },
    navigator: { languages, language: languages[0] },
    ...(stored ? { localStorage: { getItem: (key: string) => stored[key] ?? null } } : {}),
  });
  return { lang: documentElement.lang, shown: attributes['data-login-lang'], attributes };
}

describe('the login page before the scripts run', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = path.join(process.env.TMPDIR ?? '/tmp', `organiser-shell-${process.pid}-${Date.now()}`);
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'assets', 'boot-1.css'), CSS);
    t = await createTestApp({
      env: { CONSOLE_DIST: dist },
      config: {
        site: {
          variant: 1,
          variants: { '1': { title: SITE_NAME, texts: { en: { 'login.account': 'Member ID' }, zh: {} } } },
        },
      },
    });
  });
  afterAll(() => t.close());

  it('puts the login form in both languages before #root for a visitor without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    const shell = shellOf(res.body);
    expect(shell, 'the page carries the static form').not.toBeNull();
    expect(res.body.indexOf('<div id="login-shell"')).toBeLessThan(res.body.indexOf('<div id="root">'));
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('boot-splash"');
    for (const lang of ['en', 'zh'] as const) {
      const said = (text: string) =>
        `<span data-l="${lang}" lang="${lang === 'zh' ? 'zh-CN' : 'en'}">${text}</span>`;
      // the site variant's text set wins over the catalogue, as in the console
      expect(shell).toContain(said(lang === 'en' ? 'Member ID' : messages.zh.login.account));
      for (const key of ['heading', 'password', 'checkCode', 'submit'] as const)
        expect(shell, `${lang} ${key}`).toContain(said(messages[lang].login[key]));
    }
    // labelled inputs with the autocomplete hints of the console's page; the form posts to the server
    expect(shell).toContain('<label for="account">');
    expect(shell).toContain(
      '<input id="account" name="account" class="login-input" type="text" autocomplete="username"',
    );
    expect(shell).toContain('autocomplete="current-password"');
    expect(shell).toContain(
      '<form method="post" action="/api/user/login_form" novalidate autocomplete="on">',
    );
    expect(shell).toMatch(/<input type="hidden" name="token" value="[\w-]+">/);
    expect(shell).toContain('<button type="submit" class="login-submit" >');
    // the mark is inside the page, not a request of its own
    expect(shell).toContain(`<img src="${LOGO_DATA_URI}" alt=""`);
  });

  it('writes the site name as text, never as markup', async () => {
    const shell = shellOf((await t.app.inject({ method: 'GET', url: '/login' })).body) ?? '';
    expect(shell).toContain('Fish &amp; &lt;Chips&gt; &quot;Console&quot;');
    expect(shell).toContain('鱼 &amp; &lt;薯条&gt;');
    expect(shell).not.toContain('<Chips>');
    expect(shell).not.toContain('<薯条>');
  });

  it('inlines the boot stylesheet and keeps its link disabled, so the page needs no request to paint', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/banner/banner_list' });
    expect(res.body).toContain(`<style>${CSS}</style>`);
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/boot-1.css" disabled>');
  });

  it('carries the tab icon in the page, so the browser does not ask for it', async () => {
    for (const url of ['/login', '/dashboard']) {
      const { body } = await t.app.inject({ method: 'GET', url });
      expect(body, url).toContain(`<link rel="icon" type="image/svg+xml" href="${LOGO_DATA_URI}" />`);
      expect(body, url).not.toContain('href="/favicon.svg"');
    }
  });

  it('allows its one inline script by hash, and the script picks the language as the console does', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    const script = scriptOf(res.body) ?? '';
    const hash = createHash('sha256').update(script).digest('base64');
    expect(String(res.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
    // the stored choice, then the first browser language with a known code, then English
    expect(pickedLanguage(script, 'a=1; language=zh', ['en-GB'])).toMatchObject({
      lang: 'zh-CN',
      shown: 'zh',
    });
    expect(pickedLanguage(script, 'language=fr', ['de-DE', 'zh-TW', 'en'])).toMatchObject({
      lang: 'zh-CN',
      shown: 'zh',
    });
    expect(pickedLanguage(script, '', ['en-US', 'zh-CN'])).toMatchObject({ lang: 'en', shown: 'en' });
    expect(pickedLanguage(script, '', ['fr-FR'])).toMatchObject({ lang: 'en', shown: 'en' });
  });

  it('hides the form, by a mark its stylesheet reads, for a visitor whose token is still in local storage', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard' });
    const script = scriptOf(res.body) ?? '';
    expect(pickedLanguage(script, '', ['en'], { token: 'abc' }).attributes).toHaveProperty('data-signed-in');
    expect(pickedLanguage(script, '', ['en'], {}).attributes).not.toHaveProperty('data-signed-in');
    expect(pickedLanguage(script, '', ['en']).attributes).not.toHaveProperty('data-signed-in');
    expect(res.body).toContain('html[data-signed-in] #login-shell{display:none!important}');
  });

  it("colours the page with the deployment's theme before the console's first paint", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    // the default theme colour #1890ff, darkened to read at 4.5:1 (as the console sets it)
    expect(res.body).toContain(
      '<html data-theme="light" style="--app-primary:#1476d1;--app-link:#1476d1" lang="en">',
    );
  });

  it('keeps the spinner and the linked stylesheet for a signed-in visitor and on the public pages', async () => {
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { cookie: 'Admin-Token=abc' },
    });
    const publicPage = await t.app.inject({ method: 'GET', url: '/404' });
    for (const res of [signedIn, publicPage]) {
      expect(shellOf(res.body)).toBeNull();
      expect(res.body).toContain('<div id="boot-splash"');
      expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/boot-1.css">');
      expect(scriptOf(res.body)).toBeNull();
    }
  });
});

describe('the login page of a deployment in the dark theme', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = path.join(process.env.TMPDIR ?? '/tmp', `organiser-shell-dark-${process.pid}-${Date.now()}`);
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'assets', 'boot-1.css'), CSS);
    t = await createTestApp({
      env: { CONSOLE_DIST: dist },
      config: { ui: { darkMode: true, themeColor: '#722ed1' } },
    });
  });
  afterAll(() => t.close());

  it('is dark, in its theme colour, from the first HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    const vars = themeVariables('#722ed1', true);
    expect(res.body).toContain(
      `<html data-theme="dark" style="--app-primary:${vars['--app-primary']};--app-link:${vars['--app-link']}" lang="en">`,
    );
    // a signed-in visitor's page is themed by the console from the user's own settings
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { cookie: 'Admin-Token=abc' },
    });
    expect(signedIn.body).toContain('<html lang="en">');
  });
});

describe('a signed-in page', () => {
  /** The built page with the preloads the build writes for the two kinds of first screen. */
  const PRELOADED = INDEX.replace(
    '  </head>',
    [
      '    <link rel="modulepreload" crossorigin href="/assets/frame-1.js" data-first-screen="signed-in">',
      '    <link rel="preload" as="style" crossorigin href="/assets/frame-1.css" data-first-screen="signed-in">',
      '    <link rel="modulepreload" crossorigin href="/assets/charts-1.js" data-first-screen="home">',
      '  </head>',
    ].join('\n'),
  );
  const FRAME = '/assets/frame-1.js';
  const CHARTS = '/assets/charts-1.js';
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    const dist = path.join(process.env.TMPDIR ?? '/tmp', `organiser-signed-in-${process.pid}-${Date.now()}`);
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), PRELOADED);
    writeFileSync(path.join(dist, 'assets', 'boot-1.css'), CSS);
    t = await createTestApp({ env: { CONSOLE_DIST: dist } });
    token = await login(t.app);
  });
  afterAll(() => t.close());

  const page = (url: string, cookie: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });
  /** The answers written into a page, or null. */
  const answersOf = (html: string) => {
    const json = /<script id="inlined-answers" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    return json ? (JSON.parse(json) as { lang: string; answers: Record<string, unknown> }) : null;
  };
  const call = async (method: 'GET' | 'POST', url: string, as: string, lang = 'en') =>
    (await t.app.inject({ method, url, headers: { 'x-token': as, 'accept-language': lang } })).json();

  it("preloads the frame's code behind the guard, the charts' on the dashboard only, and none on the others", async () => {
    const cases: [string, string, string[], string[]][] = [
      ['/login', '', [], [FRAME, CHARTS]],
      ['/dashboard', '', [], [FRAME, CHARTS]],
      ['/404', '', [], [FRAME, CHARTS]],
      ['/activate', `Admin-Token=${token}`, [], [FRAME, CHARTS]],
      ['/banner/list', `Admin-Token=${token}`, [FRAME, '/assets/frame-1.css'], [CHARTS]],
      ['/dashboard', `Admin-Token=${token}`, [FRAME, CHARTS], []],
      ['/', `Admin-Token=${token}`, [FRAME, CHARTS], []],
    ];
    for (const [url, cookie, kept, left] of cases) {
      const res = await page(url, cookie);
      expect(res.statusCode, url).toBe(200);
      for (const href of kept)
        expect(res.body, `${url} ${cookie ? 'signed in' : ''}`).toContain(`href="${href}"`);
      for (const href of left) expect(res.body, `${url} ${cookie ? 'signed in' : ''}`).not.toContain(href);
    }
  });

  it("carries the session's answers and the dashboard's, the same as the routes give the same caller", async () => {
    const res = await page('/dashboard?periodFrom=2026-11-01&periodTo=2026-11-07', `Admin-Token=${token}`, {
      'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8',
    });
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const inlined = answersOf(res.body);
    expect(inlined?.lang).toBe('zh');
    expect(Object.keys(inlined?.answers ?? {}).sort()).toEqual([
      'GET /api/dashboard?periodFrom=2026-11-01&periodTo=2026-11-07',
      'GET /api/user/get_login_menu',
      'POST /api/oss/get_url_prefix',
      'POST /api/user/get_current_user_info',
    ]);
    for (const key of Object.keys(inlined!.answers)) {
      const [method, url] = key.split(' ') as ['GET' | 'POST', string];
      expect(inlined!.answers[key], key).toEqual(await call(method, url, token, 'zh'));
    }
    // another page behind the guard: the session's three, in the language the console's cookie names
    const list = answersOf((await page('/banner/list', `Admin-Token=${token}; language=en`)).body);
    expect(list?.lang).toBe('en');
    expect(Object.keys(list?.answers ?? {})).toHaveLength(3);
  });

  it("writes each person's own answers: a staff account's menu is its own, never another's", async () => {
    await createAccount(t.db, 'viewer1', 'Viewer-pass-1', []);
    const viewer = await login(t.app, 'viewer1', 'Viewer-pass-1');
    const mine = answersOf((await page('/dashboard', `Admin-Token=${viewer}`)).body);
    const rootMenu = answersOf((await page('/dashboard', `Admin-Token=${token}`)).body)?.answers[
      'GET /api/user/get_login_menu'
    ];
    expect(mine?.answers['GET /api/user/get_login_menu']).toEqual(
      await call('GET', '/api/user/get_login_menu', viewer),
    );
    expect(mine?.answers['GET /api/user/get_login_menu']).not.toEqual(rootMenu);
    expect(mine?.answers['POST /api/user/get_current_user_info']).toMatchObject({
      content: { account: 'viewer1' },
    });
  });

  it('writes no answers for a token that opens no session, and the page still loads', async () => {
    for (const cookie of ['Admin-Token=not-a-session', 'Admin-Token=%E0%A4%A']) {
      const res = await page('/dashboard', cookie);
      expect(res.statusCode).toBe(200);
      expect(answersOf(res.body)).toBeNull();
      expect(res.body).toContain(`href="${FRAME}"`);
      expect(res.body).toMatch(/<\/body>\s*<\/html>\s*$/);
    }
  });

  it('writes text from the database as data that cannot end its element', async () => {
    const evil = '</script><script>alert(1)</script><!--';
    await t.db.update(adminUser).set({ nickname: evil }).where(eq(adminUser.account, 'admin'));
    // a fresh session, so no cached copy of the user answers
    const fresh = await login(t.app);
    const res = await page('/banner/list', `Admin-Token=${fresh}`);
    expect(res.body).not.toContain(evil);
    // every element the page opens is the one it closes: the name's `</script>` closes none
    expect(res.body.match(/<\/script>/g)?.length).toBe(res.body.match(/<script\b/g)?.length);
    const info = answersOf(res.body)?.answers['POST /api/user/get_current_user_info'] as {
      content: { nickname: string };
    };
    expect(info.content.nickname).toBe(evil);
  });

  it('is sent compressed, in one piece a browser can read, with the answers at its end', async () => {
    const res = await page('/dashboard', `Admin-Token=${token}`, { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(html.indexOf('<script id="inlined-answers"')).toBeGreaterThan(html.indexOf('<div id="root">'));
    expect(answersOf(html)?.answers).toHaveProperty(['GET /api/user/get_login_menu']);
    const gz = await page('/dashboard', `Admin-Token=${token}`, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(html);
  });
});
