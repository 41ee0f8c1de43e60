import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { toPublicConfig } from '@organiser/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTestApp, login, type TestApp, testConfig } from './helpers';

// The response envelope, errors in both languages, unknown paths, config, health, OpenAPI, security headers.

describe('envelope, health and config', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { site: { variant: 2 }, hiddenMenus: ['BannerList'] } });
    token = await login(t.app);
  });
  afterAll(() => t.close());

  it('answers healthz and readyz in the envelope, readyz with each dependency', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ success: true, code: 20000, message: 'success', content: true });
    const ready = await t.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      success: true,
      code: 20000,
      message: 'success',
      content: {
        ready: true,
        shuttingDown: false,
        database: 'ok',
        redis: 'not configured',
        rateLimits: 'per node',
        storage: 'ok',
        storageKind: 'local',
      },
    });
  });

  it('turns unready while the node is shutting down, still alive', async () => {
    t.app.draining = true;
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        success: false,
        code: 50300,
        content: { shuttingDown: true, ready: false, database: 'ok' },
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/healthz' })).statusCode).toBe(200);
    } finally {
      t.app.draining = false;
    }
  });

  it('serves the public config without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    const content = res.json().content;
    expect(content).toEqual(JSON.parse(JSON.stringify(toPublicConfig(t.config.deployment))));
    expect(content.site.variant).toBe(2);
    expect(content.site.texts.en['term.company']).toBe('Shop');
    expect(content.hiddenMenus).toEqual(['BannerList']);
    expect(JSON.stringify(content)).not.toMatch(/secret|databaseUrl|adminPassword|captchaTestCode|redis/i);
  });

  it('answers an unknown /api path with a 404 envelope, in the caller language', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({
      success: false,
      code: 40401,
      message: 'No such API: GET /api/no/such/thing',
      content: null,
    });
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/nothing',
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(zh.json().message).toBe('接口不存在：POST /api/nothing');
    const param = await t.app.inject({ method: 'GET', url: '/api/nothing?lang=zh' });
    expect(param.json().message).toBe('接口不存在：GET /api/nothing');
  });

  it('refuses an unknown query parameter, naming it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/healthz?foo=1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 40001, content: null });
    expect(res.json().message).toBe('Unknown or malformed parameter: foo');
    const withSchema = await t.app.inject({
      method: 'GET',
      url: '/api/system_log/list?page=1&sort=x&lang=zh',
      headers: { 'x-token': token },
    });
    expect(withSchema.statusCode).toBe(400);
    expect(withSchema.json().message).toBe('参数未知或格式错误：sort');
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/system_log/list?page=zero',
      headers: { 'x-token': token },
    });
    expect(malformed.json()).toMatchObject({ code: 40001, message: 'Unknown or malformed parameter: page' });
  });

  it('accepts lang on any route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/healthz?lang=zh' });
    expect(res.statusCode).toBe(200);
  });

  it('answers a body over the limit with a 413 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/update_profile',
      headers: { 'x-token': token, 'content-type': 'application/json' },
      payload: JSON.stringify({ introduction: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      success: false,
      code: 41300,
      message: 'The file is too large: at most 1 MB',
      content: null,
    });
  });

  it('answers malformed JSON with a 400 envelope and no stack', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/update_profile',
      headers: { 'x-token': token, 'content-type': 'application/json' },
      payload: '{"nickname": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 40002, content: null });
    expect(res.body).not.toMatch(/at \w+ \(|node_modules/);
  });

  it('lists validation errors by path, with messages in the caller language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/update_profile',
      headers: { 'x-token': token, 'accept-language': 'zh' },
      payload: { nickname: '', introduction: 'x'.repeat(501), avatar: 5 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(40000);
    expect(body.message).toBe('部分字段填写有误');
    expect(body.content.errors).toEqual(
      expect.arrayContaining([
        { path: 'nickname', message: '必填' },
        { path: 'introduction', message: '最多 500 个字符' },
        { path: 'avatar', message: '应为文本' },
      ]),
    );
  });

  it('sets the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    // every header helmet's defaults set (worked out once at start), the same on each answer
    const again = await t.app.inject({ method: 'GET', url: '/api/config' });
    for (const [name, value] of Object.entries({
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    })) {
      expect(res.headers[name], name).toBe(value);
      expect(again.headers[name], name).toBe(value);
    }
    expect(again.headers['content-security-policy']).toBe(csp);
    expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
  });

  it('describes every API route in openapi.json and serves the Swagger UI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const described = new Set<string>();
    for (const [p, ops] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(ops)) described.add(`${method.toUpperCase()} ${p}`);
    }
    const apiRoutes = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json',
    );
    expect(apiRoutes.length).toBeGreaterThan(10);
    for (const r of apiRoutes) {
      const openapiPath = r.url.replace(/:(\w+)/g, '{$1}');
      expect(described, `${r.method} ${r.url}`).toContain(`${r.method} ${openapiPath}`);
    }
    const loginOp = doc.paths['/api/user/login'].post;
    expect(Object.keys(loginOp.requestBody.content)).toContain('multipart/form-data');
    expect(doc.paths['/api/user/logout'].post.security).toEqual([{ token: [] }]);
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('answers a non-API page with a clear 404 when the console is not built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/banner/banner_list' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(40402);
  });
});

describe('console files', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = path.join(process.env.TMPDIR ?? '/tmp', `organiser-console-${process.pid}-${Date.now()}`);
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>console</title><div id="root"></div>',
    );
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(path.join(dist, '.build-stamp'), '{"startedAt":1}');
    t = await createTestApp({ env: { CONSOLE_DIST: dist } });
  });
  afterAll(() => t.close());

  it('serves index.html for history-mode page paths and the files themselves', async () => {
    for (const url of ['/', '/login', '/banner/banner_list', '/company/supplier/company_edit/12?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    // a script is never a document: no page policy on it, but never sniffed
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    // a dotfile, a folder and index.html itself are never sent as files: they get the page
    for (const url of ['/.build-stamp', '/assets', '/assets/', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<script id="public-config"');
    }
    const traversal = await t.app.inject({ method: 'GET', url: '/assets/..%2f..%2fpackage.json' });
    expect(traversal.body).not.toContain('"name"');
  });

  /** The public configuration the page carries, as the console reads it. */
  const inlined = (html: string) => {
    const match = /<script id="public-config" type="application\/json">(.*?)<\/script>/s.exec(html);
    expect(match, 'the page inlines the public configuration').not.toBeNull();
    return JSON.parse(match?.[1] ?? 'null');
  };
  /** The captcha a login page carries for its visitor: its token and picture, made for each request. */
  const ownCaptcha =
    /<input type="hidden" name="token" value="[A-Za-z0-9_-]{16,}"><img src="data:image\/svg\+xml[^"]+" alt="">/;
  const withoutCaptcha = (html: string) => html.replace(ownCaptcha, '<captcha>');

  it('inlines the public configuration into every page, equal to GET /api/config', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json().content;
    for (const url of ['/', '/login', '/dashboard']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(inlined(res.body), url).toEqual(config);
      // asked again each time, and never kept by a shared cache (a signed-in page carries its person's answers)
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
  });

  it('puts a captcha of its own only in the page of a visitor who will see the login page', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/banner/banner_list' });
    expect(anonymous.body).toMatch(ownCaptcha);
    const again = await t.app.inject({ method: 'GET', url: '/banner/banner_list' });
    expect(ownCaptcha.exec(again.body)?.[0]).not.toBe(ownCaptcha.exec(anonymous.body)?.[0]);
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/banner/banner_list',
      headers: { cookie: 'language=en; Admin-Token=abc' },
    });
    expect(signedIn.body).not.toMatch(ownCaptcha);
    expect(signedIn.body).not.toContain('name="token"');
    expect(inlined(signedIn.body)).toEqual(inlined(anonymous.body));
    const publicPage = await t.app.inject({ method: 'GET', url: '/404' });
    expect(publicPage.body).not.toContain('name="token"');
  });

  it('sends the page compressed as the client accepts', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/login' });
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/login',
        headers: { 'accept-encoding': encoding },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      // the same page but for the captcha made for each visitor
      const body = decode(res.rawPayload).toString('utf8');
      expect(body).toMatch(ownCaptcha);
      expect(withoutCaptcha(body)).toBe(withoutCaptcha(plain.body));
    }
  });

  it('answers a file the build does not have with a 404, and a malformed address with a clear 400, in the envelope', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/assets/app-old.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 40403, message: 'No such file: /assets/app-old.js' });
    for (const url of ['/assets/%E0%A4%A', '/assets/%00x.js', '/favicon.svg%00', '/uploads/..%2fx.png']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'zh-CN' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ success: false, code: 40008, message: `地址无效：${url}` });
    }
    const api = await t.app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
    expect(api.json()).toMatchObject({ code: 40008, message: 'This address is not valid: /api/%E0%A4%A' });
  });

  it('still answers unknown /api paths with the 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(40401);
  });
});

describe('console page with text that looks like markup', () => {
  it('keeps a configured title inside the inlined JSON, never as markup', async () => {
    const dist = path.join(process.env.TMPDIR ?? '/tmp', `organiser-console-x-${process.pid}-${Date.now()}`);
    mkdirSync(dist, { recursive: true });
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>c</title></head><body></body></html>',
    );
    const title = '</script><script>alert(1)</script><!--';
    const t = await createTestApp({
      env: { CONSOLE_DIST: dist },
      config: { site: { variants: { '1': { title: { en: title, zh: title } } } } },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/login' });
      expect(res.body).not.toContain('<script>alert');
      expect(res.body).not.toContain('<!--');
      const match = /<script id="public-config" type="application\/json">(.*?)<\/script>/s.exec(res.body);
      expect(JSON.parse(match?.[1] ?? 'null').site.title.en).toBe(title);
    } finally {
      await t.close();
    }
  });
});

describe('readiness', () => {
  it('answers 503 in the envelope when the database does not answer', async () => {
    const t = await createTestApp();
    try {
      await t.handle.close();
      const res = await t.app.inject({ method: 'GET', url: '/api/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        success: false,
        code: 50300,
        content: { ready: false, database: 'unreachable', storage: 'ok' },
      });
      expect(typeof res.json().message).toBe('string');
      const health = await t.app.inject({ method: 'GET', url: '/api/healthz' });
      expect(health.statusCode).toBe(200);
    } finally {
      await t.app.close();
      await t.close().catch(() => {});
    }
  });
});

describe('route declarations', () => {
  it('refuses to build an app with a route that declares no access', async () => {
    const config = testConfig();
    await expect(
      buildApp({
        config,
        db: {} as never,
        logger: false,
        extraModules: [
          async (app) => {
            app.get('/undeclared', async () => ({ ok: true }));
          },
        ],
      }),
    ).rejects.toThrow('Route GET /api/undeclared declares no config.access');
  });
});
