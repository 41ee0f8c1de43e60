import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTables } from '../src/db/schema/entities';
import type { Engine } from '../src/engine';
import { chargeNoLogin } from '../src/modules/points';
import { supplierCompanyBody } from './access-fixtures';
import { createAccountWithRole } from './engine/roles';
import { client, okClient } from './engine/setup';
import { createTestApp, login, type TestApp } from './helpers';
import { issueApiKey, openCall } from './open-helpers';

// Buyers' points: membership levels without overlap or gap, the point rules saved all at once, the ledger written
// from ingested events (once per event, the daily maximum exact under concurrency), staff adjustments, the daily
// no-sign-in job with a moved clock, and who may read any of it.

describe('points, point rules and membership levels', () => {
  let t: TestApp;
  let admin: string;
  let call: ReturnType<typeof client>;
  let ok: ReturnType<typeof okClient>;
  let key: string;
  let n = 0;
  let engine: Engine;
  const users = entityTables.user_manager!;
  const ledger = entityTables.user_point_ledger!;
  const DAY = 86_400_000;

  const buyer = async (extra: Record<string, unknown> = {}) => {
    const [u] = await t.db
      .insert(users)
      .values({ account: `pointbuyer${++n}`, type: 'buyer', ...extra } as never)
      .returning({ id: users.id });
    return u!.id as number;
  };
  const post = (events: unknown[]) => openCall(t.app, key, 'POST', '/events', { events });
  const ledgerOf = async (userId: number) =>
    (await t.db.select().from(ledger).where(eq(ledger.userId, userId))) as {
      points: number;
      action: string;
      eventId: string | null;
      ruleVersion: number | null;
      awardDay: string;
      reason: string | null;
    }[];
  const pointsOf = async (userId: number) => {
    const [u] = await t.db.select().from(users).where(eq(users.id, userId));
    return u as unknown as { points: number | null; levelId: number | null };
  };
  const rules = async () =>
    (await ok({ method: 'GET', url: '/api/user_point_rule/list?size=50' })).list as {
      id: number;
      action: string;
      points: number;
      maxTimesPerDay: number;
      version: number;
    }[];
  const rule = async (action: string) => (await rules()).find((r) => r.action === action)!;
  const level = (name: string, minPoint: number, maxPoint: number) => ({
    enName: name,
    zhName: `${name}级`,
    shortName: name.slice(0, 7).replace(/[^A-Za-z]/g, '') || 'L',
    minPoint,
    maxPoint,
  });

  beforeAll(async () => {
    t = await createTestApp({
      extraModules: [
        {
          name: 'points-probe',
          register: (registry) => {
            engine = registry.engine;
          },
        },
      ],
    });
    admin = await login(t.app);
    call = client(t.app, admin);
    ok = okClient(call);
    key = (await issueApiKey(t.app, { scopes: ['events:write'], token: admin })).key;
  });
  afterAll(() => t?.close());

  describe('membership levels', () => {
    it('refuses overlapping and gapped ranges naming the neighbouring level, in both languages', async () => {
      const bronze = await ok({ method: 'POST', url: '/api/user_vip_package', body: level('Bronze', 0, 99) });
      await ok({ method: 'POST', url: '/api/user_vip_package', body: level('Silver', 100, 499) });
      const overlap = await call({
        method: 'POST',
        url: '/api/user_vip_package',
        body: level('Gold', 400, 999),
      });
      expect(overlap.status).toBe(400);
      expect(overlap.body.content.errors[0].message).toContain('Silver');
      const gap = await call({
        method: 'POST',
        url: '/api/user_vip_package',
        body: level('Gold', 600, 999),
        lang: 'zh',
      });
      expect(gap.status).toBe(400);
      expect(gap.body.content.errors[0]).toMatchObject({ path: 'minPoint' });
      expect(gap.body.content.errors[0].message).toContain('Silver级');
      expect(gap.body.content.errors[0].message).toContain('空档');
      // an edit that would open a gap below the next level is refused too
      const shrink = await call({
        method: 'PUT',
        url: `/api/user_vip_package/${bronze.id}`,
        body: { version: bronze.version, maxPoint: 50 },
      });
      expect(shrink.status).toBe(400);
      expect(shrink.body.content.errors[0].message).toContain('Silver');
      await ok({ method: 'POST', url: '/api/user_vip_package', body: level('Gold', 500, 100_000_000) });
      const list = await ok({ method: 'GET', url: '/api/user_vip_package/list' });
      expect(list.list.map((l: { enName: string }) => l.enName)).toEqual(['Bronze', 'Silver', 'Gold']);
    });

    it('refuses a short name of more than 7 letters with the spec’s message', async () => {
      const res = await call({
        method: 'POST',
        url: '/api/user_vip_package',
        body: { ...level('Platinum', 100_000_001, 100_000_001), shortName: 'PLATINUM' },
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('at most 7 letters');
    });

    it('lets only one of two concurrent overlapping creates pass', async () => {
      const top = await ok({
        method: 'GET',
        url: '/api/user_vip_package/list?sort=maxPoint&order=desc&size=1',
      });
      const gold = top.list[0];
      // make room above Gold, then race two levels for the same range
      await ok({
        method: 'PUT',
        url: `/api/user_vip_package/${gold.id}`,
        body: { version: gold.version, maxPoint: 999 },
      });
      const results = await Promise.all([
        call({ method: 'POST', url: '/api/user_vip_package', body: level('Diamond', 1000, 4999) }),
        call({ method: 'POST', url: '/api/user_vip_package', body: level('Crystal', 1000, 2999) }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
      const loser = results.find((r) => r.status === 400)!;
      expect(loser.body.content.errors[0].message).toMatch(/Diamond|Crystal/);
    });
  });

  describe('point rules', () => {
    it('has the seven rules of spec §3 and saves them all at once, versioned', async () => {
      const all = await rules();
      expect(all.map((r) => r.action).sort()).toEqual(
        [
          'download',
          'exchange_contacts',
          'no_login',
          'post_lead',
          'request_price',
          'view_company',
          'view_product',
        ].sort(),
      );
      const body = {
        rules: all.map((r) => ({
          id: r.id,
          version: r.version,
          points: r.action === 'view_product' ? 10 : r.points,
          maxTimesPerDay: r.action === 'view_product' ? 3 : r.maxTimesPerDay,
        })),
      };
      const res = await call({ method: 'POST', url: '/api/user_point_rule/save_all', body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.content).toEqual({ saved: 1 });
      const vp = await rule('view_product');
      expect(vp).toMatchObject({ points: 10, maxTimesPerDay: 3, version: 2 });
      const history = await ok({ method: 'GET', url: `/api/user_point_rule/${vp.id}/history` });
      expect(history[0]).toMatchObject({ version: 2 });
    });

    it('saves nothing when one rule is refused, naming each bad field by its row', async () => {
      const all = await rules();
      const body = {
        rules: all.map((r, i) => ({
          id: r.id,
          version: r.version,
          points: i === 0 ? r.points + 1 : i === 2 ? 'many' : r.points,
          maxTimesPerDay: i === 3 ? 0 : r.maxTimesPerDay,
        })),
      };
      const res = await call({ method: 'POST', url: '/api/user_point_rule/save_all', body, lang: 'zh' });
      expect(res.status).toBe(400);
      const paths = res.body.content.errors.map((e: { path: string }) => e.path);
      expect(paths).toEqual(['rules.2.points', 'rules.3.maxTimesPerDay']);
      // the first rule's change was rolled back with the others
      expect((await rules())[0]).toMatchObject({ points: all[0]!.points, version: all[0]!.version });
    });

    it('refuses bodies that are not a list of rules (400, never 500), and callers without the permission', async () => {
      for (const body of [
        {},
        { rules: [] },
        { rules: 'x' },
        { rules: [{ id: 'a' }] },
        { rules: [{}], extra: 1 },
      ]) {
        const res = await call({ method: 'POST', url: '/api/user_point_rule/save_all', body });
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
      await createAccountWithRole(t.db, {
        account: 'rulereader',
        password: 'secret123',
        menus: ['/user_vip_package/user_point_rule_list'],
        resources: [],
      });
      const reader = await login(t.app, 'rulereader', 'secret123');
      const all = await rules();
      const res = await call({
        method: 'POST',
        url: '/api/user_point_rule/save_all',
        token: reader,
        body: { rules: [{ id: all[0]!.id, version: all[0]!.version, points: 1, maxTimesPerDay: 1 }] },
      });
      expect(res.status).toBe(403);
    });
  });

  describe('the points ledger', () => {
    it('awards points from ingested events once, with the rule version, and the level follows', async () => {
      const id = await buyer();
      const vp = await rule('view_product');
      const company = await ok({
        method: 'POST',
        url: '/api/company',
        body: supplierCompanyBody(`pts${n}`, 'Secret12345'),
      });
      const [p] = await t.db
        .insert(entityTables.product!)
        .values({ name: 'Pump', companyId: company.id, kind: 'device' } as never)
        .returning({ id: entityTables.product!.id });
      const now = Date.now();
      const events = [0, 1].map((i) => ({
        eventId: `lv${id}-${i}`,
        type: 'view_product',
        occurredAt: new Date(now - i * 1000).toISOString(),
        userId: id,
        productId: p!.id,
      }));
      expect((await post(events)).json().content.accepted).toBe(2);
      expect((await post(events)).json().content.duplicates).toBe(2);
      const rows = await ledgerOf(id);
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({ action: 'view_product', points: 10, ruleVersion: vp.version });
      const user = await ok({ method: 'GET', url: `/api/user_manager/${id}` });
      expect(user.points).toBe(20);
      expect(user.levelIdLabel ?? user.levelId).toBeTruthy();
    });

    it('holds the daily maximum exactly when one user’s batches arrive at once and out of order', async () => {
      const id = await buyer();
      const company = await ok({
        method: 'POST',
        url: '/api/company',
        body: supplierCompanyBody(`ptc${n}`, 'Secret12345'),
      });
      // noon (UTC) three days ago: an hour either side stays on that day
      const day = Math.floor(Date.now() / DAY) * DAY - 3 * DAY + DAY / 2;
      const batches = Array.from({ length: 6 }, (_, b) =>
        Array.from({ length: 5 }, (_, i) => ({
          eventId: `cc${id}-${b}-${i}`,
          type: 'view_company',
          // out of order within the day, and one batch for the day before
          occurredAt: new Date(day - (b === 5 ? DAY : 0) - ((b * 7 + i * 13) % 60) * 60_000).toISOString(),
          userId: id,
          companyId: company.id,
        })),
      );
      // at most 7 a day: 25 events of one day award 7, the 5 of the day before award 5
      const current = await rule('view_company');
      await ok({
        method: 'PUT',
        url: `/api/user_point_rule/${current.id}`,
        body: { version: current.version, maxTimesPerDay: 7 },
      });
      const answers = await Promise.all(batches.map((b) => post(b)));
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      const rows = await ledgerOf(id);
      const perDay = new Map<string, number>();
      for (const r of rows) perDay.set(String(r.awardDay), (perDay.get(String(r.awardDay)) ?? 0) + 1);
      expect(Object.fromEntries(perDay)).toEqual({
        [new Date(day).toISOString().slice(0, 10)]: 7,
        [new Date(day - DAY).toISOString().slice(0, 10)]: 5,
      });
      const sum = rows.reduce((s, r) => s + r.points, 0);
      expect((await pointsOf(id)).points).toBe(sum);
    });

    it('stores concurrent first batches of a month whose partition does not exist yet', async () => {
      const id = await buyer();
      const company = await ok({
        method: 'POST',
        url: '/api/company',
        body: supplierCompanyBody(`ptm${n}`, 'Secret12345'),
      });
      // two months no event has named yet (on PostgreSQL their partitions are created for the first batches, at
      // once), each batch with a view and a search, so that batches write both partitioned tables while others
      // make their months
      const now = new Date();
      const months = [5, 6].map((back) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 10, 12));
      const answers = await Promise.all(
        [0, 1, 2, 3, 4, 5, 6, 7].map((b) =>
          post([
            {
              eventId: `pm${id}-${b}`,
              type: 'view_company',
              occurredAt: new Date(months[b % 2]! + b * 60_000).toISOString(),
              userId: id,
              companyId: company.id,
            },
            {
              eventId: `ps${id}-${b}`,
              type: 'search',
              occurredAt: new Date(months[(b + 1) % 2]! + b * 60_000).toISOString(),
              userId: id,
              keyword: 'first of the month',
              resultsCount: 1,
              lang: 'en',
            },
          ]),
        ),
      );
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      expect(answers.map((a) => a.json().content.accepted)).toEqual([2, 2, 2, 2, 2, 2, 2, 2]);
    });

    it('lets staff adjust points with a reason (its own ledger row), refusing bad bodies and callers without the permission', async () => {
      const id = await buyer();
      const url = `/api/user_manager/adjust_points/${id}`;
      const res = await call({ method: 'POST', url, body: { points: 600, reason: 'Trade fair visit' } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.content.points).toBe(600);
      const gold = (await ok({ method: 'GET', url: '/api/user_vip_package/list' })).list.find(
        (l: { enName: string }) => l.enName === 'Gold',
      );
      expect(res.body.content.levelId).toBe(gold.id);
      expect(await ledgerOf(id)).toEqual([
        expect.objectContaining({ action: 'adjust', points: 600, reason: 'Trade fair visit' }),
      ]);
      for (const body of [
        {},
        { points: 5 },
        { reason: 'x' },
        { points: 'x', reason: 'x' },
        { points: 0, reason: 'x' },
        { points: 1, reason: '  ' },
      ]) {
        const bad = await call({ method: 'POST', url, body });
        expect(bad.status, JSON.stringify(body)).toBe(400);
      }
      await createAccountWithRole(t.db, {
        account: 'userreader',
        password: 'secret123',
        menus: ['/user/user_list'],
        resources: [],
      });
      const reader = await login(t.app, 'userreader', 'secret123');
      expect(
        (await call({ method: 'POST', url, token: reader, body: { points: 1, reason: 'x' } })).status,
      ).toBe(403);
      expect((await pointsOf(id)).points).toBe(600);
      // staff read the ledger behind the user list's menu
      const page = await call({
        method: 'GET',
        url: `/api/user_point_ledger/list?userId=${id}`,
        token: reader,
      });
      expect(page.status).toBe(200);
      expect(page.body.content.total).toBe(1);
    });

    it('keeps the ledger and the users’ points out of a supplier’s reach', async () => {
      const id = await buyer();
      await ok({
        method: 'POST',
        url: '/api/company',
        body: supplierCompanyBody('ptsupplier', 'Secret12345'),
      });
      const supplier = await login(t.app, 'ptsupplier', 'Secret12345');
      for (const url of [
        `/api/user_point_ledger/list?userId=${id}`,
        `/api/user_manager/${id}`,
        '/api/user_manager/list',
      ]) {
        const res = await call({ method: 'GET', url, token: supplier });
        expect(res.status, url).toBe(403);
      }
      const adjust = await call({
        method: 'POST',
        url: `/api/user_manager/adjust_points/${id}`,
        token: supplier,
        body: { points: 5, reason: 'x' },
      });
      expect(adjust.status).toBe(403);
    });

    it('recomputes the users’ levels when a level is edited', async () => {
      const id = await buyer();
      await call({
        method: 'POST',
        url: `/api/user_manager/adjust_points/${id}`,
        body: { points: 50, reason: 'r' },
      });
      const list = (await ok({ method: 'GET', url: '/api/user_vip_package/list' })).list as {
        id: number;
        enName: string;
        version: number;
      }[];
      const bronze = list.find((l) => l.enName === 'Bronze')!;
      expect((await pointsOf(id)).levelId).toBe(bronze.id);
      await ok({ method: 'DELETE', url: `/api/user_vip_package/${bronze.id}` });
      expect((await pointsOf(id)).levelId).toBeNull();
      await ok({ method: 'POST', url: `/api/user_vip_package/restore/${bronze.id}` });
      expect((await pointsOf(id)).levelId).toBe(bronze.id);
    });
  });

  describe('the no-sign-in job', () => {
    it('charges a user away for over 14 days once a day, on one node at a time', async () => {
      const now = new Date('2031-03-10T08:00:00Z');
      const away = await buyer({ lastLoginTime: new Date(now.getTime() - 15 * DAY) });
      const back = await buyer({ lastLoginTime: new Date(now.getTime() - 13 * DAY) });
      const rule = (await rules()).find((r) => r.action === 'no_login')!;
      const runs = await Promise.all([chargeNoLogin(t.db, engine, now), chargeNoLogin(t.db, engine, now)]);
      // two nodes at once: one charges, the other skips or finds nothing left to charge
      expect(runs.reduce((s, r) => s + r.charged, 0)).toBeGreaterThanOrEqual(1);
      expect((await ledgerOf(away)).filter((r) => r.action === 'no_login')).toHaveLength(1);
      const later = await chargeNoLogin(t.db, engine, new Date(now.getTime() + 3 * 3_600_000));
      expect(later.charged).toBe(0);
      const rows = (await ledgerOf(away)).filter((r) => r.action === 'no_login');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ points: rule.points, ruleVersion: rule.version });
      expect(await ledgerOf(back)).toEqual([]);
      // the next day: charged again
      await chargeNoLogin(t.db, engine, new Date(now.getTime() + DAY));
      expect((await ledgerOf(away)).filter((r) => r.action === 'no_login')).toHaveLength(2);
      expect((await pointsOf(away)).points).toBe(2 * rule.points);
      // a node that finds the lock taken skips the run (PostgreSQL: the embedded database has one connection)
      if (!process.env.TEST_DATABASE_URL) return;
      const skipped = await t.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(7310402291)`);
        return chargeNoLogin(t.db, engine, new Date(now.getTime() + 2 * DAY));
      });
      expect(skipped).toEqual({ ran: false, charged: 0 });
    });
  });
});
