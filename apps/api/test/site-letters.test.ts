import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxMessage, siteMessage } from '../src/db/schema';
import { entityTables } from '../src/db/schema/entities';
import type { Extensions } from '../src/extensions';
import { sendScheduledLetters } from '../src/modules/letters';
import { seedLetterDemo } from '../src/modules/letters/demo';
import { quotaUsage } from '../src/quota/quota';
import { supplierCompanyBody } from './access-fixtures';
import { client, okClient } from './engine/setup';
import { createTestApp, login, type TestApp } from './helpers';

// Site letters: who a letter reaches (all users, a user type, chosen users or companies, a supplier's own
// buyers), one inbox delivery per recipient when it is sent, scheduled sending by the job under a moved clock
// (once, even with two runs at the same time), the supplier's monthly siteLetterLimit (exact at the boundary
// and under concurrency), the supplier's scope on every route, and rich text stored sanitised.

const HOUR = 3_600_000;

describe('site letters', () => {
  let t: TestApp;
  let admin: string;
  let ok: ReturnType<typeof okClient>;
  let n = 0;
  const users = entityTables.user_manager!;

  const user = async (type: string, status = 'enabled') => {
    const [row] = await t.db
      .insert(users)
      .values({ account: `reader${++n}`, type, status } as never)
      .returning({ id: users.id });
    return row!.id as number;
  };
  const supplier = async (limit: number | null) => {
    const account = `lettersup${++n}`;
    const c = await ok({
      method: 'POST',
      url: '/api/company',
      body: { ...supplierCompanyBody(account, 'Secret12345'), siteLetterLimit: limit },
    });
    return { companyId: c.id as number, token: await login(t.app, account, 'Secret12345') };
  };
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    token = admin,
    lang = 'en',
  ) =>
    t.app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as never }),
      headers: { 'x-token': token, 'accept-language': lang === 'zh' ? 'zh-CN' : 'en-US' },
    });
  const letter = async (body: Record<string, unknown>, token = admin) => {
    const res = await call(
      'POST',
      '/api/site_message',
      { title: `Letter ${++n}`, content: '<p>Hello</p>', ...body },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().content as Record<string, unknown> & { id: number };
  };
  const recipients = async (letterId: number) =>
    (await t.db.select().from(inboxMessage).where(eq(inboxMessage.letterId, letterId)))
      .map((r) => r.userId ?? -(r.companyId ?? 0))
      .sort((a, b) => a - b);
  const marketUsers = async () =>
    (
      await t.db
        .select({ id: users.id, type: users.type, status: users.status })
        .from(users)
        .where(isNull(users.deletedAt))
    ).filter((u) => (u.type === 'buyer' || u.type === 'trader') && u.status === 'enabled');

  let ext: Extensions;
  const on = () => ({ engine: ext.engine, extensions: ext });

  beforeAll(async () => {
    t = await createTestApp({
      extraModules: [
        {
          name: 'letters-probe',
          register: (registry) => {
            ext = registry;
          },
        },
      ],
    });
    admin = await login(t.app);
    ok = okClient(client(t.app, admin));
  });
  afterAll(() => t.close());

  it('sends a letter to every enabled marketplace user, once each, and counts the deliveries', async () => {
    const buyer = await user('buyer');
    const trader = await user('trader');
    const disabled = await user('buyer', 'disabled');
    const staff = await user('admin');
    const l = await letter({ targetType: 'all' });
    expect(l.status).toBe('draft');
    const sent = await call('POST', `/api/site_message/send/${l.id}`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const expected = (await marketUsers()).map((u) => u.id).sort((a, b) => a - b);
    const got = await recipients(l.id);
    expect(got).toEqual(expected);
    expect(got).toContain(buyer);
    expect(got).toContain(trader);
    expect(got).not.toContain(disabled);
    expect(got).not.toContain(staff);
    expect(sent.json().content).toMatchObject({
      status: 'sent',
      deliveryCount: expected.length,
      readCount: 0,
    });
    expect(sent.json().content.sentAt).toBeTruthy();
    // sending again is not a transition: nothing more is delivered
    expect((await call('POST', `/api/site_message/send/${l.id}`, {})).statusCode).toBe(409);
    expect(await recipients(l.id)).toEqual(expected);
  });

  it('reaches exactly a user type, chosen users, or chosen companies', async () => {
    const buyer = await user('buyer');
    const trader = await user('trader');
    const staff = await user('admin');
    const byType = await letter({ targetType: 'userType', userType: 'trader' });
    await ok({ method: 'POST', url: `/api/site_message/send/${byType.id}` });
    const traders = (await marketUsers()).filter((u) => u.type === 'trader').map((u) => u.id);
    expect(await recipients(byType.id)).toEqual(traders.sort((a, b) => a - b));
    expect(traders).toContain(trader);

    const chosen = await letter({ targetType: 'users', userIds: [buyer, staff] });
    await ok({ method: 'POST', url: `/api/site_message/send/${chosen.id}` });
    // a staff account is not a marketplace user: it has no inbox
    expect(await recipients(chosen.id)).toEqual([buyer]);

    const s1 = await supplier(null);
    const s2 = await supplier(null);
    const toCompanies = await letter({ targetType: 'companies', companyIds: [s1.companyId, s2.companyId] });
    const sent = await ok({ method: 'POST', url: `/api/site_message/send/${toCompanies.id}` });
    expect(await recipients(toCompanies.id)).toEqual([-s2.companyId, -s1.companyId]);
    expect(sent.deliveryCount).toBe(2);
  });

  it('refuses a target without its recipients, and "our buyers" from staff, naming the field', async () => {
    for (const [body, field] of [
      [{ targetType: 'users' }, 'userIds'],
      [{ targetType: 'companies', companyIds: [] }, 'companyIds'],
      [{ targetType: 'userType' }, 'userType'],
      [{ targetType: 'buyers' }, 'targetType'],
      [{ targetType: 'nobody' }, 'targetType'],
    ] as const) {
      const res = await call('POST', '/api/site_message', { title: 'x', content: '<p>x</p>', ...body });
      expect(res.statusCode, `${field} ${res.body}`).toBe(400);
      expect(res.body, field).toContain(field);
    }
  });

  it('stores rich text with a script sanitised', async () => {
    const l = await letter({ content: '<p>Hi<script>alert(1)</script><img src=x onerror="alert(2)"></p>' });
    const [row] = await t.db.select().from(siteMessage!).where(eq(siteMessage!.id, l.id));
    expect(row!.content).not.toContain('script');
    expect(row!.content).not.toContain('onerror');
    expect(row!.content).toContain('Hi');
    await ok({ method: 'POST', url: `/api/site_message/send/${l.id}` });
    const [delivered] = await t.db
      .select()
      .from(inboxMessage)
      .where(eq(inboxMessage.letterId, l.id))
      .limit(1);
    if (delivered) expect(delivered.content).not.toContain('script');
  });

  it('refuses a scheduled time in the past, and edits once a letter left its draft', async () => {
    const l = await letter({});
    const past = new Date(Date.now() - HOUR).toISOString();
    const res = await call('POST', `/api/site_message/schedule/${l.id}`, { sendTime: past });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('sendTime');
    const zh = await call('POST', `/api/site_message/schedule/${l.id}`, { sendTime: past }, admin, 'zh');
    expect(zh.body).toContain('定时发送时间须晚于当前时间');
    for (const body of [{}, { sendTime: 'tomorrow' }]) {
      const bad = await call('POST', `/api/site_message/schedule/${l.id}`, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('sendTime');
    }
    expect((await ok({ method: 'GET', url: `/api/site_message/${l.id}` })).status).toBe('draft');
    // the time is set only by scheduling
    const direct = await call('POST', '/api/site_message', {
      title: 'x',
      content: '<p>x</p>',
      sendTime: past,
    });
    expect(direct.statusCode).toBe(400);
    const sent = await letter({});
    const current = await ok({ method: 'POST', url: `/api/site_message/send/${sent.id}` });
    const edit = await call('PUT', `/api/site_message/${sent.id}`, { ...current, title: 'changed' });
    expect(edit.statusCode).toBe(400);
    expect(edit.body).toContain('draft');
    // a sent letter is not scheduled again
    const again = await call('POST', `/api/site_message/schedule/${sent.id}`, {
      sendTime: new Date(Date.now() + HOUR).toISOString(),
    });
    expect(again.statusCode).toBe(409);
  });

  it('sends a scheduled letter when the clock passes its time, once, even with two runs at once', async () => {
    await user('buyer');
    const at = new Date(Date.now() + 2 * HOUR);
    const l = await letter({});
    const scheduled = await ok({
      method: 'POST',
      url: `/api/site_message/schedule/${l.id}`,
      body: { sendTime: at.toISOString() },
    });
    expect(scheduled.status).toBe('scheduled');
    expect(await sendScheduledLetters(t.db, on(), new Date(at.getTime() - 60_000))).toMatchObject({
      sent: 0,
    });
    expect(await recipients(l.id)).toEqual([]);
    const later = new Date(at.getTime() + 60_000);
    const runs = await Promise.all([
      sendScheduledLetters(t.db, on(), later),
      sendScheduledLetters(t.db, on(), later),
    ]);
    expect(runs.reduce((sum, r) => sum + r.sent, 0)).toBe(1);
    const expected = (await marketUsers()).map((u) => u.id).sort((a, b) => a - b);
    expect(await recipients(l.id)).toEqual(expected);
    const read = await ok({ method: 'GET', url: `/api/site_message/${l.id}` });
    expect(read).toMatchObject({ status: 'sent', deliveryCount: expected.length });
    const history = await ok({ method: 'GET', url: `/api/site_message/${l.id}/history` });
    expect(history[0]).toMatchObject({ action: 'send', actorAccount: 'system' });
    // a cancelled scheduled letter is never sent
    const cancelled = await letter({});
    await ok({
      method: 'POST',
      url: `/api/site_message/schedule/${cancelled.id}`,
      body: { sendTime: at.toISOString() },
    });
    await ok({ method: 'POST', url: `/api/site_message/cancel/${cancelled.id}` });
    await sendScheduledLetters(t.db, on(), later);
    expect(await recipients(cancelled.id)).toEqual([]);
  });
  it('seeds demo letters in both languages: sent and partly read, one scheduled, one draft', async () => {
    await user('buyer');
    const lines: string[] = [];
    await seedLetterDemo({ db: t.db, config: t.config, log: (l) => void lines.push(l) });
    const rows = await t.db.select().from(siteMessage!);
    const demo = rows.filter((r) => r.createdBy == null);
    expect(demo.some((r) => /[\u4e00-\u9fff]/.test(String(r.title)))).toBe(true);
    expect(demo.some((r) => /^[A-Za-z]/.test(String(r.title)))).toBe(true);
    const statuses = new Set(demo.map((r) => r.status));
    for (const s of ['sent', 'scheduled', 'draft']) expect(statuses).toContain(s);
    const sent = demo.filter((r) => r.status === 'sent' && r.deliveryCount > 0);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.some((r) => r.readCount > 0)).toBe(true);
    const scheduled = demo.find((r) => r.status === 'scheduled')!;
    expect(new Date(scheduled.sendTime as Date).getTime()).toBeGreaterThan(Date.now());
    expect(lines.join('\n')).toContain('demo site letters');
  });
});

describe('a supplier’s letters', () => {
  let t: TestApp;
  let admin: string;
  let ok: ReturnType<typeof okClient>;
  let n = 0;
  const users = entityTables.user_manager!;
  const consults = entityTables.consult!;

  const user = async () => {
    const [row] = await t.db
      .insert(users)
      .values({ account: `sreader${++n}`, type: 'buyer' } as never)
      .returning({ id: users.id });
    return row!.id as number;
  };
  const supplier = async (limit: number | null) => {
    const account = `letters${++n}`;
    const c = await ok({
      method: 'POST',
      url: '/api/company',
      body: { ...supplierCompanyBody(account, 'Secret12345'), siteLetterLimit: limit },
    });
    const buyers = [await user(), await user()];
    for (const userId of buyers)
      await t.db
        .insert(consults)
        .values({ companyId: c.id, userId, content: 'Hi', consultTime: new Date() } as never);
    return { companyId: c.id as number, token: await login(t.app, account, 'Secret12345'), buyers };
  };
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    body?: unknown,
    lang = 'en',
  ) =>
    t.app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as never }),
      headers: { 'x-token': token, 'accept-language': lang === 'zh' ? 'zh-CN' : 'en-US' },
    });
  const draft = async (token: string, body: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/site_message', token, {
      title: `Offer ${++n}`,
      content: '<p>Offer</p>',
      targetType: 'buyers',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().content as Record<string, unknown> & { id: number };
  };
  const delivered = async (letterId: number) =>
    (await t.db.select().from(inboxMessage).where(eq(inboxMessage.letterId, letterId)))
      .map((r) => r.userId!)
      .sort((a, b) => a - b);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    ok = okClient(client(t.app, admin));
  });
  afterAll(() => t.close());

  it('writes only to its own buyers', async () => {
    const s = await supplier(null);
    const stranger = await user();
    const l = await draft(s.token);
    expect(l.companyId).toBe(s.companyId);
    const sent = await call('POST', `/api/site_message/send/${l.id}`, s.token, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await delivered(l.id)).toEqual([...s.buyers].sort((a, b) => a - b));
    const chosen = await draft(s.token, { targetType: 'users', userIds: [s.buyers[0]] });
    await call('POST', `/api/site_message/send/${chosen.id}`, s.token, {});
    expect(await delivered(chosen.id)).toEqual([s.buyers[0]]);
    for (const [body, field] of [
      [{ targetType: 'all' }, 'targetType'],
      [{ targetType: 'userType', userType: 'buyer' }, 'targetType'],
      [{ targetType: 'companies', companyIds: [s.companyId] }, 'targetType'],
      [{ targetType: 'users', userIds: [stranger] }, 'userIds'],
    ] as const) {
      const res = await call('POST', '/api/site_message', s.token, {
        title: 'x',
        content: '<p>x</p>',
        ...body,
      });
      expect(res.statusCode, `${field} ${res.body}`).toBe(400);
      expect(res.body).toContain(field);
    }
  });

  it('sees and changes only its own company’s letters, on every route', async () => {
    const mine = await supplier(null);
    const other = await supplier(null);
    const own = await draft(mine.token);
    const theirs = await draft(other.token);
    const staffLetter = await ok({
      method: 'POST',
      url: '/api/site_message',
      body: { title: 'Staff', content: '<p>x</p>' },
    });
    const list = (await call('GET', '/api/site_message/list?size=50', mine.token)).json().content;
    const ids = list.list.map((r: { id: number }) => r.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(theirs.id);
    expect(ids).not.toContain(staffLetter.id);
    for (const id of [theirs.id, staffLetter.id]) {
      for (const [method, url, body] of [
        ['GET', `/api/site_message/${id}`, undefined],
        ['GET', `/api/site_message/${id}/history`, undefined],
        ['PUT', `/api/site_message/${id}`, { ...theirs, title: 'mine now' }],
        ['POST', `/api/site_message/send/${id}`, {}],
        ['POST', `/api/site_message/schedule/${id}`, { sendTime: new Date(Date.now() + HOUR).toISOString() }],
        ['POST', `/api/site_message/cancel/${id}`, {}],
        ['DELETE', `/api/site_message/${id}`, undefined],
      ] as const) {
        const res = await call(method, url, mine.token, body);
        expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(404);
      }
    }
    expect(await delivered(theirs.id)).toEqual([]);
    // the sender company is the caller's, whatever the body says
    const forged = await call('POST', '/api/site_message', mine.token, {
      title: 'x',
      content: '<p>x</p>',
      targetType: 'buyers',
      companyId: other.companyId,
    });
    expect([400, 403]).toContain(forged.statusCode);
  });

  it('stops at its monthly siteLetterLimit, exactly, with the limit message in both languages', async () => {
    const s = await supplier(2);
    for (let i = 0; i < 2; i++) {
      const l = await draft(s.token);
      expect((await call('POST', `/api/site_message/send/${l.id}`, s.token, {})).statusCode).toBe(200);
    }
    const third = await draft(s.token);
    const refused = await call('POST', `/api/site_message/send/${third.id}`, s.token, {});
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('the current limit is exceeded');
    const zh = await call('POST', `/api/site_message/send/${third.id}`, s.token, {}, 'zh');
    expect(zh.json().message).toBe('已超出当前限额');
    expect(await delivered(third.id)).toEqual([]);
    expect((await ok({ method: 'GET', url: `/api/site_message/${third.id}` })).status).toBe('draft');
    expect(await quotaUsage(t.db, { companyId: s.companyId, key: 'siteLetter' })).toBe(2);
  });

  it('never lets parallel sends pass the limit; a cancelled scheduled letter gives its place back', async () => {
    const s = await supplier(3);
    const letters = await Promise.all([1, 2, 3, 4, 5, 6].map(() => draft(s.token)));
    const answers = await Promise.all(
      letters.map((l) => call('POST', `/api/site_message/send/${l.id}`, s.token, {})),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.statusCode).toBe(429);
    const sent = await t.db
      .select({ n: count() })
      .from(siteMessage!)
      .where(and(eq(siteMessage!.companyId, s.companyId), eq(siteMessage!.status, 'sent')));
    expect(sent[0]!.n).toBe(3);

    const s2 = await supplier(1);
    // within this month, so the scheduled letter counts in it
    const later = new Date(
      Math.min(Date.now() + HOUR, endOfMonth(new Date()).getTime() - 1000),
    ).toISOString();
    const a = await draft(s2.token);
    expect(
      (await call('POST', `/api/site_message/schedule/${a.id}`, s2.token, { sendTime: later })).statusCode,
    ).toBe(200);
    const b = await draft(s2.token);
    expect((await call('POST', `/api/site_message/send/${b.id}`, s2.token, {})).statusCode).toBe(429);
    expect((await call('POST', `/api/site_message/cancel/${a.id}`, s2.token, {})).statusCode).toBe(200);
    expect((await call('POST', `/api/site_message/send/${b.id}`, s2.token, {})).statusCode).toBe(200);
  });

  it('counts a letter scheduled for next month in next month, and gives it back there when cancelled', async () => {
    const s = await supplier(1);
    const now = new Date();
    const nextMonth = new Date(endOfMonth(now).getTime() + 2 * 24 * HOUR);
    const scheduled = await draft(s.token);
    const at = { sendTime: nextMonth.toISOString() };
    expect((await call('POST', `/api/site_message/schedule/${scheduled.id}`, s.token, at)).statusCode).toBe(
      200,
    );
    const usage = (when: Date) => quotaUsage(t.db, { companyId: s.companyId, key: 'siteLetter', now: when });
    expect([await usage(now), await usage(nextMonth)]).toEqual([0, 1]);
    // this month's letter is still there to send now; next month's is taken
    const today = await draft(s.token);
    expect((await call('POST', `/api/site_message/send/${today.id}`, s.token, {})).statusCode).toBe(200);
    const another = await draft(s.token);
    expect((await call('POST', `/api/site_message/schedule/${another.id}`, s.token, at)).statusCode).toBe(
      429,
    );
    expect((await call('POST', `/api/site_message/cancel/${scheduled.id}`, s.token, {})).statusCode).toBe(
      200,
    );
    expect([await usage(now), await usage(nextMonth)]).toEqual([1, 0]);
    expect((await call('POST', `/api/site_message/schedule/${another.id}`, s.token, at)).statusCode).toBe(
      200,
    );
  });
});

/** The last millisecond of the UTC month of `day`. */
function endOfMonth(day: Date): Date {
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 1) - 1);
}
