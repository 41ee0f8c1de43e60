import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../src/db/client';
import * as schema from '../src/db/schema';
import { adminUser, companyQuotaUsage, permission, role, rolePermission, userRole } from '../src/db/schema';
import {
  companyQuotaUsages,
  consumeQuota,
  QUOTA_KEYS,
  quotaPeriod,
  quotaUsage,
  releaseQuota,
} from '../src/modules/quota';
import { ok } from '../src/plugins/envelope';
import { hashPassword } from '../src/security/password';
import { databaseUrl } from './database';
import { createTestApp, EDITOR, login, TEST_ARGON2, type TestApp } from './helpers';

// Per-company monthly quotas, counted atomically; `limitExceed` once used up.

/** A write guarded by a company-video quota: limit in the path ('none' = unlimited). */
const probes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/probe/quota/:companyId/:limit',
    {
      config: { access: { kind: 'login' } },
      schema: { params: z.object({ companyId: z.coerce.number().int(), limit: z.string() }) },
    },
    async (request) => {
      const { companyId, limit } = request.params;
      const grant = await consumeQuota(app.db, {
        companyId,
        key: 'companyVideo',
        limit: limit === 'none' ? null : Number(limit),
      });
      return ok({ used: grant.used, remaining: grant.remaining });
    },
  );
};

const MAY = new Date('2025-05-31T23:59:59.999Z');
const JUNE = new Date('2025-06-01T00:00:00.000Z');

describe('monthly quotas', () => {
  let t: TestApp;
  let admin: string;
  let nextCompany = 1000;
  /** A company id no other test touches. */
  const company = () => nextCompany++;

  beforeAll(async () => {
    t = await createTestApp({ extraModules: [probes] });
    admin = await login(t.app);
  });
  afterAll(() => t.close());

  const consumeOverHttp = (companyId: number, limit: number | 'none', lang?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/probe/quota/${companyId}/${limit}${lang ? `?lang=${lang}` : ''}`,
      headers: { 'x-token': admin },
    });

  it('names its keys after the monthly limits', () => {
    expect(QUOTA_KEYS).toEqual([
      'companyVideo',
      'consult',
      'consultReply',
      'product',
      'productCardStandout',
      'buyRequirementAuth',
      'siteLetter',
    ]);
    expect(quotaPeriod(MAY)).toBe('2025-05');
    expect(quotaPeriod(JUNE)).toBe('2025-06');
    // The period is the UTC month, whatever the server's time zone.
    expect(quotaPeriod(new Date('2025-12-31T23:30:00-05:00'))).toBe('2026-01');
  });

  it('counts up to the limit, then refuses with limitExceed (429, 42901) in English and Chinese', async () => {
    const id = company();
    for (let i = 1; i <= 3; i++) {
      const res = await consumeOverHttp(id, 3);
      expect(res.statusCode).toBe(200);
      expect(res.json().content).toEqual({ used: i, remaining: 3 - i });
    }
    const refused = await consumeOverHttp(id, 3);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      code: 42901,
      message: 'the current limit is exceeded',
      content: null,
    });
    const zh = await consumeOverHttp(id, 3, 'zh');
    expect(zh.statusCode).toBe(429);
    expect(zh.json()).toEqual({ success: false, code: 42901, message: '已超出当前限额', content: null });
    expect(await quotaUsage(t.db, { companyId: id, key: 'companyVideo' })).toBe(3);
  });

  it('takes an amount at once, all or nothing', async () => {
    const id = company();
    const grant = await consumeQuota(t.db, { companyId: id, key: 'product', limit: 10, amount: 7, now: MAY });
    expect(grant).toEqual({
      companyId: id,
      key: 'product',
      period: '2025-05',
      amount: 7,
      used: 7,
      remaining: 3,
    });
    await expect(
      consumeQuota(t.db, { companyId: id, key: 'product', limit: 10, amount: 4, now: MAY }),
    ).rejects.toMatchObject({ key: 'limitExceed', status: 429, code: 42901 });
    expect(await quotaUsage(t.db, { companyId: id, key: 'product', now: MAY })).toBe(7);
    // More than the whole limit at once is refused before any usage exists.
    const other = company();
    await expect(
      consumeQuota(t.db, { companyId: other, key: 'product', limit: 2, amount: 3 }),
    ).rejects.toMatchObject({ key: 'limitExceed' });
    expect(await quotaUsage(t.db, { companyId: other, key: 'product' })).toBe(0);
    await expect(
      consumeQuota(t.db, { companyId: other, key: 'product', limit: 2, amount: 0 }),
    ).rejects.toThrow('positive integer');
  });

  it('allows nothing with limit 0', async () => {
    const id = company();
    const res = await consumeOverHttp(id, 0);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe(42901);
    expect(await quotaUsage(t.db, { companyId: id, key: 'companyVideo' })).toBe(0);
  });

  it('never refuses when unlimited, and still counts the usage', async () => {
    const id = company();
    for (let i = 1; i <= 5; i++) {
      const res = await consumeOverHttp(id, 'none');
      expect(res.statusCode).toBe(200);
      expect(res.json().content).toEqual({ used: i, remaining: null });
    }
    const grant = await consumeQuota(t.db, {
      companyId: id,
      key: 'companyVideo',
      limit: undefined,
      amount: 100,
    });
    expect(grant.used).toBe(105);
    // A limit set later in the month starts from the real usage.
    await expect(
      consumeQuota(t.db, { companyId: id, key: 'companyVideo', limit: 105 }),
    ).rejects.toMatchObject({
      key: 'limitExceed',
    });
  });

  it('keeps quotas apart per company and per key', async () => {
    const a = company();
    const b = company();
    await consumeQuota(t.db, { companyId: a, key: 'consult', limit: 1 });
    await consumeQuota(t.db, { companyId: b, key: 'consult', limit: 1 });
    await consumeQuota(t.db, { companyId: a, key: 'consultReply', limit: 1 });
    await expect(consumeQuota(t.db, { companyId: a, key: 'consult', limit: 1 })).rejects.toMatchObject({
      key: 'limitExceed',
    });
    const usage = await companyQuotaUsages(t.db, { companyId: a });
    expect(usage.period).toBe(quotaPeriod());
    expect(usage.usage).toEqual({
      companyVideo: 0,
      consult: 1,
      consultReply: 1,
      product: 0,
      productCardStandout: 0,
      buyRequirementAuth: 0,
      siteLetter: 0,
    });
  });

  it('starts again in a new UTC month', async () => {
    const id = company();
    await consumeQuota(t.db, { companyId: id, key: 'siteLetter', limit: 2, amount: 2, now: MAY });
    await expect(
      consumeQuota(t.db, { companyId: id, key: 'siteLetter', limit: 2, now: MAY }),
    ).rejects.toMatchObject({ key: 'limitExceed' });
    const june = await consumeQuota(t.db, { companyId: id, key: 'siteLetter', limit: 2, now: JUNE });
    expect(june).toMatchObject({ period: '2025-06', used: 1, remaining: 1 });
    expect(await quotaUsage(t.db, { companyId: id, key: 'siteLetter', now: MAY })).toBe(2);
    expect(await quotaUsage(t.db, { companyId: id, key: 'siteLetter', now: JUNE })).toBe(1);
  });

  it('gives usage back with releaseQuota, in the month it was taken, never below zero', async () => {
    const id = company();
    const grant = await consumeQuota(t.db, { companyId: id, key: 'consult', limit: 1, now: MAY });
    // The guarded write failed just after midnight at the month's end: the May usage is given back.
    expect(await releaseQuota(t.db, { ...grant, now: JUNE })).toBe(0);
    expect(await quotaUsage(t.db, { companyId: id, key: 'consult', now: MAY })).toBe(0);
    expect(await releaseQuota(t.db, { companyId: id, key: 'consult', period: '2025-05', amount: 5 })).toBe(0);
    expect(await releaseQuota(t.db, { companyId: id, key: 'consult', now: JUNE })).toBe(0);
    const again = await consumeQuota(t.db, { companyId: id, key: 'consult', limit: 1, now: MAY });
    expect(again.used).toBe(1);
  });

  it("counts inside the caller's transaction: a failed write gives the usage back", async () => {
    const id = company();
    await expect(
      t.db.transaction(async (tx) => {
        await consumeQuota(tx, { companyId: id, key: 'companyVideo', limit: 1 });
        throw new Error('the guarded write failed');
      }),
    ).rejects.toThrow('the guarded write failed');
    expect(await quotaUsage(t.db, { companyId: id, key: 'companyVideo' })).toBe(0);
    await t.db.transaction(async (tx) => {
      await consumeQuota(tx, { companyId: id, key: 'companyVideo', limit: 1 });
    });
    expect(await quotaUsage(t.db, { companyId: id, key: 'companyVideo' })).toBe(1);
  });

  describe('under concurrent requests', () => {
    /** On PostgreSQL: a pool of its own with several connections, so the consumes really run at once. */
    let pool: pg.Pool | null = null;
    let concurrentDb: Db;
    beforeAll(async () => {
      if (t.handle.kind === 'postgres') {
        const result = await t.db.execute(sql`select current_database() as name`);
        const name = ((result as unknown as { rows: { name: string }[] }).rows[0] ?? { name: '' }).name;
        pool = new pg.Pool({ connectionString: databaseUrl(process.env.TEST_DATABASE_URL!, name), max: 10 });
        concurrentDb = drizzle({ client: pool, schema }) as unknown as Db;
      } else {
        concurrentDb = t.db;
      }
    });
    afterAll(async () => {
      await pool?.end();
    });

    it('lets exactly `limit` of 50 parallel consumes through', async () => {
      const id = company();
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, () =>
          consumeQuota(concurrentDb, { companyId: id, key: 'buyRequirementAuth', limit: 10 }),
        ),
      );
      const granted = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r) => r.status === 'rejected');
      expect(granted).toHaveLength(10);
      expect(refused).toHaveLength(40);
      for (const r of refused)
        expect((r as PromiseRejectedResult).reason).toMatchObject({ key: 'limitExceed' });
      // Every grant saw a different count: 1 … 10.
      const counts = granted.map((r) => (r as PromiseFulfilledResult<{ used: number }>).value.used);
      expect(counts.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(await quotaUsage(t.db, { companyId: id, key: 'buyRequirementAuth' })).toBe(10);
      if (pool) expect(pool.totalCount).toBeGreaterThan(1);
    });

    it('keeps the limit when parallel transactions consume and some roll back', async () => {
      const id = company();
      const results = await Promise.allSettled(
        Array.from({ length: 30 }, (_, i) =>
          concurrentDb.transaction(async (tx) => {
            await consumeQuota(tx, { companyId: id, key: 'productCardStandout', limit: 8 });
            if (i % 3 === 0) throw new Error('rolled back');
            return i;
          }),
        ),
      );
      const committed = results.filter((r) => r.status === 'fulfilled').length;
      const used = await quotaUsage(t.db, { companyId: id, key: 'productCardStandout' });
      expect(used).toBe(committed);
      expect(used).toBeGreaterThan(0);
      expect(used).toBeLessThanOrEqual(8);
      // Whatever rolled back is free again: the quota fills up to its limit exactly.
      await Promise.allSettled(
        Array.from({ length: 20 }, () =>
          consumeQuota(concurrentDb, { companyId: id, key: 'productCardStandout', limit: 8 }),
        ),
      );
      expect(await quotaUsage(t.db, { companyId: id, key: 'productCardStandout' })).toBe(8);
    });

    it('lets exactly `limit` of 50 parallel HTTP requests through', async () => {
      const id = company();
      const responses = await Promise.all(Array.from({ length: 50 }, () => consumeOverHttp(id, 10)));
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(40);
      const [row] = await t.db
        .select({ used: companyQuotaUsage.used })
        .from(companyQuotaUsage)
        .where(sql`${companyQuotaUsage.companyId} = ${id}`);
      expect(row?.used).toBe(10);
    });
  });

  describe('GET /api/quota/usage/:companyId', () => {
    it("answers this month's usage of the monthly keys, and what the company has of the others", async () => {
      const id = company();
      await consumeQuota(t.db, { companyId: id, key: 'consult', limit: 5, amount: 2 });
      await consumeQuota(t.db, { companyId: id, key: 'siteLetter', limit: null });
      await consumeQuota(t.db, { companyId: id, key: 'siteLetter', limit: null, now: MAY });
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/quota/usage/${id}`,
        headers: { 'x-token': admin },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        code: 20000,
        message: 'success',
        content: {
          period: quotaPeriod(),
          usage: {
            companyVideo: 0,
            consult: 2,
            consultReply: 0,
            product: 0,
            productCardStandout: 0,
            buyRequirementAuth: 0,
            siteLetter: 1,
          },
        },
      });
    });

    it('refuses a bad id, a caller without the company list, and another company’s supplier account', async () => {
      const bad = await t.app.inject({
        method: 'GET',
        url: '/api/quota/usage/abc',
        headers: { 'x-token': admin },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe(40001);

      const anonymous = await t.app.inject({ method: 'GET', url: '/api/quota/usage/1' });
      expect(anonymous.statusCode).toBe(401);

      const editor = await login(t.app, EDITOR.account, EDITOR.password);
      const refused = await t.app.inject({
        method: 'GET',
        url: '/api/quota/usage/1',
        headers: { 'x-token': editor },
      });
      expect(refused.statusCode).toBe(403);

      // A supplier account holding the company-list menu reads its own company only.
      const own = company();
      const [supplierRole] = await t.db
        .insert(role)
        .values({ nameEn: 'Quota probe supplier', code: 'quota-probe-supplier' })
        .returning({ id: role.id });
      const [menu] = await t.db
        .select({ id: permission.id })
        .from(permission)
        .where(sql`${permission.type} = 'menu' and ${permission.url} = '/company/company_list'`);
      expect(menu).toBeDefined();
      await t.db.insert(rolePermission).values({ roleId: supplierRole!.id, permissionId: menu!.id });
      const [user] = await t.db
        .insert(adminUser)
        .values({
          account: 'quota-supplier',
          passwordHash: await hashPassword('Supplier-2025', TEST_ARGON2),
          type: 'company',
          companyId: own,
        })
        .returning({ id: adminUser.id });
      await t.db.insert(userRole).values({ userId: user!.id, roleId: supplierRole!.id });
      const supplier = await login(t.app, 'quota-supplier', 'Supplier-2025');
      const mine = await t.app.inject({
        method: 'GET',
        url: `/api/quota/usage/${own}`,
        headers: { 'x-token': supplier },
      });
      expect(mine.statusCode).toBe(200);
      const theirs = await t.app.inject({
        method: 'GET',
        url: `/api/quota/usage/${own + 1}`,
        headers: { 'x-token': supplier },
      });
      expect(theirs.statusCode).toBe(403);
      expect(theirs.json()).toMatchObject({ success: false, code: 40300, content: null });
    });
  });
});
