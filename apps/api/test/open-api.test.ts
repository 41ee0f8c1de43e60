import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiKeySecret, entityTables, recordHistory } from '../src/db/schema';
import type { AppModule } from '../src/extensions';
import { createTestApp, login, type TestApp } from './helpers';
import { issueApiKey, openCall, secretOf } from './open-helpers';

// The marketplace-facing API's key: who may call an open route, with what, and what a bad request gets.
// The routes here are declared by the test (a probe module); the product's own routes have their own tests.

const probe: AppModule = {
  name: 'open-probe',
  register: (ext) => {
    ext.openRoute({
      method: 'GET',
      url: '/probe/:id',
      operationId: 'openProbeRead',
      summary: 'Probe read',
      scope: 'companies:read',
      params: z.object({ id: z.coerce.number().int().positive() }),
      response: z.object({ id: z.number(), key: z.string() }),
      examples: { response: { id: 1, key: 'probe' } },
      handler: async ({ params }, ctx) => ({ id: (params as { id: number }).id, key: ctx.caller.keyName }),
    });
    ext.openRoute({
      method: 'POST',
      url: '/probe',
      operationId: 'openProbeCreate',
      summary: 'Probe write',
      scope: 'consults:write',
      body: z.strictObject({ name: z.string().min(1).max(50), count: z.number().int() }),
      response: z.object({ id: z.number(), name: z.string() }),
      examples: { body: { name: 'tag', count: 1 }, response: { id: 1, name: 'tag' } },
      handler: async ({ body }, ctx) => {
        const { name } = body as { name: string };
        const table = entityTables.company_tag!;
        const [row] = await ctx.db.insert(table).values({ name }).returning({ id: table.id });
        return { id: Number(row!.id), name };
      },
    });
  },
};

describe('open API keys', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ extraModules: [probe] });
    admin = await login(t.app);
  });
  afterAll(() => t.close());

  it('opens a route with a key holding its scope, by Bearer or X-Api-Key', async () => {
    const { key } = await issueApiKey(t.app, { scopes: ['companies:read'], name: 'reader', token: admin });
    const res = await openCall(t.app, key, 'GET', '/probe/7');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, content: { id: 7, key: 'reader' } });
    const direct = await t.app.inject({
      method: 'GET',
      url: '/api/open/v1/probe/7',
      headers: { 'x-api-key': key },
    });
    expect(direct.statusCode).toBe(200);
  });

  it('refuses no key, an unknown key, a wrong secret, in the envelope and both languages', async () => {
    const { key } = await issueApiKey(t.app, { scopes: ['companies:read'], token: admin });
    const wrongSecret = `${key.slice(0, -4)}AAAA`;
    for (const sent of [null, 'nonsense', `omk_000000000000_${'a'.repeat(43)}`, wrongSecret]) {
      const res = await openCall(t.app, sent, 'GET', '/probe/1');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 40150, content: null });
    }
    const zh = await openCall(t.app, null, 'GET', '/probe/1', undefined, { lang: 'zh' });
    expect(zh.json().message).toBe('API 密钥缺失、无效、已吊销或已过期');
  });

  it('refuses a key without the route scope with 403 naming the scope', async () => {
    const { key } = await issueApiKey(t.app, { scopes: ['consults:read'], token: admin });
    const res = await openCall(t.app, key, 'GET', '/probe/1');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('companies:read');
  });

  it('refuses a revoked key at once, and an expired one', async () => {
    const issued = await issueApiKey(t.app, { scopes: ['companies:read'], token: admin });
    expect((await openCall(t.app, issued.key, 'GET', '/probe/1')).statusCode).toBe(200);
    const revoke = await t.app.inject({
      method: 'POST',
      url: `/api/api_key/revoke/${issued.id}`,
      headers: { 'x-token': admin },
      payload: {},
    });
    expect(revoke.statusCode).toBe(200);
    expect((await openCall(t.app, issued.key, 'GET', '/probe/1')).statusCode).toBe(401);
    // a revoked key stays revoked: its status is written by the revoke action only
    const current = await t.app.inject({
      method: 'GET',
      url: `/api/api_key/${issued.id}`,
      headers: { 'x-token': admin },
    });
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/api_key/${issued.id}`,
      headers: { 'x-token': admin },
      payload: { version: current.json().content.version, status: 'active' },
    });
    expect(edit.statusCode).toBe(400);
    expect((await openCall(t.app, issued.key, 'GET', '/probe/1')).statusCode).toBe(401);
    const expired = await issueApiKey(t.app, {
      scopes: ['companies:read'],
      token: admin,
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect((await openCall(t.app, expired.key, 'GET', '/probe/1')).statusCode).toBe(401);
  });

  it('a new secret replaces the one issued before', async () => {
    const first = await issueApiKey(t.app, { scopes: ['companies:read'], token: admin });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/api_key/issue/${first.id}`,
      headers: { 'x-token': admin },
      payload: {},
    });
    const second = again.json().content.key as string;
    expect((await openCall(t.app, first.key, 'GET', '/probe/1')).statusCode).toBe(401);
    expect((await openCall(t.app, second, 'GET', '/probe/1')).statusCode).toBe(200);
  });

  it('a console token never opens an open route, and a key never opens a console route', async () => {
    const token = await openCall(t.app, admin, 'GET', '/probe/1');
    expect(token.statusCode).toBe(401);
    const xToken = await t.app.inject({
      method: 'GET',
      url: '/api/open/v1/probe/1',
      headers: { 'x-token': admin },
    });
    expect(xToken.statusCode).toBe(401);
    const { key } = await issueApiKey(t.app, { scopes: ['companies:read'], token: admin });
    for (const headers of [{ authorization: `Bearer ${key}` }, { 'x-token': key }, { 'x-api-key': key }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/company_tag/list', headers });
      expect(res.statusCode).toBe(401);
    }
  });

  it('refuses unknown scopes on the key record, naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/api_key',
      headers: { 'x-token': admin },
      payload: { name: 'bad scopes', scopes: ['everything'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().content.errors).toEqual([expect.objectContaining({ path: 'scopes' })]);
  });

  it('keeps the secret only as a hash: never in the record, its history, its export', async () => {
    const issued = await issueApiKey(t.app, { scopes: ['companies:read'], name: 'secretive', token: admin });
    const secret = secretOf(issued.key);
    const record = await t.app.inject({
      method: 'GET',
      url: `/api/api_key/${issued.id}`,
      headers: { 'x-token': admin },
    });
    expect(record.json().content.prefix).toBe(issued.prefix);
    const history = await t.db.select().from(recordHistory).where(eq(recordHistory.recordId, issued.id));
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/api_key/export?format=csv',
      headers: { 'x-token': admin },
    });
    const [stored] = await t.db.select().from(apiKeySecret).where(eq(apiKeySecret.apiKeyId, issued.id));
    for (const text of [record.body, JSON.stringify(history), exported.body]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(stored!.secretHash);
    }
    expect(stored!.secretHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('describes each open route in the API document: tag, key scheme, examples, operation id', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const write = doc.paths['/api/open/v1/probe'].post;
    expect(write).toMatchObject({
      operationId: 'openProbeCreate',
      tags: ['Marketplace'],
      security: [{ apiKey: [] }],
    });
    expect(JSON.stringify(write.requestBody)).toContain('"count":1');
    expect(JSON.stringify(write.responses['200'])).toContain('"name":"tag"');
    expect(doc.paths['/api/open/v1/probe/{id}'].get.operationId).toBe('openProbeRead');
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.tags).toContainEqual(expect.objectContaining({ name: 'Marketplace' }));
  });

  it('writes last used at most once a minute', async () => {
    const issued = await issueApiKey(t.app, { scopes: ['companies:read'], token: admin });
    const lastUsed = async () => {
      const [row] = await t.db
        .select()
        .from(entityTables.api_key!)
        .where(eq(entityTables.api_key!.id, issued.id));
      return row!.lastUsedAt as Date | null;
    };
    expect(await lastUsed()).toBeNull();
    await openCall(t.app, issued.key, 'GET', '/probe/1');
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await openCall(t.app, issued.key, 'GET', '/probe/2');
    expect((await lastUsed())!.getTime()).toBe(first!.getTime());
  });
});
