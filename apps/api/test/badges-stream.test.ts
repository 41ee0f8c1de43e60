import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTables } from '../src/db/schema/entities';
import { supplierCompanyBody } from './access-fixtures';
import { client, okClient } from './engine/setup';
import { createTestApp, login, type TestApp } from './helpers';
import { issueApiKey, openCall } from './open-helpers';
import { openBadgeStream } from './sse-client';

// GET /api/badges/stream on a real socket (127.0.0.1): the counts at once, again when a buyer's message arrives
// or a conversation is read, only the company's own for a supplier; the stream ends when the session is logged
// out and when the server closes. No console session, no stream.

describe('the badge stream', () => {
  let t: TestApp;
  let admin: string;
  let base: string;
  let key: string;
  let buyer: number;
  let ok: ReturnType<typeof okClient>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    ok = okClient(client(t.app, admin));
    key = (await issueApiKey(t.app, { scopes: ['chat:write'], token: admin })).key;
    const users = entityTables.user_manager!;
    const [row] = await t.db
      .insert(users)
      .values({ account: 'stream-buyer', type: 'buyer' } as never)
      .returning({ id: users.id });
    buyer = row!.id as number;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const supplier = async (account: string) => {
    const c = await ok({
      method: 'POST',
      url: '/api/company',
      body: supplierCompanyBody(account, 'Secret12345'),
    });
    await ok({ method: 'POST', url: `/api/company_audit/pass/${c.id}` });
    return { companyId: c.id as number, token: await login(t.app, account, 'Secret12345') };
  };
  const post = (companyId: number) =>
    openCall(t.app, key, 'POST', '/chat/messages', { userId: buyer, companyId, content: 'Hello' });

  it('sends the counts at once and again when a message arrives or a conversation is read', async () => {
    const mine = await supplier('streamer1');
    const other = await supplier('streamer2');
    const staff = openBadgeStream(base, admin);
    const company = openBadgeStream(base, mine.token);
    const [first] = await staff.until(1);
    const [own] = await company.until(1);
    expect(staff.status()).toBe(200);
    expect(first).toMatchObject({ event: 'badges', data: { chatUnread: 0, consultsUnreplied: 0 } });
    expect(own).toMatchObject({ event: 'badges', data: { chatUnread: 0, chatUnreplied: 0 } });
    const posted = await post(mine.companyId);
    expect(posted.statusCode, posted.body).toBe(200);
    expect((await staff.until(2))[1]).toMatchObject({ data: { chatUnread: 1 } });
    expect((await company.until(2))[1]).toMatchObject({ data: { chatUnread: 1, chatUnreplied: 1 } });
    // another company's message moves the organiser's badge only
    await post(other.companyId);
    expect((await staff.until(3))[2]).toMatchObject({ data: { chatUnread: 2 } });
    const id = posted.json().content.conversationId;
    await ok({ method: 'POST', url: `/api/site_chat_conversation/markRead/${id}`, body: {} });
    expect((await staff.until(4))[3]).toMatchObject({ data: { chatUnread: 1 } });
    expect(company.events).toHaveLength(2);
    staff.close();
    company.close();
  });

  it('ends the stream at logout and when the server closes; refuses a caller without a session', async () => {
    const anonymous = openBadgeStream(base, null);
    expect(await anonymous.until(1)).toEqual([]);
    expect(anonymous.ended()).toBe(true);
    const token = await login(t.app);
    const leaving = openBadgeStream(base, token);
    await leaving.until(1);
    await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { 'x-token': token } });
    const staying = openBadgeStream(base, admin);
    await staying.until(1);
    await post((await supplier('streamer3')).companyId);
    const events = await leaving.until(2);
    expect(events.at(-1)?.event).toBe('end');
    expect(leaving.ended()).toBe(true);
    expect((await staying.until(2))[1]?.event).toBe('badges');
    await t.app.close();
    expect((await staying.until(3))[2]?.event).toBe('end');
    expect(staying.ended()).toBe(true);
  });
});
