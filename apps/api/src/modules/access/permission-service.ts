import { and, count, eq } from 'drizzle-orm';
import { invalidateAuthCaches } from '../../access/auth-cache';
import type { AuthUser } from '../../access/route-access';
import type { Db } from '../../db/client';
import { permission, role, rolePermission } from '../../db/schema';
import { AppError } from '../../errors';
import { bilingualOf } from './names';
import { roleCounts } from './permission-rules';
import { allPermissions, heldPermissionIds, isStale, type PermissionRow } from './store';

// The permission reads and the delete the product spells its own way: the whole tree with the roles holding
// each entry (optionally only the stale ones), the tree a role is edited with, and a delete that asks to
// confirm when roles hold the entry. Writes of entries go through the engine (permission-rules.ts).

function present(row: PermissionRow, roles: number) {
  return {
    id: row.id,
    parentId: row.parentId,
    type: row.type,
    icon: row.icon,
    name: bilingualOf(row),
    method: row.method,
    url: row.url,
    sortNo: row.sortNo,
    status: row.status,
    builtIn: row.builtIn,
    stale: row.stale,
    roles,
  };
}

/** Every permission in tree order; `stale` ('true' or 'false') keeps only the entries so marked. */
export async function listPermissions(db: Db, stale?: 'true' | 'false') {
  const counts = await roleCounts(db);
  const list = (await allPermissions(db)).map((r) => present(r, counts.get(r.id) ?? 0));
  return stale ? list.filter((p) => p.stale === (stale === 'true')) : list;
}

/** The permission tree a role is edited with, each entry marked `grantable` when the caller holds it. */
export async function grantTree(db: Db, user: AuthUser) {
  const counts = await roleCounts(db);
  const held = await heldPermissionIds(db, user);
  return (await allPermissions(db)).map((r) => ({
    ...present(r, counts.get(r.id) ?? 0),
    grantable: held.has(r.id),
  }));
}

/** Deletes a permission with no children; while roles hold it, only with `confirm` (else a 409 naming them).
 * A built-in entry goes only once its route is gone: on this server, whatever the last start recorded. */
export async function deletePermission(db: Db, routeKeys: Set<string>, id: number, confirm: boolean) {
  const [row] = (await db.select().from(permission).where(eq(permission.id, id)).limit(1)) as PermissionRow[];
  if (!row) throw new AppError('notFound');
  if (row.builtIn && !isStale(row, routeKeys)) throw new AppError('builtInPermissionDelete');
  const [children] = await db.select({ n: count() }).from(permission).where(eq(permission.parentId, id));
  if (Number(children?.n ?? 0) > 0)
    throw new AppError('permissionHasChildren', { params: { count: Number(children!.n) } });
  const holders = await db
    .select({ id: role.id, nameEn: role.nameEn, nameZh: role.nameZh })
    .from(role)
    .innerJoin(rolePermission, and(eq(rolePermission.roleId, role.id), eq(rolePermission.permissionId, id)));
  if (holders.length && !confirm) {
    const names = holders.map((h) => bilingualOf(h));
    throw new AppError('permissionHeld', {
      params: {
        rolesEn: names.map((n) => n.en).join(', '),
        rolesZh: names.map((n) => n.zh).join('、'),
      },
      content: { roles: holders.map((h, i) => ({ id: Number(h.id), name: names[i] })) },
    });
  }
  await db.delete(permission).where(eq(permission.id, id));
  invalidateAuthCaches();
  return { id };
}
