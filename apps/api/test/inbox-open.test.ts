import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxMessage } from '../src/db/schema';
import { entityTables } from '../src/db/schema/entities';
import { client, okClient } from './engine/setup';
import { createTestApp, login, type TestApp } from './helpers';
import { issueApiKey, openCall } from './open-helpers';

// The inbox through the marketplace API: a user's letters newest first, paged, with the unread count (scope
// letters:read); marking one read (scope letters:write, idempotent retries), which raises the letter's read
// count once; another user's row cannot be marked; bad queries and bodies are 400s naming the field.

describe('the inbox through the marketplace API', () => {
  let t: TestApp;
  let ok: ReturnType<typeof okClient>;
  let readKey: string;
  let writeKey: string;
  let n = 0;
  let anna: number;
  let ben: number;
  const letters: number[] = [];
  const users = entityTables.user_manager!;

  const user = async () => {
    const [row] = await t.db
      .insert(users)
      .values({ account: `inbox${++n}`, type: 'buyer' } as never)
      .returning({ id: users.id });
    return row!.id as number;
  };
  const rowOf = async (letterId: number, userId: number) =>
    (await t.db.select().from(inboxMessage).where(eq(inboxMessage.letterId, letterId))).find(
      (r) => r.userId === userId,
    )!;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await login(t.app);
    ok = okClient(client(t.app, admin));
    readKey = (await issueApiKey(t.app, { scopes: ['letters:read'], token: admin })).key;
    writeKey = (await issueApiKey(t.app, { scopes: ['letters:write'], token: admin })).key;
    anna = await user();
    ben = await user();
    for (const title of ['First', 'Second', 'Third']) {
      const l = await ok({
        method: 'POST',
        url: '/api/site_message',
        body: { title, content: '<p>Hi</p>', targetType: 'users', userIds: [anna, ben] },
      });
      await ok({ method: 'POST', url: `/api/site_message/send/${l.id}` });
      letters.push(l.id);
    }
  });
  afterAll(() => t.close());

  it('lists a user’s inbox newest first, paged, with the unread count', async () => {
    const res = await openCall(t.app, readKey, 'GET', `/inbox?userId=${anna}&size=2`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().content;
    expect(page).toMatchObject({ total: 3, unread: 3 });
    expect(page.list.map((r: { title: string }) => r.title)).toEqual(['Third', 'Second']);
    expect(page.list[0]).toMatchObject({
      kind: 'letter',
      letterId: letters[2],
      content: '<p>Hi</p>',
      readAt: null,
    });
    const next = (await openCall(t.app, readKey, 'GET', `/inbox?userId=${anna}&size=2&page=2`)).json()
      .content;
    expect(next.list.map((r: { title: string }) => r.title)).toEqual(['First']);
  });

  it('needs the scope of each route', async () => {
    expect((await openCall(t.app, writeKey, 'GET', `/inbox?userId=${anna}`)).statusCode).toBe(403);
    const row = await rowOf(letters[0]!, anna);
    expect(
      (await openCall(t.app, readKey, 'POST', `/inbox/${row.id}/read`, { userId: anna })).statusCode,
    ).toBe(403);
    expect((await openCall(t.app, null, 'GET', `/inbox?userId=${anna}`)).statusCode).toBe(401);
  });

  it('marks a letter read once, counting one read, and answers a retry exactly as the first time', async () => {
    const row = await rowOf(letters[0]!, anna);
    const first = await openCall(
      t.app,
      writeKey,
      'POST',
      `/inbox/${row.id}/read`,
      { userId: anna },
      {
        idempotencyKey: 'read-1',
      },
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().content).toMatchObject({ unread: 2, item: { id: row.id } });
    expect(first.json().content.item.readAt).toBeTruthy();
    const retry = await openCall(
      t.app,
      writeKey,
      'POST',
      `/inbox/${row.id}/read`,
      { userId: anna },
      {
        idempotencyKey: 'read-1',
      },
    );
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe(first.body);
    // read again under a new key: still read, not counted twice
    const again = await openCall(t.app, writeKey, 'POST', `/inbox/${row.id}/read`, { userId: anna });
    expect(again.json().content.item.readAt).toBe(first.json().content.item.readAt);
    const letter = await ok({ method: 'GET', url: `/api/site_message/${letters[0]}` });
    expect(letter).toMatchObject({ readCount: 1, deliveryCount: 2 });
    const unread = (await openCall(t.app, readKey, 'GET', `/inbox?userId=${anna}&unread=true`)).json()
      .content;
    expect(unread.total).toBe(2);
  });

  it('never marks another user’s row', async () => {
    const bens = await rowOf(letters[1]!, ben);
    const res = await openCall(t.app, writeKey, 'POST', `/inbox/${bens.id}/read`, { userId: anna });
    expect(res.statusCode).toBe(404);
    expect((await rowOf(letters[1]!, ben)).readAt).toBeNull();
    expect((await ok({ method: 'GET', url: `/api/site_message/${letters[1]}` })).readCount).toBe(0);
  });

  it('answers bad queries and bodies with 400 naming the field, never 5xx', async () => {
    const row = await rowOf(letters[2]!, anna);
    for (const query of [
      '',
      `userId=${anna}&companyId=1`,
      'userId=abc',
      `userId=${anna}&size=500`,
      `userId=${anna}&unread=maybe`,
    ]) {
      const res = await openCall(t.app, readKey, 'GET', `/inbox?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    for (const [body, field] of [
      [{}, 'userId'],
      [{ userId: 'x' }, 'userId'],
      [{ userId: anna, companyId: 3 }, 'userId'],
      [{ companyId: -1 }, 'companyId'],
    ] as const) {
      const res = await openCall(t.app, writeKey, 'POST', `/inbox/${row.id}/read`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(field);
    }
    const notNumber = await openCall(t.app, writeKey, 'POST', '/inbox/abc/read', { userId: anna });
    expect(notNumber.statusCode).toBe(400);
    expect((await rowOf(letters[2]!, anna)).readAt).toBeNull();
  });
});
