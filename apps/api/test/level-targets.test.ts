import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxMessage } from '../src/db/schema';
import { entityTables } from '../src/db/schema/entities';
import { supplierCompanyBody } from './access-fixtures';
import { client, okClient } from './engine/setup';
import { createTestApp, login, type TestApp } from './helpers';
import { issueApiKey, openCall } from './open-helpers';

// Letters, announcements and notices aimed at buyers' membership levels: a letter reaches only the users who
// hold one of its levels when it is sent; the marketplace is served a level's announcements only for a reader
// who holds that level. A supplier may not aim a letter at levels; a level target needs its levels.

describe('membership level targets', () => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let ok: ReturnType<typeof okClient>;
  let key: string;
  let bronze: number;
  let silver: number;
  let gold: number;
  const readers: Record<'bronze' | 'silver' | 'gold', number> = { bronze: 0, silver: 0, gold: 0 };
  let n = 0;
  const users = entityTables.user_manager!;
  const hour = 3_600_000;

  const buyer = async (points: number) => {
    const [u] = await t.db
      .insert(users)
      .values({ account: `levelreader${++n}`, type: 'buyer', points } as never)
      .returning({ id: users.id });
    return u!.id as number;
  };
  const level = async (name: string, minPoint: number, maxPoint: number) =>
    (
      await ok({
        method: 'POST',
        url: '/api/user_vip_package',
        body: { enName: name, zhName: `${name}级`, shortName: name, minPoint, maxPoint },
      })
    ).id as number;
  const recipients = async (letterId: number) =>
    (await t.db.select().from(inboxMessage).where(eq(inboxMessage.letterId, letterId)))
      .map((r) => r.userId)
      .sort((a, b) => Number(a) - Number(b));

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await login(t.app);
    call = client(t.app, admin);
    ok = okClient(call);
    key = (await issueApiKey(t.app, { scopes: ['announcements:read'], token: admin })).key;
    readers.bronze = await buyer(10);
    readers.silver = await buyer(150);
    readers.gold = await buyer(900);
    // every level write recomputes the users' levels from their points
    bronze = await level('Bronze', 0, 99);
    silver = await level('Silver', 100, 499);
    gold = await level('Gold', 500, 100_000_000);
  });
  afterAll(() => t?.close());

  it('delivers a letter only to the users holding one of its levels', async () => {
    const [s] = await t.db.select({ levelId: users.levelId }).from(users).where(eq(users.id, readers.silver));
    expect(s!.levelId).toBe(silver);
    const letter = await ok({
      method: 'POST',
      url: '/api/site_message',
      body: {
        title: 'For silver and gold',
        content: '<p>Hi</p>',
        targetType: 'levels',
        levelIds: [silver, gold],
      },
    });
    await ok({ method: 'POST', url: `/api/site_message/send/${letter.id}` });
    expect(await recipients(letter.id)).toEqual([readers.silver, readers.gold].sort((a, b) => a - b));
    const read = await ok({ method: 'GET', url: `/api/site_message/${letter.id}` });
    expect(read.deliveryCount).toBe(2);
    expect(read.levelIds).toEqual([silver, gold]);

    const bronzeOnly = await ok({
      method: 'POST',
      url: '/api/site_message',
      body: { title: 'For bronze', content: '<p>Hi</p>', targetType: 'levels', levelIds: [bronze] },
    });
    await ok({ method: 'POST', url: `/api/site_message/send/${bronzeOnly.id}` });
    expect(await recipients(bronzeOnly.id)).toEqual([readers.bronze]);
  });

  it('refuses a level target without levels, an unknown level, and a supplier aiming at levels', async () => {
    const missing = await call({
      method: 'POST',
      url: '/api/site_message',
      body: { title: 'x', content: '<p>x</p>', targetType: 'levels' },
    });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('levelIds');
    const unknown = await call({
      method: 'POST',
      url: '/api/site_message',
      body: { title: 'x', content: '<p>x</p>', targetType: 'levels', levelIds: [999_999] },
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('levelIds');
    const malformed = await call({
      method: 'POST',
      url: '/api/announcement',
      body: {
        title: 'x',
        content: '<p>x</p>',
        target: 'levels',
        levelIds: 'gold',
        publishTime: new Date().toISOString(),
      },
    });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toContain('levelIds');

    const company = await ok({
      method: 'POST',
      url: '/api/company',
      body: supplierCompanyBody('levelsupplier', 'Secret12345'),
    });
    const token = await login(t.app, 'levelsupplier', 'Secret12345');
    const bySupplier = await call({
      method: 'POST',
      url: '/api/site_message',
      token,
      body: { title: 'x', content: '<p>x</p>', targetType: 'levels', levelIds: [gold] },
    });
    expect(bySupplier.status).toBe(400);
    expect(JSON.stringify(bySupplier.body)).toContain('targetType');
    expect(company.id).toBeGreaterThan(0);
  });

  it('serves a level’s announcements and notices only to a reader holding that level', async () => {
    const publishTime = new Date(Date.now() - hour).toISOString();
    const forGold = await ok({
      method: 'POST',
      url: '/api/announcement',
      body: { title: 'Gold lounge', content: '<p>Gold</p>', target: 'levels', levelIds: [gold], publishTime },
    });
    const forAll = await ok({
      method: 'POST',
      url: '/api/announcement',
      body: { title: 'Fair for all', content: '<p>All</p>', target: 'all', publishTime },
    });
    const notice = await ok({
      method: 'POST',
      url: '/api/notice',
      body: {
        title: 'Silver notice',
        content: '<p>S</p>',
        target: 'levels',
        levelIds: [silver],
        publishTime,
      },
    });
    const ids = async (path: string) =>
      (await openCall(t.app, key, 'GET', path)).json().content.list.map((a: { id: number }) => a.id);

    expect(await ids(`/announcements?userId=${readers.gold}`)).toEqual(
      expect.arrayContaining([forGold.id, forAll.id]),
    );
    expect(await ids(`/announcements?userId=${readers.silver}`)).not.toContain(forGold.id);
    expect(await ids(`/announcements?userId=${readers.silver}`)).toContain(forAll.id);
    expect(await ids('/announcements')).not.toContain(forGold.id);
    expect(await ids('/announcements?target=buyer')).not.toContain(forGold.id);
    expect(await ids(`/notices?userId=${readers.silver}`)).toContain(notice.id);
    expect(await ids(`/notices?userId=${readers.gold}`)).not.toContain(notice.id);
    // an unknown reader sees what is for everyone only
    expect(await ids('/announcements?userId=999999')).not.toContain(forGold.id);
    const listed = (await openCall(t.app, key, 'GET', `/announcements?userId=${readers.gold}`)).json().content
      .list as { id: number; target: string; levelIds: number[] }[];
    expect(listed.find((a) => a.id === forGold.id)).toMatchObject({ target: 'levels', levelIds: [gold] });

    const bad = await openCall(t.app, key, 'GET', '/announcements?userId=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('userId');
  });
});
