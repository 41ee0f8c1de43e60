import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { entityTables, openIdempotency, recordHistory, systemLog } from '../src/db/schema';
import { createRecord } from '../src/engine';
import type { AppModule } from '../src/extensions';
import { createTestApp, login, type TestApp } from './helpers';
import { issueApiKey, openCall, secretOf } from './open-helpers';

// Writes through the marketplace-facing API: the Idempotency-Key, validation in the envelope, the per-key rate
// limit and the system log line naming the key. The route is declared by the test (it adds company tags
// through the engine, acting as the key).

const probe: AppModule = {
  name: 'open-probe',
  register: (ext) => {
    ext.openRoute({
      method: 'POST',
      url: '/probe-tags',
      operationId: 'openProbeTag',
      summary: 'Probe write',
      scope: 'consults:write',
      body: z.strictObject({ name: z.string().min(1).max(50), count: z.number().int().max(10) }),
      response: z.object({ id: z.number(), name: z.string() }),
      examples: { body: { name: 'tag', count: 1 }, response: { id: 1, name: 'tag' } },
      handler: async ({ body }, ctx) => {
        const { name } = body as { name: string };
        const created = await createRecord(ctx.writeContext('company_tag'), { name });
        return { id: created.id, name };
      },
    });
  },
};

const tags = entityTables.company_tag!;

describe('open API writes', () => {
  let t: TestApp;
  let key: string;
  let keyId: number;
  const write = (body: unknown, options: Parameters<typeof openCall>[5] = {}, withKey = key) =>
    openCall(t.app, withKey, 'POST', '/probe-tags', body, options);
  const tagsNamed = (name: string) => t.db.select().from(tags).where(eq(tags.name, name));

  beforeAll(async () => {
    t = await createTestApp({ extraModules: [probe], config: { rateLimit: { openPerSecond: 1000 } } });
    const issued = await issueApiKey(t.app, {
      scopes: ['consults:write'],
      name: 'writer',
      token: await login(t.app),
    });
    key = issued.key;
    keyId = issued.id;
  });
  afterAll(() => t.close());

  it('needs an Idempotency-Key on a POST', async () => {
    const res = await write({ name: 'none', count: 1 }, { idempotencyKey: null });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 40050 });
    expect(await tagsNamed('none')).toHaveLength(0);
  });

  it('writes once for a retried request and answers it exactly as the first time', async () => {
    const first = await write({ name: 'once', count: 1 }, { idempotencyKey: 'k-1' });
    expect(first.statusCode).toBe(200);
    const again = await write({ count: 1, name: 'once' }, { idempotencyKey: 'k-1' });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(await tagsNamed('once')).toHaveLength(1);
  });

  it('refuses the same Idempotency-Key with another body (422), writing nothing', async () => {
    await write({ name: 'first', count: 1 }, { idempotencyKey: 'k-2' });
    const other = await write({ name: 'second', count: 1 }, { idempotencyKey: 'k-2' });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toContain('k-2');
    expect(await tagsNamed('second')).toHaveLength(0);
  });

  it('writes once for two concurrent identical requests', async () => {
    const send = () => write({ name: 'twice', count: 1 }, { idempotencyKey: 'k-3' });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.body).toBe(b.body);
    expect(await tagsNamed('twice')).toHaveLength(1);
  });

  it('keys the Idempotency-Key per API key', async () => {
    const other = await issueApiKey(t.app, { scopes: ['consults:write'], token: await login(t.app) });
    await write({ name: 'per-key-a', count: 1 }, { idempotencyKey: 'shared' });
    const res = await write({ name: 'per-key-b', count: 1 }, { idempotencyKey: 'shared' }, other.key);
    expect(res.statusCode).toBe(200);
    expect(await tagsNamed('per-key-b')).toHaveLength(1);
  });

  it('names each bad field (400), and never answers 5xx to a malformed request', async () => {
    const bad = await write({ name: '', count: 'x', extra: 1 }, { lang: 'zh' });
    expect(bad.statusCode).toBe(400);
    const paths = (bad.json().content.errors as { path: string }[]).map((e) => e.path).sort();
    expect(paths).toEqual(['count', 'extra', 'name']);
    const headers = { authorization: `Bearer ${key}`, 'idempotency-key': 'malformed' };
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/open/v1/probe-tags',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, code: 40002 });
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/open/v1/probe-tags',
      headers: { ...headers, 'content-type': 'text/plain' },
      payload: 'name=x',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().code).toBe(41501);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/open/v1/probe-tags',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), count: 1 }),
    });
    expect(huge.statusCode).toBe(413);
  });

  it('records the key (name and id) as the actor of history and the system log', async () => {
    const res = await write({ name: 'logged', count: 1 });
    const id = res.json().content.id as number;
    const [history] = await t.db
      .select()
      .from(recordHistory)
      .where(and(eq(recordHistory.entity, 'company_tag'), eq(recordHistory.recordId, id)));
    expect(history).toMatchObject({ actorId: null, actorAccount: 'key:writer' });
    await t.app.flushSystemLog();
    const [line] = await t.db
      .select()
      .from(systemLog)
      .where(like(systemLog.url, '/api/open/v1/probe-tags%'))
      .orderBy(desc(systemLog.id))
      .limit(1);
    expect(line).toMatchObject({ account: 'key:writer', apiKeyId: keyId, success: true, statusCode: 200 });
    expect(JSON.stringify(line)).not.toContain(secretOf(key));
  });

  it('keeps the stored answers for a day', async () => {
    const [stored] = await t.db
      .select()
      .from(openIdempotency)
      .where(eq(openIdempotency.idempotencyKey, 'k-1'));
    expect(stored).toMatchObject({ apiKeyId: keyId, statusCode: 200 });
    const { removeOldLogs } = await import('../src/modules/system/retention');
    const later = new Date(Date.now() + 25 * 3_600_000);
    const cleaned = await removeOldLogs(t.db, 365, later);
    expect(cleaned.deleted.idempotency).toBeGreaterThanOrEqual(1);
  });
});

describe('open API rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ extraModules: [probe], config: { rateLimit: { openPerSecond: 3 } } });
  });
  afterAll(() => t.close());

  it('refuses a key past its calls per second with 429 and Retry-After', async () => {
    const { key } = await issueApiKey(t.app, { scopes: ['consults:write'] });
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(
        await openCall(
          t.app,
          key,
          'POST',
          '/probe-tags',
          { name: 'x', count: 1 },
          { idempotencyKey: `r-${i}` },
        ),
      );
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.headers['retry-after']).toBeDefined();
    expect(refused[0]!.json()).toMatchObject({ success: false, code: 42900 });
  });
});
