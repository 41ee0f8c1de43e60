import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { permission, role, rolePermission, userRole } from '../db/schema';
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
