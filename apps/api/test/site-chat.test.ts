import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTables } from '../src/db/schema/entities';
import { createAccount, supplierCompanyBody } from './access-fixtures';
import { client, okClient } from './engine/setup';
import { createTestApp, login, type TestApp, uploadFile } from './helpers';
import { issueApiKey, openCall } from './open-helpers';

// The site chat: buyers' messages from the marketplace grouped into conversations (buyer, company, subject), read
// state per reader (staff and the company each), replies with JPG/PNG images, moderation that hides and never
// deletes, a supplier confined to its own company's conversations on every route, and the badge counts.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const MP4 = Buffer.concat([Buffer.from('0000001866747970', 'hex'), Buffer.alloc(200, 1)]);

type Conversation = Record<string, unknown> & { id: number; version: number };

describe('site chat', () => {
  let t: TestApp;
  let admin: string;
  let ok: ReturnType<typeof okClient>;
  let key: string;
  let buyer: number;
  let n = 0;
  const users = entityTables.user_manager!;
  const messages = entityTables.site_chat_message!;
  const products = entityTables.product!;

  const supplier = async () => {
    n++;
    const account = `chatter${n}`;
    const c = await ok({
      method: 'POST',
      url: '/api/company',
      body: supplierCompanyBody(account, 'Secret12345'),
    });
    await ok({ method: 'POST', url: `/api/company_audit/pass/${c.id}` });
    return { companyId: c.id as number, token: await login(t.app, account, 'Secret12345') };
  };
  const post = (
    body: Record<string, unknown>,
    options: { idempotencyKey?: string; lang?: 'en' | 'zh' } = {},
  ) => openCall(t.app, key, 'POST', '/chat/messages', { userId: buyer, content: 'Hello', ...body }, options);
  const call = (method: 'GET' | 'POST', url: string, token = admin, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { 'x-token': token },
      ...(payload === undefined ? {} : { payload: payload as never }),
    });
  const conversation = async (id: number, token = admin) =>
    (await call('GET', `/api/site_chat_conversation/${id}`, token)).json().content as Conversation;
  const messagesOf = async (conversationId: number) =>
    t.db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(messages.id);
  const badges = async (token: string) => (await call('GET', '/api/badges', token)).json().content;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    ok = okClient(client(t.app, admin));
    key = (await issueApiKey(t.app, { scopes: ['chat:read', 'chat:write'], token: admin })).key;
    const [row] = await t.db
      .insert(users)
      .values({ account: 'chat-buyer', type: 'buyer', nickname: 'Anna' } as never)
      .returning({ id: users.id });
    buyer = row!.id as number;
  });
  afterAll(() => t.close());

  it('groups a buyer’s messages by company and subject, newest conversation state in the list', async () => {
    const s = await supplier();
    const [p] = await t.db
      .insert(products)
      .values({ name: 'Valve', companyId: s.companyId, kind: 'device' } as never)
      .returning({ id: products.id });
    const first = await post({ companyId: s.companyId, content: 'About your company' });
    expect(first.statusCode, first.body).toBe(200);
    const second = await post({ companyId: s.companyId, content: 'Still there?' });
    const aboutProduct = await post({
      companyId: s.companyId,
      source: 'product',
      subjectId: p!.id,
      content: 'Price of the valve?',
    });
    const a = first.json().content.conversationId;
    expect(second.json().content.conversationId).toBe(a);
    expect(aboutProduct.json().content.conversationId).not.toBe(a);
    expect(await conversation(a)).toMatchObject({
      messageCount: 2,
      lastMessage: 'Still there?',
      lastSender: 'buyer',
      readedByStaff: false,
      readedByCompany: false,
      replied: false,
      companyName: `chatter${n} Co., Ltd.`,
      userRealname: 'Anna',
    });
    const list = await ok({
      method: 'GET',
      url: `/api/site_chat_conversation/list?companyId=${s.companyId}&replied=false`,
    });
    expect(list.list.map((r: Conversation) => r.id).sort()).toEqual(
      [a, aboutProduct.json().content.conversationId].sort(),
    );
  });

  it('lists a buyer’s conversations to the marketplace, the latest first, and only that buyer’s', async () => {
    const s = await supplier();
    const [other] = await t.db
      .insert(users)
      .values({ account: `chat-other-${Date.now()}`, type: 'buyer' } as never)
      .returning({ id: users.id });
    const older = (await post({ companyId: s.companyId, content: 'First conversation' })).json().content
      .conversationId;
    const s2 = await supplier();
    const newer = (await post({ companyId: s2.companyId, content: 'Second conversation' })).json().content
      .conversationId;
    await post({ companyId: s2.companyId, content: 'Not Anna', userId: other!.id });
    const res = await openCall(t.app, key, 'GET', `/chat/conversations?userId=${buyer}&size=100`);
    expect(res.statusCode, res.body).toBe(200);
    const { total, list } = res.json().content;
    const ids = list.map((c: { id: number }) => c.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(ids.indexOf(older)).toBeGreaterThanOrEqual(0);
    expect(total).toBe(list.length);
    expect(list.find((c: { id: number }) => c.id === newer)).toMatchObject({
      companyId: s2.companyId,
      companyName: `chatter${n} Co., Ltd.`,
      lastMessage: 'Second conversation',
      lastSender: 'buyer',
      messageCount: 1,
    });
    const theirs = await openCall(t.app, key, 'GET', `/chat/conversations?userId=${other!.id}`);
    expect(theirs.json().content).toMatchObject({ total: 1, list: [{ lastMessage: 'Not Anna' }] });
    // a user that is not a marketplace user, and a malformed query, are refused naming the parameter
    for (const query of ['userId=999999', 'userId=abc', 'userId=1&size=500', '']) {
      const refused = await openCall(t.app, key, 'GET', `/chat/conversations?${query}`);
      expect(refused.statusCode, query).toBe(400);
    }
  });

  it('starts one conversation for a buyer, company and subject, also under concurrent first messages', async () => {
    const s = await supplier();
    const answers = await Promise.all(
      [1, 2, 3, 4].map((i) => post({ companyId: s.companyId, content: `#${i}` })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const ids = new Set(answers.map((a) => a.json().content.conversationId));
    expect(ids.size).toBe(1);
    expect(await conversation([...ids][0])).toMatchObject({ messageCount: 4 });
  });

  it('keeps the read state per reader: the company’s and the organiser’s', async () => {
    const s = await supplier();
    const id = (await post({ companyId: s.companyId })).json().content.conversationId;
    expect(await badges(s.token)).toMatchObject({ chatUnread: 1, chatUnreplied: 1 });
    const staffBefore = (await badges(admin)).chatUnread as number;
    const read = await call('POST', `/api/site_chat_conversation/markRead/${id}`, s.token, {});
    expect(read.statusCode, read.body).toBe(200);
    expect(await conversation(id)).toMatchObject({ readedByCompany: true, readedByStaff: false });
    expect((await messagesOf(id)).map((m) => m.readed)).toEqual([true]);
    expect(await badges(s.token)).toMatchObject({ chatUnread: 0, chatUnreplied: 1 });
    expect((await badges(admin)).chatUnread).toBe(staffBefore);
    await ok({ method: 'POST', url: `/api/site_chat_conversation/markRead/${id}`, body: {} });
    expect(await conversation(id)).toMatchObject({ readedByCompany: true, readedByStaff: true });
    expect((await badges(admin)).chatUnread).toBe(staffBefore - 1);
    // a new message from the buyer is unread again for both
    await post({ companyId: s.companyId, content: 'One more thing' });
    expect(await conversation(id)).toMatchObject({ readedByCompany: false, readedByStaff: false });
  });

  it('answers with text and JPG/PNG images, refuses any other file naming the field, keeps a script as text', async () => {
    const s = await supplier();
    const id = (await post({ companyId: s.companyId })).json().content.conversationId;
    const image = await uploadFile(
      t.app,
      s.token,
      { filename: 'a.png', type: 'image/png', data: PNG },
      'image',
    );
    const video = await uploadFile(
      t.app,
      s.token,
      { filename: 'c.mp4', type: 'video/mp4', data: MP4 },
      'video',
    );
    const content = '<script>alert(1)</script> 12 USD';
    const refused = await call('POST', `/api/site_chat_conversation/reply/${id}`, s.token, {
      content,
      attachments: [video],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().content.errors.map((e: { path: string }) => e.path)).toEqual(['attachments']);
    const empty = await call('POST', `/api/site_chat_conversation/reply/${id}`, s.token, { content: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().content.errors.map((e: { path: string }) => e.path)).toEqual(['content']);
    expect(await messagesOf(id)).toHaveLength(1);
    const answered = await call('POST', `/api/site_chat_conversation/reply/${id}`, s.token, {
      content,
      attachments: [image],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const rows = await messagesOf(id);
    expect(rows.map((m) => [m.sender, m.content, m.attachments, m.replied])).toEqual([
      ['buyer', 'Hello', [], true],
      ['company', content, [image], false],
    ]);
    expect(await conversation(id)).toMatchObject({
      replied: true,
      lastSender: 'company',
      readedByCompany: true,
      messageCount: 2,
    });
    await ok({
      method: 'POST',
      url: `/api/site_chat_conversation/reply/${id}`,
      body: { content: '平台补充' },
    });
    expect(await conversation(id)).toMatchObject({
      lastSender: 'staff',
      readedByStaff: true,
      readedByCompany: false,
    });
    // the marketplace reads the thread as stored (text, never HTML)
    const thread = await openCall(t.app, key, 'GET', `/chat/conversations/${id}/messages?userId=${buyer}`);
    expect(thread.json().content.list.map((m: { content: string }) => m.content)).toEqual([
      'Hello',
      content,
      '平台补充',
    ]);
  });

  it('hides a message as moderation with a reason, in its history, never deleted, out of the marketplace read', async () => {
    const s = await supplier();
    const id = (await post({ companyId: s.companyId, content: 'Call me on +1 555 0100' })).json().content
      .conversationId;
    await post({ companyId: s.companyId, content: 'Second' });
    const [target] = await messagesOf(id);
    const noReason = await call('POST', `/api/site_chat_message/hide/${target!.id}`, admin, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().content.errors.map((e: { path: string }) => e.path)).toEqual(['reason']);
    // a supplier may not moderate, not even its own company's messages
    const bySupplier = await call('POST', `/api/site_chat_message/hide/${target!.id}`, s.token, {
      reason: 'mine',
    });
    expect(bySupplier.statusCode).toBe(403);
    const hidden = await ok({
      method: 'POST',
      url: `/api/site_chat_message/hide/${target!.id}`,
      body: { reason: 'Contact details outside the platform' },
    });
    expect(hidden).toMatchObject({ hidden: true, hiddenReason: 'Contact details outside the platform' });
    const again = await call('POST', `/api/site_chat_message/hide/${target!.id}`, admin, { reason: 'x' });
    expect(again.statusCode).toBe(409);
    const history = await ok({ method: 'GET', url: `/api/site_chat_message/${target!.id}/history` });
    expect(JSON.stringify(history)).toContain('Contact details outside the platform');
    expect(await messagesOf(id)).toHaveLength(2);
    for (const [method, url] of [
      ['DELETE', `/api/site_chat_message/${target!.id}`],
      ['PUT', `/api/site_chat_message/${target!.id}`],
      ['DELETE', `/api/site_chat_conversation/${id}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { 'x-token': admin }, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const thread = await openCall(t.app, key, 'GET', `/chat/conversations/${id}/messages?userId=${buyer}`);
    expect(thread.json().content).toMatchObject({ total: 1, list: [{ content: 'Second' }] });
    // nor does the supplier's console: not in the conversation's messages, not by id
    const supplierList = await call(
      'GET',
      `/api/site_chat_message/list?conversationId=${id}&size=50`,
      s.token,
    );
    expect(supplierList.json().content.list.map((m: { content: string }) => m.content)).toEqual(['Second']);
    const byId = await call('GET', `/api/site_chat_message/${target!.id}`, s.token);
    expect(byId.statusCode).toBe(404);
    const bySupplierHistory = await call('GET', `/api/site_chat_message/${target!.id}/history`, s.token);
    expect(bySupplierHistory.statusCode).toBe(404);
  });

  it('takes a hidden last message out of the conversation’s summary', async () => {
    const s = await supplier();
    const id = (await post({ companyId: s.companyId, content: 'First question' })).json().content
      .conversationId;
    await post({ companyId: s.companyId, content: 'Second question' });
    await post({ companyId: s.companyId, content: 'Add me on another app' });
    const hide = (messageId: number) =>
      ok({
        method: 'POST',
        url: `/api/site_chat_message/hide/${messageId}`,
        body: { reason: 'Off platform' },
      });
    const [first, , last] = await messagesOf(id);
    await hide(last!.id);
    const seen = await call('GET', `/api/site_chat_conversation/${id}`, s.token);
    expect(seen.json().content.lastMessage).toBe('Second question');
    // hiding an earlier message leaves the summary as it is
    await hide(first!.id);
    const after = await ok({ method: 'GET', url: `/api/site_chat_conversation/${id}` });
    expect(after.lastMessage).toBe('Second question');
  });

  it('confines a supplier to its own company’s conversations on every route', async () => {
    const mine = await supplier();
    const other = await supplier();
    const own = (await post({ companyId: mine.companyId })).json().content.conversationId;
    const theirs = (await post({ companyId: other.companyId, content: 'Secret deal' })).json().content
      .conversationId;
    const [theirMessage] = await messagesOf(theirs);
    const list = await call('GET', '/api/site_chat_conversation/list?size=50', mine.token);
    expect(list.json().content.list.map((r: Conversation) => r.id)).toEqual([own]);
    const msgList = await call('GET', `/api/site_chat_message/list?conversationId=${theirs}`, mine.token);
    expect(msgList.json().content.list).toEqual([]);
    for (const [method, url, payload] of [
      ['GET', `/api/site_chat_conversation/${theirs}`, undefined],
      ['GET', `/api/site_chat_conversation/${theirs}/history`, undefined],
      ['POST', `/api/site_chat_conversation/reply/${theirs}`, { content: 'hi' }],
      ['POST', `/api/site_chat_conversation/markRead/${theirs}`, {}],
      ['GET', `/api/site_chat_message/${theirMessage!.id}`, undefined],
    ] as const) {
      const res = await call(method, url, mine.token, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await conversation(theirs)).toMatchObject({ messageCount: 1, readedByCompany: false });
    expect(await badges(mine.token)).toMatchObject({ chatUnread: 1, chatUnreplied: 1, consultsUnreplied: 0 });
    expect(await badges(other.token)).toMatchObject({ chatUnread: 1 });
  });

  it('gives no badge for a list the person may not open', async () => {
    await createAccount(t.db, 'nobody', 'Secret12345', []);
    const token = await login(t.app, 'nobody', 'Secret12345');
    expect(await badges(token)).toEqual({ consultsUnreplied: null, chatUnread: null, chatUnreplied: null });
    expect((await call('GET', '/api/site_chat_conversation/list', token)).statusCode).toBe(403);
  });

  it('takes buyers’ messages from the marketplace: scope, idempotent retry, per-field refusals', async () => {
    const s = await supplier();
    const idem = 'chat-retry-1';
    const first = await post({ companyId: s.companyId, content: 'Once' }, { idempotencyKey: idem });
    const retry = await post({ companyId: s.companyId, content: 'Once' }, { idempotencyKey: idem });
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe(first.body);
    const id = first.json().content.conversationId;
    expect(await messagesOf(id)).toHaveLength(1);
    const bad = await openCall(t.app, key, 'POST', '/chat/messages', {
      userId: 2_000_000_000,
      companyId: 2_000_000_000,
      source: 'product',
      content: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .content.errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['companyId', 'subjectId', 'userId']);
    const zh = await post({ companyId: 2_000_000_000 }, { lang: 'zh' });
    expect(zh.json().content.errors[0].message).toContain('企业');
    const malformed = await openCall(t.app, key, 'POST', '/chat/messages', { userId: 'x', content: 5 });
    expect(malformed.statusCode).toBe(400);
    const readOnlyKey = (await issueApiKey(t.app, { scopes: ['chat:read'], token: admin })).key;
    const noScope = await openCall(t.app, readOnlyKey, 'POST', '/chat/messages', {
      userId: buyer,
      companyId: s.companyId,
      content: 'x',
    });
    expect(noScope.statusCode).toBe(403);
    const writeOnlyKey = (await issueApiKey(t.app, { scopes: ['chat:write'], token: admin })).key;
    const noRead = await openCall(
      t.app,
      writeOnlyKey,
      'GET',
      `/chat/conversations/${id}/messages?userId=${buyer}`,
    );
    expect(noRead.statusCode).toBe(403);
    const otherBuyer = await openCall(
      t.app,
      key,
      'GET',
      `/chat/conversations/${id}/messages?userId=${buyer + 1}`,
    );
    expect(otherBuyer.statusCode).toBe(400);
    expect(otherBuyer.json().content.errors[0].path).toBe('userId');
    const missing = await openCall(
      t.app,
      key,
      'GET',
      `/chat/conversations/2000000000/messages?userId=${buyer}`,
    );
    expect(missing.statusCode).toBe(404);
    const stored = await t.db
      .select({ c: count() })
      .from(messages)
      .where(and(eq(messages.companyId, s.companyId)));
    expect(stored[0]!.c).toBe(1);
  });
});
