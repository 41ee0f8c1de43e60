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

  it('counts a read of a targeted announcement or notice only by a reader it is for, and lists only those', async () => {
    const publishTime = new Date(Date.now() - hour).toISOString();
    const [supplierRow] = await t.db
      .insert(users)
      .values({ account: `levelsupplier${++n}`, type: 'company' } as never)
      .returning({ id: users.id });
    const supplier = supplierRow!.id as number;
    const [traderRow] = await t.db
      .insert(users)
      .values({ account: `leveltrader${++n}`, type: 'trader', points: 10 } as never)
      .returning({ id: users.id });
    const trader = traderRow!.id as number;
    const add = async (entity: 'announcement' | 'notice', body: Record<string, unknown>) =>
      (await ok({
        method: 'POST',
        url: `/api/${entity}`,
        body: { content: '<p>x</p>', publishTime, ...body },
      })) as { id: number };
    const forGold = await add('announcement', { title: 'Gold only', target: 'levels', levelIds: [gold] });
    const forBuyers = await add('announcement', { title: 'Buyers only', target: 'buyer' });
    const forSuppliers = await add('notice', { title: 'Suppliers only', target: 'supplier' });
    const forAll = await add('notice', { title: 'Everyone', target: 'all' });
    const readCount = async (entity: 'announcement' | 'notice', id: number) =>
      Number((await ok({ method: 'GET', url: `/api/${entity}/${id}` })).readCount);
    const read = (path: string, userId?: number) =>
      openCall(t.app, key, 'POST', `${path}/read`, userId === undefined ? undefined : { userId });

    // out of the target: not found, and not counted
    const outside: [string, 'announcement' | 'notice', number, number | undefined][] = [
      [`/announcements/${forGold.id}`, 'announcement', forGold.id, readers.silver],
      [`/announcements/${forGold.id}`, 'announcement', forGold.id, supplier],
      [`/announcements/${forGold.id}`, 'announcement', forGold.id, undefined],
      [`/announcements/${forGold.id}`, 'announcement', forGold.id, 999_999],
      [`/announcements/${forBuyers.id}`, 'announcement', forBuyers.id, supplier],
      [`/announcements/${forBuyers.id}`, 'announcement', forBuyers.id, undefined],
      [`/notices/${forSuppliers.id}`, 'notice', forSuppliers.id, readers.gold],
      [`/notices/${forSuppliers.id}`, 'notice', forSuppliers.id, trader],
    ];
    for (const [path, entity, id, userId] of outside) {
      const res = await read(path, userId);
      expect(res.statusCode, `${path} by ${userId}: ${res.body}`).toBe(404);
      expect(await readCount(entity, id)).toBe(0);
    }
    // in the target: counted once each
    expect((await read(`/announcements/${forGold.id}`, readers.gold)).json().content).toEqual({
      id: forGold.id,
      readCount: 1,
    });
    expect((await read(`/announcements/${forBuyers.id}`, readers.bronze)).statusCode).toBe(200);
    expect((await read(`/announcements/${forBuyers.id}`, trader)).statusCode).toBe(200);
    expect((await read(`/notices/${forSuppliers.id}`, supplier)).statusCode).toBe(200);
    expect((await read(`/notices/${forAll.id}`)).statusCode).toBe(200);
    expect((await read(`/notices/${forAll.id}`, supplier)).statusCode).toBe(200);
    expect(await readCount('announcement', forGold.id)).toBe(1);
    expect(await readCount('announcement', forBuyers.id)).toBe(2);
    expect(await readCount('notice', forSuppliers.id)).toBe(1);
    expect(await readCount('notice', forAll.id)).toBe(2);
    // a malformed reader is a 400 naming it, and counts nothing
    const bad = await openCall(t.app, key, 'POST', `/notices/${forAll.id}/read`, { userId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('userId');
    expect(await readCount('notice', forAll.id)).toBe(2);

    // the lists for a reader: only what targets them, whatever target the caller names
    const ids = async (path: string) => {
      const res = await openCall(t.app, key, 'GET', path);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().content.list.map((a: { id: number }) => a.id) as number[];
    };
    const buyerSees = await ids(`/announcements?userId=${readers.gold}&size=50`);
    expect(buyerSees).toEqual(expect.arrayContaining([forGold.id, forBuyers.id]));
    const supplierSees = await ids(`/announcements?userId=${supplier}&size=50`);
    expect(supplierSees).not.toContain(forGold.id);
    expect(supplierSees).not.toContain(forBuyers.id);
    expect(await ids(`/notices?userId=${supplier}&size=50`)).toEqual(
      expect.arrayContaining([forSuppliers.id, forAll.id]),
    );
    const buyerNotices = await ids(`/notices?userId=${readers.gold}&size=50`);
    expect(buyerNotices).toContain(forAll.id);
    expect(buyerNotices).not.toContain(forSuppliers.id);
    const asSupplier = await openCall(t.app, key, 'GET', `/notices?userId=${readers.gold}&target=supplier`);
    expect(asSupplier.statusCode).toBe(400);
    expect(asSupplier.body).toContain('target');
  });
});
