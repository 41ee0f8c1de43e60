import type { AuthUser } from '../../access/route-access';
import type { Db } from '../../db/client';
import { bilingualOf } from './names';
import { roleCounts } from './permission-rules';
import { allPermissions, heldPermissionIds, type PermissionRow } from './store';

// The permission reads the product spells its own way: the whole tree with the roles holding each entry
// (optionally only the stale ones) and the tree a role is edited with. Writes and deletes of entries go through
// the engine (permission-rules.ts).

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
