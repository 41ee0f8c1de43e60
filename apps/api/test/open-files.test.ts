import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTables } from '../src/db/schema/entities';
import { upload } from '../src/db/schema/uploads';
import { supplierCompanyBody } from './access-fixtures';
import { client, okClient } from './engine/setup';
import { createTestApp, login, multipart, type TestApp, uploadFile } from './helpers';
import { issueApiKey, openCall } from './open-helpers';

// The marketplace's uploads of buyers' images (POST /api/open/v1/files, scope files:write), seen by an attacker:
// a missing key or scope, an oversized file, a page with a script named .jpg, a malformed form, a retry, and the
// chat message and requirement writes that may carry only files their own key uploaded.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(100, 1)]);
const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(50, 32)]);
const IMAGE_MAX = 2000;

type Answer = { json: () => { content?: { errors?: { path: string }[] } } };
const pathsOf = (res: Answer) => (res.json().content?.errors ?? []).map((e) => e.path);

describe('marketplace uploads', () => {
  let t: TestApp;
  let admin: string;
  let key: string;
  let keyId: number;
  let otherKey: string;
  let chatOnlyKey: string;
  let buyer: number;
  let companyId: number;
  const users = entityTables.user_manager!;
  const messages = entityTables.site_chat_message!;
  const requirements = entityTables.buy_requirement!;

  const send = async (
    apiKey: string | null,
    parts: Parameters<typeof multipart>[0],
    options: { idempotencyKey?: string | null; lang?: 'en' | 'zh' } = {},
  ) => {
    const form = await multipart(parts);
    const headers: Record<string, string> = { ...form.headers };
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    if (options.lang) headers['accept-language'] = options.lang;
    const idem = options.idempotencyKey === undefined ? `up-${Math.random()}` : options.idempotencyKey;
    if (idem !== null) headers['idempotency-key'] = idem;
    return t.app.inject({ method: 'POST', url: '/api/open/v1/files', payload: form.payload, headers });
  };
  const image = (data: Buffer, filename = 'photo.png', type = 'image/png') => ({
    file: { filename, type, data },
  });
  const uploadCount = async () => (await t.db.select().from(upload)).length;
  const chat = (apiKey: string, attachments: unknown) =>
    openCall(t.app, apiKey, 'POST', '/chat/messages', {
      userId: buyer,
      companyId,
      content: 'Is this the right part?',
      attachments,
    });
  const messagesWith = async (content: string) =>
    t.db.select().from(messages).where(eq(messages.content, content));

  beforeAll(async () => {
    t = await createTestApp({ config: { uploads: { imageMaxBytes: IMAGE_MAX } } });
    admin = await login(t.app);
    const ok = okClient(client(t.app, admin));
    const issued = await issueApiKey(t.app, {
      scopes: ['files:write', 'chat:write', 'requirements:write'],
      token: admin,
    });
    key = issued.key;
    keyId = issued.id;
    otherKey = (await issueApiKey(t.app, { scopes: ['files:write', 'chat:write'], token: admin })).key;
    chatOnlyKey = (await issueApiKey(t.app, { scopes: ['chat:write'], token: admin })).key;
    const [row] = await t.db
      .insert(users)
      .values({ account: 'files-buyer', type: 'buyer', nickname: 'Ines' } as never)
      .returning({ id: users.id });
    buyer = row!.id as number;
    const c = await ok({
      method: 'POST',
      url: '/api/company',
      body: supplierCompanyBody('filesco', 'Secret12345'),
    });
    await ok({ method: 'POST', url: `/api/company_audit/pass/${c.id}` });
    companyId = c.id as number;
  });
  afterAll(() => t.close());

  it('stores a PNG or a JPG with the key that uploaded it and answers its path', async () => {
    const res = await send(key, image(PNG));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().content;
    expect(answer).toMatchObject({ contentType: 'image/png', size: PNG.length });
    expect(answer.path).toMatch(/^\d{4}\/\d{2}\/[A-Za-z0-9_-]{22}\.png$/);
    expect(answer.url).toBe(`/uploads/${answer.path}`);
    expect(readFileSync(path.join(t.dataDir, 'uploads', answer.path))).toEqual(PNG);
    const [row] = await t.db.select().from(upload).where(eq(upload.path, answer.path));
    expect(row).toMatchObject({ apiKeyId: keyId, userId: null, companyId: null, contentType: 'image/png' });
    const jpg = await send(key, image(JPEG, 'photo.jpg', 'image/jpeg'));
    expect(jpg.statusCode, jpg.body).toBe(200);
    expect(jpg.json().content.contentType).toBe('image/jpeg');
  });

  it('refuses a call without a key or without the files:write scope, storing nothing', async () => {
    const before = await uploadCount();
    const none = await send(null, image(PNG));
    expect(none.statusCode).toBe(401);
    const wrongScope = await send(chatOnlyKey, image(PNG));
    expect(wrongScope.statusCode).toBe(403);
    const bogus = await send('omk_nothere_abcdefabcdefabcdefabcdef', image(PNG));
    expect(bogus.statusCode).toBe(401);
    expect(await uploadCount()).toBe(before);
  });

  it('refuses an oversized image, a page or an SVG with a script named .jpg/.png, and a PDF', async () => {
    const before = await uploadCount();
    const big = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX, 0)]);
    const oversized = await send(key, image(big));
    expect(oversized.statusCode).toBe(413);
    const page = await send(key, image(HTML, 'photo.jpg', 'image/jpeg'));
    const wrongType = { statusCode: 400, code: 41500 };
    const answered = (res: typeof page) => ({ statusCode: res.statusCode, code: res.json().code });
    expect(answered(page), page.body).toEqual(wrongType);
    expect(page.json().message).toContain('image/png');
    const svg = await send(key, image(SVG, 'logo.png', 'image/png'));
    expect(answered(svg)).toEqual(wrongType);
    const svgDeclared = await send(key, image(SVG, 'logo.svg', 'image/svg+xml'));
    expect(answered(svgDeclared)).toEqual(wrongType);
    const pdf = await send(key, image(PDF, 'spec.pdf', 'application/pdf'));
    expect(answered(pdf)).toEqual(wrongType);
    const otherKind = await send(key, { kind: 'file', ...image(PNG) });
    expect(otherKind.statusCode).toBe(400);
    expect(pathsOf(otherKind)).toContain('kind');
    expect(await uploadCount()).toBe(before);
  });

  it('answers a malformed or missing form with a 400, never a 5xx', async () => {
    const headers = { authorization: `Bearer ${key}`, 'idempotency-key': `m-${Math.random()}` };
    const cases = [
      { 'content-type': 'multipart/form-data', payload: 'x' },
      { 'content-type': 'multipart/form-data; boundary=zz', payload: '--zz\r\nContent-Disposition: form' },
      { 'content-type': 'multipart/form-data; boundary=zz', payload: '--zz--\r\n' },
    ];
    for (const { payload, ...type } of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/open/v1/files',
        payload,
        headers: { ...headers, ...type, 'idempotency-key': `m-${Math.random()}` },
      });
      expect(res.statusCode, `${type['content-type']} ${payload}: ${res.body}`).toBe(400);
    }
    const noFile = await send(key, { note: 'no file here' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.body).toContain('file');
    const json = await openCall(t.app, key, 'POST', '/files', { file: 'x' });
    expect(json.statusCode).toBe(415);
    const noIdempotency = await send(key, image(PNG), { idempotencyKey: null });
    expect(noIdempotency.statusCode).toBe(400);
  });

  it('answers a retry with the same Idempotency-Key the same path and stores the file once', async () => {
    const before = await uploadCount();
    const first = await send(key, image(PNG, 'retry.png'), { idempotencyKey: 'files-retry-1' });
    expect(first.statusCode, first.body).toBe(200);
    const retry = await send(key, image(PNG, 'retry.png'), { idempotencyKey: 'files-retry-1' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await uploadCount()).toBe(before + 1);
    const changed = await send(key, image(JPEG, 'retry.png', 'image/jpeg'), {
      idempotencyKey: 'files-retry-1',
    });
    expect(changed.statusCode).toBe(422);
    expect(changed.body).toContain('files-retry-1');
    expect(await uploadCount()).toBe(before + 1);
  });

  it('lets a chat message carry only images its own key uploaded, refusing anything else naming attachments', async () => {
    const mine = (await send(key, image(PNG))).json().content.path as string;
    const theirs = (await send(otherKey, image(PNG))).json().content.path as string;
    const consoleUpload = await uploadFile(
      t.app,
      admin,
      { filename: 'c.png', type: 'image/png', data: PNG },
      'image',
    );
    const refusals: [string, unknown][] = [
      ['another key’s upload', [theirs]],
      ['a console upload', [consoleUpload]],
      ['an address', ['https://evil.example/x.png']],
      ['a path never uploaded', ['2026/11/nothere.png']],
      ['a mix', [mine, theirs]],
    ];
    for (const [what, attachments] of refusals) {
      const res = await chat(key, attachments);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(pathsOf(res), what).toContain('attachments');
    }
    const malformed = await chat(key, 'not-a-list');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('attachments');
    expect(await messagesWith('Is this the right part?')).toHaveLength(0);
    const accepted = await chat(key, [mine]);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const stored = await messagesWith('Is this the right part?');
    expect(stored.map((m) => m.attachments)).toEqual([[mine]]);
    // the other key may not reuse this key's file either
    const reuse = await chat(otherKey, [mine]);
    expect(reuse.statusCode).toBe(400);
    expect(pathsOf(reuse)[0]).toBe('attachments');
  });

  it('lets a purchase requirement carry only images its own key uploaded', async () => {
    const ok = okClient(client(t.app, admin));
    const category = await ok({
      method: 'POST',
      url: '/api/product_category',
      body: { name: 'Valves', zhName: '阀门' },
    });
    const mine = (await send(key, image(PNG))).json().content.path as string;
    const theirs = (await send(otherKey, image(PNG))).json().content.path as string;
    const body = (attachments: unknown, title: string) => ({
      title,
      categoryId: category.id,
      userId: buyer,
      endTime: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      contactName: 'Ines',
      email: 'ines@example.com',
      attachments,
    });
    const requirement = (attachments: unknown, title: string) =>
      openCall(t.app, key, 'POST', '/requirements', body(attachments, title));
    const refused = await requirement([{ name: 'x.png', url: theirs }], 'Valves A');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(pathsOf(refused)).toContain('attachments');
    const address = await requirement([{ name: 'x.png', url: 'http://evil.example/x.png' }], 'Valves B');
    expect(address.statusCode).toBe(400);
    expect(address.body).toContain('attachments');
    expect(await t.db.select().from(requirements).where(eq(requirements.title, 'Valves A'))).toHaveLength(0);
    const accepted = await requirement([{ name: 'drawing.png', url: mine }], 'Valves C');
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [row] = await t.db.select().from(requirements).where(eq(requirements.title, 'Valves C'));
    expect(row?.attachments).toEqual([{ name: 'drawing.png', url: mine }]);
  });

  it('names the refusal in Chinese too', async () => {
    const theirs = (await send(otherKey, image(PNG))).json().content.path as string;
    const res = await openCall(
      t.app,
      key,
      'POST',
      '/chat/messages',
      { userId: buyer, companyId, content: '你好', attachments: [theirs] },
      { lang: 'zh' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().content.errors[0]).toMatchObject({ path: 'attachments' });
    expect(res.json().content.errors[0]?.message).toContain('API 密钥');
  });
});

describe('marketplace uploads: the per-key rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimit: { openPerSecond: 3 } } });
  });
  afterAll(() => t.close());

  it('refuses a key past its calls per second with 429 before reading the file, another key unaffected', async () => {
    const admin = await login(t.app);
    const busy = (await issueApiKey(t.app, { scopes: ['files:write'], token: admin })).key;
    const calm = (await issueApiKey(t.app, { scopes: ['files:write'], token: admin })).key;
    const upload1 = async (key: string) => {
      const form = await multipart({ file: { filename: 'a.png', type: 'image/png', data: PNG } });
      return t.app.inject({
        method: 'POST',
        url: '/api/open/v1/files',
        payload: form.payload,
        headers: {
          ...form.headers,
          authorization: `Bearer ${key}`,
          'idempotency-key': `rl-${Math.random()}`,
        },
      });
    };
    const answers = await Promise.all(Array.from({ length: 8 }, () => upload1(busy)));
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.headers['retry-after']).toBeDefined();
    expect(refused[0]!.json()).toMatchObject({ success: false, code: 42900 });
    const stored = answers.filter((a) => a.statusCode === 200).length;
    expect(stored + refused.length).toBe(answers.length);
    expect((await t.db.select().from(upload)).length).toBe(stored);
    expect((await upload1(calm)).statusCode).toBe(200);
  });
});
