import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTables } from '../src/db/schema/entities';
import { client, okClient } from './engine/setup';
import { createTestApp, login, type TestApp } from './helpers';
import { issueApiKey, openCall } from './open-helpers';

// The marketplace reads a buyer's points, membership level and its online benefits (GET
// /api/open/v1/users/{userId}/level, scope users:read); the offline benefits are not served.

describe('a buyer’s level on the marketplace-facing API', () => {
  let t: TestApp;
  let ok: ReturnType<typeof okClient>;
  let call: ReturnType<typeof client>;
  let key: string;
  let n = 0;
  const users = entityTables.user_manager!;

  const user = async (type: string) => {
    const [u] = await t.db
      .insert(users)
      .values({ account: `levelbuyer${++n}`, type } as never)
      .returning({ id: users.id });
    return u!.id as number;
  };
  const levelOf = (userId: number | string, lang?: 'en' | 'zh', withKey = key) =>
    openCall(t.app, withKey, 'GET', `/users/${userId}/level`, undefined, lang ? { lang } : {});

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await login(t.app);
    call = client(t.app, admin);
    ok = okClient(call);
    key = (await issueApiKey(t.app, { scopes: ['users:read'], token: admin })).key;
    const offline = { luckyDraw: true, oneToOne: true, specialTag: true, videoTour: true };
    await ok({
      method: 'POST',
      url: '/api/user_vip_package',
      body: { enName: 'Member', zhName: '会员', shortName: 'MEMBER', minPoint: 0, maxPoint: 99, ...offline },
    });
    await ok({
      method: 'POST',
      url: '/api/user_vip_package',
      body: {
        enName: 'Silver',
        zhName: '白银',
        shortName: 'SILVER',
        minPoint: 100,
        maxPoint: 100_000_000,
        publishPurchase: true,
        exchangeContact: true,
        download: true,
        exclusiveCustomer: false,
        ...offline,
      },
    });
  });
  afterAll(() => t?.close());

  it('follows the buyer’s points across a level boundary, with the online benefits only', async () => {
    const id = await user('buyer');
    const before = await levelOf(id);
    expect(before.statusCode, before.body).toBe(200);
    const first = before.json().content;
    expect(first).toMatchObject({
      userId: id,
      points: 0,
      level: { name: { en: 'Member', zh: '会员' }, shortName: 'MEMBER', minPoint: 0, maxPoint: 99 },
      benefits: { publishPurchase: false, exchangeContact: false, download: false, exclusiveCustomer: false },
    });
    expect(Object.keys(first.benefits).sort()).toEqual([
      'download',
      'exchangeContact',
      'exclusiveCustomer',
      'publishPurchase',
    ]);
    const adjust = (points: number) =>
      ok({
        method: 'POST',
        url: `/api/user_manager/adjust_points/${id}`,
        body: { points, reason: 'Trade fair visit' },
      });
    await adjust(150);
    const after = (await levelOf(id, 'zh')).json().content;
    expect(after).toMatchObject({
      points: 150,
      level: { name: { en: 'Silver', zh: '白银' }, shortName: 'SILVER', minPoint: 100 },
      benefits: { publishPurchase: true, exchangeContact: true, download: true, exclusiveCustomer: false },
    });
    await adjust(-60);
    const back = (await levelOf(id)).json().content;
    expect(back).toMatchObject({ points: 90, level: { shortName: 'MEMBER' } });
    expect(back.benefits.publishPurchase).toBe(false);
  });

  it('answers a user without a level with every benefit false', async () => {
    const id = await user('trader');
    await t.db
      .update(users)
      .set({ points: -5 } as never)
      .where(eq(users.id, id));
    const res = (await levelOf(id)).json().content;
    expect(res).toMatchObject({ userId: id, points: -5, level: null });
    expect(Object.values(res.benefits)).toEqual([false, false, false, false]);
  });

  it('does not find an unknown user or one that is not a marketplace user, in the caller’s language', async () => {
    for (const [userId, lang, text] of [
      [2_000_000_000, 'en', 'No marketplace user with id 2000000000'],
      [1, 'zh', '不存在 ID 为 1 的买家'],
    ] as const) {
      const res = await levelOf(userId, lang);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(text);
    }
  });

  it('refuses a malformed id naming it (400, never 5xx)', async () => {
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) {
      const res = await levelOf(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(JSON.stringify(res.json())).toContain('userId');
    }
  });

  it('needs the users:read scope and a key', async () => {
    const id = await user('buyer');
    const admin = await login(t.app);
    const other = (await issueApiKey(t.app, { scopes: ['events:write'], token: admin })).key;
    expect((await levelOf(id, 'en', other)).statusCode).toBe(403);
    expect((await levelOf(id, 'en', null as unknown as string)).statusCode).toBe(401);
  });
});
