import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { permission, userRole } from '../../db/schema';

// Reads shared by the role and permission rules and routes: the permission rows, what a caller holds, the
// routes of the running server that a permission url stands for.

/** A stored permission row (the engine's table: keys are the entity's field names). */
export type PermissionRow = {
  id: number;
  parentId: number | null;
  type: 'menu' | 'resource';
  icon: string | null;
  nameEn: string;
  nameZh: string;
  method: string;
  url: string;
  sortNo: number;
  status: 'enabled' | 'disabled';
  builtIn: boolean;
  edited: boolean;
  stale: boolean;
};

/** What a caller holds: one reading for role edits, permission switches and account rules. */
export { heldPermissionIds } from '../../access/permission-checks';

/** Ids of the roles the user holds (enabled or not). */
export async function heldRoleIds(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db.select({ id: userRole.roleId }).from(userRole).where(eq(userRole.userId, userId));
  return new Set(rows.map((r) => r.id));
}

export async function allPermissions(db: Db): Promise<PermissionRow[]> {
  return (await db
    .select()
    .from(permission)
    .orderBy(asc(permission.sortNo), asc(permission.id))) as PermissionRow[];
}

export async function permissionsByIds(db: Db, ids: readonly number[]): Promise<PermissionRow[]> {
  if (!ids.length) return [];
  return (await db
    .select()
    .from(permission)
    .where(inArray(permission.id, [...ids]))) as PermissionRow[];
}
