import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { adminUser, permission, role, userRole } from '../src/db/schema';
import { hashPassword } from '../src/security/password';
import { TEST_ARGON2 } from './helpers';

// Accounts and permission ids for the role and permission tests (the account screens and routes live
// elsewhere, so accounts are written straight to the database).

export async function createAccount(
  db: Db,
  account: string,
  password: string,
  roleIds: number[],
  extra: Partial<typeof adminUser.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(adminUser)
    .values({ account, passwordHash: await hashPassword(password, TEST_ARGON2), nickname: account, ...extra })
    .returning({ id: adminUser.id });
  if (roleIds.length)
    await db.insert(userRole).values(roleIds.map((roleId) => ({ userId: row!.id, roleId })));
  return row!.id;
}

export async function menuId(db: Db, url: string): Promise<number> {
  const [row] = await db
    .select({ id: permission.id })
    .from(permission)
    .where(and(eq(permission.type, 'menu'), eq(permission.url, url)));
  if (!row) throw new Error(`no menu ${url}`);
  return row.id;
}

export async function resourceId(db: Db, method: string, url: string): Promise<number> {
  const [row] = await db
    .select({ id: permission.id })
    .from(permission)
    .where(and(eq(permission.type, 'resource'), eq(permission.method, method), eq(permission.url, url)));
  if (!row) throw new Error(`no resource ${method} ${url}`);
  return row.id;
}

/** Every resource permission hanging under the menu with this url. */
export async function resourcesUnder(db: Db, url: string): Promise<number[]> {
  const parent = await menuId(db, url);
  const rows = await db
    .select({ id: permission.id })
    .from(permission)
    .where(and(eq(permission.type, 'resource'), inArray(permission.parentId, [parent])));
  return rows.map((r) => r.id);
}

export async function roleId(db: Db, code: string): Promise<number> {
  const [row] = await db.select({ id: role.id }).from(role).where(eq(role.code, code));
  if (!row) throw new Error(`no role ${code}`);
  return row.id;
}

/** The body of a new company with a supplier login `account` / `password` (a root call makes it). */
export const supplierCompanyBody = (account: string, password: string) => ({
  name: `${account} Co., Ltd.`,
  logo: `demo/logo-${account}.png`,
  backgroundImg: `demo/bg-${account}.png`,
  account,
  password,
  telphone: '86-13800000000',
  introduce: 'Pumps.',
  email: `${account}@example.com`,
  countryCode: 'CN',
  belong: '330000/330200',
  belongAddress: 'No. 1 Road',
});
