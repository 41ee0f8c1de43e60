import { ROOT_ROLE } from '@organiser/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { permission, role, rolePermission, userRole } from '../db/schema';
import { AppError } from '../errors';
import { authCacheOf, permissionKey } from './auth-cache';

// Permission checks every layer above uses: the access check of each route and the engine's own reads.

/** Does the user hold an enabled permission (through an enabled role) with this type, method and url? */
export async function hasPermission(
  db: Db,
  args: { userId: number; type: 'menu' | 'resource'; method: string; url: string },
): Promise<boolean> {
  const cache = authCacheOf(db);
  if (cache) {
    const held = await cache.permissionsOf(args.userId, () => permissionKeysOf(db, args.userId));
    return held.has(permissionKey(args.type, args.method, args.url));
  }
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(permission)
    .innerJoin(rolePermission, eq(rolePermission.permissionId, permission.id))
    .innerJoin(role, and(eq(role.id, rolePermission.roleId), eq(role.status, 'enabled')))
    .innerJoin(userRole, and(eq(userRole.roleId, role.id), eq(userRole.userId, args.userId)))
    .where(
      and(
        eq(permission.type, args.type),
        eq(permission.method, args.method),
        eq(permission.url, args.url),
        eq(permission.status, 'enabled'),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Every enabled permission the user holds through an enabled role, as `permissionKey`s. */
async function permissionKeysOf(db: Db, userId: number): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ type: permission.type, method: permission.method, url: permission.url })
    .from(permission)
    .innerJoin(rolePermission, eq(rolePermission.permissionId, permission.id))
    .innerJoin(role, and(eq(role.id, rolePermission.roleId), eq(role.status, 'enabled')))
    .innerJoin(userRole, and(eq(userRole.roleId, role.id), eq(userRole.userId, userId)))
    .where(eq(permission.status, 'enabled'));
  return new Set(rows.map((r) => permissionKey(r.type, r.method, r.url)));
}

/**
 * Ids of the permissions a login holds through its enabled roles; every permission for a root login. Only
 * enabled permissions unless `anyStatus` (a switched-off permission a role still holds counts as held).
 */
export async function heldPermissionIds(
  db: Db,
  user: { id: number; isRoot: boolean },
  options: { anyStatus?: boolean } = {},
): Promise<Set<number>> {
  if (user.isRoot) {
    const all = await db.select({ id: permission.id }).from(permission);
    return new Set(all.map((r) => r.id));
  }
  const rows = await db
    .selectDistinct({ id: permission.id })
    .from(permission)
    .innerJoin(rolePermission, eq(rolePermission.permissionId, permission.id))
    .innerJoin(role, and(eq(role.id, rolePermission.roleId), eq(role.status, 'enabled')))
    .innerJoin(userRole, and(eq(userRole.roleId, role.id), eq(userRole.userId, user.id)))
    .where(options.anyStatus ? undefined : eq(permission.status, 'enabled'));
  return new Set(rows.map((r) => r.id));
}

/** Does the login hold the root role? `enabledOnly`: only while the role is enabled (what a session gets);
 * otherwise any link to it counts (an account that would be root again once the role is switched back on). */
export async function holdsRootRole(db: Db, loginId: number, enabledOnly = true): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(userRole)
    .innerJoin(
      role,
      and(
        eq(role.id, userRole.roleId),
        eq(role.code, ROOT_ROLE),
        enabledOnly ? eq(role.status, 'enabled') : undefined,
      ),
    )
    .where(eq(userRole.userId, loginId))
    .limit(1);
  return rows.length > 0;
}

/** Refuses (403 `grantNotHeld`, naming it) the first of `ids` the caller does not hold itself. */
export async function assertHeld(
  db: Db,
  caller: { id: number; isRoot: boolean },
  ids: readonly number[],
  options: { anyStatus?: boolean } = {},
): Promise<void> {
  if (caller.isRoot || ids.length === 0) return;
  const held = await heldPermissionIds(db, caller, options);
  const missing = ids.find((id) => !held.has(id));
  if (missing === undefined) return;
  const [row] = await db
    .select({ nameEn: permission.nameEn, nameZh: permission.nameZh })
    .from(permission)
    .where(eq(permission.id, missing));
  throw new AppError('grantNotHeld', {
    params: { nameEn: row?.nameEn ?? String(missing), nameZh: row?.nameZh || row?.nameEn || String(missing) },
  });
}
