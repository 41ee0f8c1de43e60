import { ROOT_ROLE } from '@organiser/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminUser, role, userRole } from '../src/db/schema';
import { entityTables } from '../src/db/schema/entities';
import { registerModules } from '../src/extensions';
import { modules } from '../src/modules';
import { isDatabaseEmpty, seedIfEmpty as seedWith } from '../src/seed';
import { StartupError } from '../src/startup-error';
import { createTestApp, type TestApp, testConfig } from './helpers';

// The first start on an empty database.

const userManager = entityTables.user_manager!;

describe('first-start seed', () => {
  let t: TestApp;
  const demoRuns: string[] = [];
  // The modules' seeds plus a probe (a second registration of a name is ignored).
  const { seeds } = registerModules([
    ...modules,
    {
      name: 'probe',
      register: (ext) => {
        ext.demoSeed({ name: 'probe', run: async () => void demoRuns.push('probe') });
        ext.demoSeed({ name: 'probe', run: async () => void demoRuns.push('duplicate') });
      },
    },
  ]);
  const seedIfEmpty = (c: Parameters<typeof seedWith>[0]) => seedWith(c, {}, seeds);

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.execute(
      sql`truncate admin_user, user_manager, role, user_role, role_permission, session restart identity cascade`,
    );
    demoRuns.length = 0;
  });

  const ctx = (env: Record<string, string>) => ({
    db: t.db,
    config: testConfig({ env }, t.dataDir),
    log: () => {},
  });

  /** The staff records, as [account, type, login id], sorted. */
  const staffRecords = async () =>
    (
      await t.db
        .select({ account: userManager.account, type: userManager.type, loginId: userManager.loginId })
        .from(userManager)
        .where(inArray(userManager.type, ['admin', 'company']))
    )
      .map((r) => [r.account, r.type, r.loginId])
      .sort();
  /** Every login as the staff record it should have. */
  const loginsAs = async (typeOf: (account: string) => string) =>
    (await t.db.select({ id: adminUser.id, account: adminUser.account }).from(adminUser))
      .map((l) => [l.account, typeOf(l.account), l.id])
      .sort();

  it('creates the root role and account from ADMIN_ACCOUNT / ADMIN_PASSWORD, once', async () => {
    expect(await isDatabaseEmpty(t.db)).toBe(true);
    const result = await seedIfEmpty(
      ctx({ ADMIN_ACCOUNT: 'boss', ADMIN_PASSWORD: 'Secret-2025', DEMO_DATA: 'false' }),
    );
    expect(result).toEqual({ seeded: true, admin: { account: 'boss', password: null } });
    const rows = await t.db
      .select({ account: adminUser.account, code: role.code })
      .from(adminUser)
      .innerJoin(userRole, eq(userRole.userId, adminUser.id))
      .innerJoin(role, eq(role.id, userRole.roleId));
    expect(rows).toEqual([{ account: 'boss', code: ROOT_ROLE }]);
    expect(demoRuns).toEqual([]);
    expect(await seedIfEmpty(ctx({}))).toEqual({ seeded: false });
    const { login } = await import('./helpers');
    await expect(login(t.app, 'boss', 'Secret-2025')).resolves.toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  // every module's demo data, written as a first start writes it: tens of seconds on a busy 2-core machine
  it('uses admin / admin123 outside production and adds the demo editor and module demo data', {
    timeout: 120_000,
  }, async () => {
    const result = await seedIfEmpty(ctx({}));
    // the demo marketplace's API key is announced for the start-up summary, never logged
    expect(result).toEqual({
      seeded: true,
      admin: { account: 'admin', password: 'admin123' },
      announced: [expect.stringMatching(/^demo marketplace API key \(all scopes\): omk_[0-9a-f]{12}_/)],
    });
    const accounts = (await t.db.select({ account: adminUser.account }).from(adminUser)).map(
      (r) => r.account,
    );
    // The demo suppliers bring the demo supplier login.
    expect(accounts.sort()).toEqual(['admin', 'editor', 'supplier']);
    expect(demoRuns).toEqual(['probe']);
    // Each with its staff record, the supplier's a supplier account.
    expect(await staffRecords()).toEqual(await loginsAs((a) => (a === 'supplier' ? 'company' : 'admin')));
  });

  it('gives every login its staff record on the first start itself, without a restart', async () => {
    await seedWith(ctx({ DEMO_DATA: 'false' }), { demoAccounts: true, demoData: false }, seeds);
    expect(await staffRecords()).toEqual(await loginsAs(() => 'admin'));
  });

  it('refuses to start in production without ADMIN_PASSWORD on an empty database', async () => {
    const production = ctx({ NODE_ENV: 'production', CAPTCHA_TEST_CODE: '' });
    await expect(seedIfEmpty(production)).rejects.toThrow(StartupError);
    await expect(seedIfEmpty(production)).rejects.toThrow('ADMIN_PASSWORD: required in production');
    expect(await isDatabaseEmpty(t.db)).toBe(true);
  });
});
