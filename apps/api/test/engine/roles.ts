import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { adminUser, permission, role, rolePermission, userRole } from '../../src/db/schema';
import { hashPassword } from '../../src/security/password';
import { TEST_ARGON2 } from '../helpers';

/** A role holding exactly the given menu urls and resource routes, and an account with only that role. */
export async function createAccountWithRole(
  db: Db,
  args: { account: string; password: string; menus: string[]; resources: { method: string; url: string }[] },
): Promise<void> {
  const [r] = await db
    .insert(role)
    .values({ nameEn: args.account, code: args.account })
    .returning({ id: role.id });
  const ids: number[] = [];
  if (args.menus.length) {
    const menus = await db
      .select({ id: permission.id })
      .from(permission)
      .where(and(eq(permission.type, 'menu'), inArray(permission.url, args.menus)));
    ids.push(...menus.map((m) => m.id));
  }
  for (const res of args.resources) {
    const found = await db
      .select({ id: permission.id })
      .from(permission)
      .where(
        and(eq(permission.type, 'resource'), eq(permission.method, res.method), eq(permission.url, res.url)),
      );
    if (!found[0]) throw new Error(`no resource permission ${res.method} ${res.url}`);
    ids.push(found[0].id);
  }
  if (ids.length)
    await db.insert(rolePermission).values(ids.map((permissionId) => ({ roleId: r!.id, permissionId })));
  const passwordHash = await hashPassword(args.password, TEST_ARGON2);
  const [u] = await db
    .insert(adminUser)
    .values({ account: args.account, passwordHash, nickname: args.account })
    .returning({ id: adminUser.id });
  await db.insert(userRole).values({ userId: u!.id, roleId: r!.id });
}
