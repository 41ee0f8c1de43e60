import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { LOGO_DATA_URI, messages, themeVariables } from '@organiser/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

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
