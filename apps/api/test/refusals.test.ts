import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerModules } from '../src/extensions';
import { modules } from '../src/modules';
import { DEMO_SUPPLIER } from '../src/modules/companies/supplier-login';
import { createTestApp, EDITOR, login, multipart, type TestApp } from './helpers';

// Refused requests are answered like any other: they carry the security headers and count against the
// global rate limit (so floods of unauthenticated calls are throttled). The API documents are for signed-in
// staff only in production.

function expectSecurityHeaders(res: LightMyRequestResponse, label: string): void {
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(String(res.headers['content-security-policy']), label).toContain("default-src 'self'");
  expect(res.headers['x-frame-options'], label).toBe('SAMEORIGIN');
}

describe('refusals', () => {
  let t: TestApp;
  let editor: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimit: { globalPerMinute: 12 } } });
    editor = await login(t.app, EDITOR.account, EDITOR.password);
  });
  afterAll(() => t.close());

  it('counts 401, 403 and 415 answers against the global limit, and carries the security headers on each', async () => {
    const anonymous = () => t.app.inject({ method: 'GET', url: '/api/user/get_login_menu' });
    const first = await anonymous();
    expect(first.statusCode).toBe(401);
    expectSecurityHeaders(first, '401');
    const remaining = Number(first.headers['x-ratelimit-remaining']);
    expect(remaining).toBeGreaterThan(2);

    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/api/system_log/list',
      headers: { 'x-token': editor },
    });
    expect(forbidden.statusCode).toBe(403);
    expectSecurityHeaders(forbidden, '403');
    expect(Number(forbidden.headers['x-ratelimit-remaining'])).toBe(remaining - 1);

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/user/change_password',
      headers: { 'x-token': editor, 'content-type': 'text/plain' },
      payload: '{"oldPassword":"a"}',
    });
    expect(wrongType.statusCode).toBe(415);
    expectSecurityHeaders(wrongType, '415');
    expect(Number(wrongType.headers['x-ratelimit-remaining'])).toBe(remaining - 2);

    for (let i = 0; i < remaining - 2; i++) expect((await anonymous()).statusCode).toBe(401);
    const limited = await anonymous();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 42900 });
    expectSecurityHeaders(limited, '429');
  });
});

describe('bad bodies', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app);
  });
  afterAll(() => t.close());

  it('without a multipart boundary: a 400 with a clear message on login, upload, get_url_prefix and every file import', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { 'x-consumes'?: string[] }>>;
    };
    // the imports that take the file itself (an import by a handle of a checked upload takes JSON)
    const imports = Object.keys(doc.paths).filter(
      (p) =>
        (p.endsWith('/import') || p.endsWith('/upload')) &&
        p !== '/api/oss/upload' &&
        Boolean(doc.paths[p]!.post?.['x-consumes']?.includes('multipart/form-data')),
    );
    expect(imports).toContain('/api/user_manager/upload');
    expect(imports.length).toBeGreaterThan(5);
    const { payload } = await multipart({ account: 'admin', kind: 'image' });
    for (const url of ['/api/user/login', '/api/oss/upload', '/api/oss/get_url_prefix', ...imports]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'x-token': token, 'content-type': 'multipart/form-data' },
        payload,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        success: false,
        code: 40005,
        message:
          'The multipart form has no boundary: its Content-Type must be multipart/form-data; boundary=…',
        content: null,
      });
    }
  });

  it('names what is wrong with a body that is not a JSON object, or not JSON, in English and Chinese', async () => {
    const send = (headers: Record<string, string>, payload: string, lang: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/company_tag/batch/disable?lang=${lang}`,
        headers: { 'x-token': token, ...headers },
        payload,
      });
    const json = { 'content-type': 'application/json' };
    expect((await send(json, 'null', 'en')).json()).toEqual({
      success: false,
      code: 40004,
      message: 'The request body must be a JSON object ({ … }); received a JSON null',
      content: null,
    });
    const list = await send(json, '[1]', 'zh');
    expect(list.statusCode).toBe(400);
    expect(list.json().message).toBe('请求体必须是 JSON 对象（{ … }），收到的是 JSON array');
    const text = await send({ 'content-type': 'text/plain' }, '{"ids":[1]}', 'zh');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({
      success: false,
      code: 41501,
      message: '此接口接受 application/json，不接受 text/plain',
      content: null,
    });
    const deep = await send(json, `{"ids":${'['.repeat(40)}1${']'.repeat(40)}}`, 'zh');
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toBe('请求体嵌套超过 32 层');
    const nul = await t.app.inject({
      method: 'GET',
      url: '/api/company_tag/list?keyword=%00&lang=zh',
      headers: { 'x-token': token },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe('文本不能包含空字符（\\u0000）：keyword');
  });

  it('refuses a file name holding a NUL character, storing nothing', async () => {
    const form = await multipart({
      file: { filename: 'a\u0000.png', type: 'image/png', data: Buffer.from('89504e470d0a1a0a', 'hex') },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oss/upload',
      headers: { 'x-token': token, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().content.errors).toEqual([
      { path: 'file', message: 'Must not contain the NUL character (\\u0000)' },
    ]);
    const rows = await t.db.execute('select count(*)::int as n from upload');
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});

describe('API documents', () => {
  const DOC_URLS = ['/api/openapi.json', '/api/docs/json', '/api/docs/'];
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
  });

  it('serves them to signed-in staff only when apiDocs is staff: by X-Token or by the console cookie', async () => {
    const t = await createTestApp({ config: { apiDocs: 'staff' } });
    apps.push(t);
    for (const seed of registerModules(modules).seeds.demo)
      await seed.run({ db: t.db, config: t.config, log: () => {}, demoScale: 0.05 });
    const admin = await login(t.app);
    const supplier = await login(t.app, DEMO_SUPPLIER.account, DEMO_SUPPLIER.password);
    for (const url of DOC_URLS) {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      expectSecurityHeaders(anonymous, url);
      const bySupplier = await t.app.inject({ method: 'GET', url, headers: { 'x-token': supplier } });
      expect(bySupplier.statusCode, url).toBe(403);
      const byHeader = await t.app.inject({ method: 'GET', url, headers: { 'x-token': admin } });
      expect(byHeader.statusCode, url).toBe(200);
      const byCookie = await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: `Admin-Token=${admin}` },
      });
      expect(byCookie.statusCode, url).toBe(200);
    }
    const doc = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'x-token': admin },
    });
    expect(doc.json().paths['/api/user/login']).toBeDefined();
  });

  it('keeps them for staff in production by default, open in development, and open when set public', async () => {
    const production = {
      NODE_ENV: 'production',
      ADMIN_PASSWORD: 'Prod-Admin-2025',
      CAPTCHA_TEST_CODE: undefined,
    };
    const closed = await createTestApp({ env: production });
    apps.push(closed);
    const open = await createTestApp({ env: { NODE_ENV: 'development' } });
    apps.push(open);
    const configuredOpen = await createTestApp({ env: production, config: { apiDocs: 'public' } });
    apps.push(configuredOpen);
    for (const url of DOC_URLS) {
      expect((await closed.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await open.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      expect((await configuredOpen.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });
});
