import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultReply } from '../src/db/schema';
import { entityTables } from '../src/db/schema/entities';
import { client, companyBody, okClient } from './engine/setup';
import { createTestApp, login, type TestApp } from './helpers';
import { issueApiKey, openCall } from './open-helpers';

// POST /api/open/v1/consults: a buyer's new consult, refused naming the field for bad references, within the
// company's monthly consultLimit (exact under concurrency), written once for a retried request.

describe('a new consult from the marketplace', () => {
  let t: TestApp;
  let ok: ReturnType<typeof okClient>;
  let key: string;
  let buyer: number;
  let staffUser: number;
  let n = 0;
  const users = entityTables.user_manager!;
  const consults = entityTables.consult!;
  const products = entityTables.product!;

  const company = async (patch: Record<string, unknown>, pass = true) => {
    n++;
    const created = await ok({
      method: 'POST',
      url: '/api/company',
      body: companyBody(`consult${n}`, patch),
    });
    if (pass) await ok({ method: 'POST', url: `/api/company_audit/pass/${created.id}` });
    return created.id as number;
  };
  const user = async (type: string) => {
    n++;
    const [row] = await t.db
      .insert(users)
      .values({ account: `buyer${n}`, type } as never)
      .returning({ id: users.id });
    return row!.id as number;
  };
  const product = async (companyId: number) => {
    const [row] = await t.db
      .insert(products)
      .values({ name: `Product ${++n}`, companyId, kind: 'device' } as never)
      .returning({ id: products.id });
    return row!.id as number;
  };
  const consultsOf = async (companyId: number) =>
    (await t.db.select({ c: count() }).from(consults).where(eq(consults.companyId, companyId)))[0]!.c;
  const body = (companyId: number, patch: Record<string, unknown> = {}) => ({
    userId: buyer,
    companyId,
    content: 'Please quote 200 units.',
    ...patch,
  });

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await login(t.app);
    ok = okClient(client(t.app, admin));
    key = (await issueApiKey(t.app, { scopes: ['consults:write', 'consults:read'], token: admin })).key;
    buyer = await user('buyer');
    staffUser = await user('admin');
  });
  afterAll(() => t.close());

  it('stores the consult as text, about the product, and counts it on the company', async () => {
    const id = await company({ enableConsult: true, consultLimit: 10 });
    const productId = await product(id);
    const content = '<script>alert(1)</script> 请报价';
    const res = await openCall(
      t.app,
      key,
      'POST',
      '/consults',
      body(id, { productId, content, ip: '203.0.113.7' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toMatchObject({
      companyId: id,
      productId,
      type: 'product',
      content,
      isFeedback: false,
    });
    const read = await ok({ method: 'GET', url: `/api/consult/${res.json().content.id}` });
    expect(read).toMatchObject({ content, ip: '203.0.113.7', userId: buyer });
    expect((await ok({ method: 'GET', url: `/api/company/${id}` })).consultNum).toBe(1);
  });

  it('refuses bad references naming the field, in both languages, and writes nothing', async () => {
    const open = await company({ enableConsult: true });
    const other = await company({ enableConsult: true });
    const closed = await company({ enableConsult: true }, false);
    const off = await company({ enableConsult: false });
    const foreign = await product(other);
    const cases: [Record<string, unknown>, string][] = [
      [body(open, { userId: 999999 }), 'userId'],
      [body(open, { userId: staffUser }), 'userId'],
      [body(999999), 'companyId'],
      [body(closed), 'companyId'],
      [body(off), 'companyId'],
      [body(open, { productId: foreign }), 'productId'],
      [body(open, { content: 'x'.repeat(2001) }), 'content'],
      [body(open, { content: '' }), 'content'],
      [body(open, { email: 'not mail' }), 'email'],
      [body(open, { ip: 'not an address' }), 'ip'],
      [{ companyId: open, content: 'hi' }, 'userId'],
    ];
    for (const [payload, field] of cases) {
      const res = await openCall(t.app, key, 'POST', '/consults', payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(JSON.stringify(res.json()), field).toContain(field);
    }
    const zh = await openCall(t.app, key, 'POST', '/consults', body(off), { lang: 'zh' });
    expect(zh.body).toContain('未开通咨询');
    for (const id of [open, closed, off]) expect(await consultsOf(id)).toBe(0);
  });

  it('never lets parallel consults pass the monthly consultLimit', async () => {
    const id = await company({ enableConsult: true, consultLimit: 3 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => openCall(t.app, key, 'POST', '/consults', body(id))),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(429);
      expect(a.json().message).toBe('the current limit is exceeded');
    }
    expect(await consultsOf(id)).toBe(3);
    expect((await ok({ method: 'GET', url: `/api/company/${id}` })).consultNum).toBe(3);
  });

  it('writes once for a retried request with the same idempotency key', async () => {
    const id = await company({ enableConsult: true });
    const options = { idempotencyKey: `retry-${id}` };
    const first = await openCall(t.app, key, 'POST', '/consults', body(id), options);
    const again = await openCall(t.app, key, 'POST', '/consults', body(id), options);
    expect(first.statusCode).toBe(200);
    expect(again.json().content).toEqual(first.json().content);
    expect(await consultsOf(id)).toBe(1);
    const rows = await t.db
      .select()
      .from(consults)
      .where(and(eq(consults.companyId, id)));
    expect(rows).toHaveLength(1);
  });

  it('answers a buyer its own consults with their replies, and the thread to that buyer only', async () => {
    const id = await company({ enableConsult: true });
    const other = await user('buyer');
    const mine = (await openCall(t.app, key, 'POST', '/consults', body(id))).json().content.id as number;
    await openCall(t.app, key, 'POST', '/consults', body(id, { userId: other }));
    await ok({ method: 'POST', url: `/api/consult/reply/${mine}`, body: { content: 'Our price: 12 USD' } });
    const listed = await openCall(t.app, key, 'GET', `/consults?userId=${buyer}&size=50`);
    expect(listed.statusCode, listed.body).toBe(200);
    const found = listed.json().content.list.find((c: { id: number }) => c.id === mine);
    expect(found).toMatchObject({
      isFeedback: true,
      replies: [{ content: 'Our price: 12 USD', authorKind: 'staff' }],
    });
    const theirs = await openCall(t.app, key, 'GET', `/consults?userId=${other}`);
    expect(theirs.json().content.list.map((c: { id: number }) => c.id)).not.toContain(mine);
    const refused = await openCall(t.app, key, 'POST', `/consults/${mine}/replies/read`, { userId: other });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('userId');
    expect(
      (await t.db.select().from(consultReply).where(eq(consultReply.consultId, mine)))[0]!.readAt,
    ).toBeNull();
    const read = await openCall(t.app, key, 'POST', `/consults/${mine}/replies/read`, { userId: buyer });
    expect(read.json().content).toMatchObject({
      consultId: mine,
      replies: [{ content: 'Our price: 12 USD' }],
    });
    expect(
      (await t.db.select().from(consultReply).where(eq(consultReply.consultId, mine)))[0]!.readAt,
    ).not.toBeNull();
    expect(
      (await openCall(t.app, key, 'POST', '/consults/999999/replies/read', { userId: buyer })).statusCode,
    ).toBe(404);
  });

  it('lists each consult with its own replies, oldest first, whatever else the page holds', async () => {
    const id = await company({ enableConsult: true });
    const asked = await user('buyer');
    const post = async () =>
      (await openCall(t.app, key, 'POST', '/consults', body(id, { userId: asked }))).json().content
        .id as number;
    const [first, second, unanswered] = [await post(), await post(), await post()];
    for (const [consult, content] of [
      [first, 'First: 10 USD'],
      [second, 'Second: 20 USD'],
      [first, 'First again: 9 USD'],
    ] as const)
      await ok({ method: 'POST', url: `/api/consult/reply/${consult}`, body: { content } });
    const listed = await openCall(t.app, key, 'GET', `/consults?userId=${asked}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const threads = Object.fromEntries(
      listed
        .json()
        .content.list.map((c: { id: number; replies: { content: string }[] }) => [
          c.id,
          c.replies.map((r) => r.content),
        ]),
    );
    expect(threads).toEqual({
      [first]: ['First: 10 USD', 'First again: 9 USD'],
      [second]: ['Second: 20 USD'],
      [unanswered]: [],
    });
  });

  it('needs the consults:write scope', async () => {
    const other = await issueApiKey(t.app, { scopes: ['consults:read'] });
    const res = await openCall(t.app, other.key, 'POST', '/consults', body(1));
    expect(res.statusCode).toBe(403);
  });
});
