import { ROOT_ROLE } from '@organiser/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { permission, role, rolePermission, userRole } from '../../db/schema';
import type { RouteRecord } from '../../fastify-decorations';

// Reads shared by the role and permission routes: the permission rows, what a caller holds, the routes of
// the running server that a permission url stands for.

export type PermissionRow = typeof permission.$inferSelect;

export const bilingual = (en: string, zh: string) => ({ en, zh: zh || en });

/** What a caller holds: one reading for role edits, permission switches and account rules. */
export { heldPermissionIds } from '../../access/permission-checks';

/** Ids of the roles the user holds (enabled or not). */
export async function heldRoleIds(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db.select({ id: userRole.roleId }).from(userRole).where(eq(userRole.userId, userId));
  return new Set(rows.map((r) => r.id));
}

export async function allPermissions(db: Db): Promise<PermissionRow[]> {
  return db.select().from(permission).orderBy(asc(permission.sortNo), asc(permission.id));
}

export async function permissionIdsOfRole(db: Db, roleId: number): Promise<number[]> {
  const rows = await db
    .select({ id: rolePermission.permissionId })
    .from(rolePermission)
    .where(eq(rolePermission.roleId, roleId))
    .orderBy(asc(rolePermission.permissionId));
  return rows.map((r) => r.id);
}

/** `METHOD url` of every resource route the server registered: a built-in resource permission whose key is
 * not among them stands for a route that no longer exists. */
export function resourceKeys(routes: readonly RouteRecord[]): Set<string> {
  const keys = new Set<string>();
  for (const r of routes) if (r.access?.kind === 'resource') keys.add(`${r.method} ${r.url}`);
  return keys;
}

/** A built-in resource whose route is gone. */
export function isStale(row: PermissionRow, routeKeys: Set<string>): boolean {
  return row.builtIn && row.type === 'resource' && !routeKeys.has(`${row.method} ${row.url}`);
}

export async function isRootRole(db: Db, roleId: number): Promise<boolean> {
  const [row] = await db.select({ code: role.code }).from(role).where(eq(role.id, roleId)).limit(1);
  return row?.code === ROOT_ROLE;
}

export async function permissionsByIds(db: Db, ids: readonly number[]): Promise<PermissionRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(permission)
    .where(inArray(permission.id, [...ids]));
}
