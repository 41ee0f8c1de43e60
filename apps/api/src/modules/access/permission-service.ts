import { validationMessage } from '@organiser/domain';
import { and, count, eq, ne } from 'drizzle-orm';
import { invalidateAuthCaches } from '../../access/auth-cache';
import { assertHeld } from '../../access/permission-checks';
import type { AuthUser } from '../../access/route-access';
import type { Db } from '../../db/client';
import { permission, role, rolePermission } from '../../db/schema';
import { AppError } from '../../errors';
import { allPermissions, bilingual, heldPermissionIds, isStale, type PermissionRow } from './store';

// What the permission routes do: read the tree with the roles holding each entry, and write entries under
// the rules of the tree — a menu has no method, a resource needs one, a parent is a menu and never a
// descendant, a built-in entry keeps its type, method, url and parent, and a permission held by roles is
// deleted only when confirmed. Every write empties the auth caches.

const t = (en: string, zh: string) => ({ en, zh });

export type PermissionInput = {
  parentId: number | null;
  type: 'menu' | 'resource';
  icon: string | null;
  name: { en: string; zh: string };
  method: '' | 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  sortNo: number;
  status: 'enabled' | 'disabled';
};

/** The columns a permission body writes, on add and on edit alike. */
const permissionColumns = (body: PermissionInput) => ({
  parentId: body.parentId,
  type: body.type,
  icon: body.icon || null,
  nameEn: body.name.en,
  nameZh: body.name.zh,
  method: body.method,
  url: body.url,
  sortNo: body.sortNo,
  status: body.status,
});

function present(row: PermissionRow, routeKeys: Set<string>, roles: number) {
  return {
    id: row.id,
    parentId: row.parentId,
    type: row.type,
    icon: row.icon,
    name: bilingual(row.nameEn, row.nameZh),
    method: row.method,
    url: row.url,
    sortNo: row.sortNo,
    status: row.status,
    builtIn: row.builtIn,
    stale: isStale(row, routeKeys),
    roles,
  };
}

async function roleCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: rolePermission.permissionId, n: count() })
    .from(rolePermission)
    .groupBy(rolePermission.permissionId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

async function loadPermission(db: Db, id: number): Promise<PermissionRow> {
  const [row] = await db.select().from(permission).where(eq(permission.id, id)).limit(1);
  if (!row) throw new AppError('notFound');
  return row;
}

const FIELD_NAMES = {
  type: t('type', '类型'),
  method: t('method', '请求方式'),
  url: t('url', '地址'),
  parentId: t('parent', '上级'),
} as const;

/** Refusals of a body whatever the entry: a menu has no method, a resource needs one. */
function checkShape(body: PermissionInput, lang: 'en' | 'zh'): void {
  if (body.type === 'resource' && !body.method)
    throw AppError.fields([{ path: 'method', message: validationMessage('required', lang) }]);
  if (body.type === 'menu' && body.method)
    throw AppError.fields([{ path: 'method', message: validationMessage('invalid', lang) }]);
}

/** The parent must be an existing menu, and not the entry itself or one of its descendants. */
async function checkParent(db: Db, parentId: number | null, selfId?: number): Promise<void> {
  if (parentId === null) return;
  const rows = await db
    .select({ id: permission.id, parentId: permission.parentId, type: permission.type })
    .from(permission);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const parent = byId.get(parentId);
  if (parent?.type !== 'menu') throw new AppError('permissionParent');
  if (selfId === undefined) return;
  const seen = new Set<number>();
  for (let at: number | null = parentId; at !== null; at = byId.get(at)?.parentId ?? null) {
    if (at === selfId || seen.has(at)) throw new AppError('permissionCycle');
    seen.add(at);
  }
}

async function checkUnique(db: Db, body: PermissionInput, exceptId?: number): Promise<void> {
  const same = and(
    eq(permission.type, body.type),
    eq(permission.method, body.method),
    eq(permission.url, body.url),
  );
  const [taken] = await db
    .select({ id: permission.id })
    .from(permission)
    .where(exceptId ? and(same, ne(permission.id, exceptId)) : same)
    .limit(1);
  if (taken) throw new AppError('duplicate', { params: { field: `${body.method} ${body.url}`.trim() } });
}

/** A built-in entry keeps its type, method, url and parent: the first one the body changes is refused. */
function checkBuiltIn(row: PermissionRow, body: PermissionInput): void {
  if (!row.builtIn) return;
  for (const field of ['type', 'method', 'url', 'parentId'] as const) {
    if (body[field] !== row[field]) {
      const name = FIELD_NAMES[field];
      throw new AppError('builtInPermission', { params: { fieldEn: name.en, fieldZh: name.zh } });
    }
  }
}

/** Every permission in tree order; `stale` ('true' or 'false') keeps only the entries so marked. */
export async function listPermissions(db: Db, routeKeys: Set<string>, stale?: 'true' | 'false') {
  const counts = await roleCounts(db);
  const list = (await allPermissions(db)).map((r) => present(r, routeKeys, counts.get(r.id) ?? 0));
  return stale ? list.filter((p) => p.stale === (stale === 'true')) : list;
}

/** The permission tree a role is edited with, each entry marked `grantable` when the caller holds it. */
export async function grantTree(db: Db, routeKeys: Set<string>, user: AuthUser) {
  const counts = await roleCounts(db);
  const held = await heldPermissionIds(db, user);
  return (await allPermissions(db)).map((r) => ({
    ...present(r, routeKeys, counts.get(r.id) ?? 0),
    grantable: held.has(r.id),
  }));
}

export async function permissionDetail(db: Db, routeKeys: Set<string>, id: number) {
  const row = await loadPermission(db, id);
  return present(row, routeKeys, (await roleCounts(db)).get(row.id) ?? 0);
}

export async function createPermission(
  db: Db,
  routeKeys: Set<string>,
  body: PermissionInput,
  lang: 'en' | 'zh',
) {
  checkShape(body, lang);
  await checkParent(db, body.parentId);
  await checkUnique(db, body);
  const [created] = await db
    .insert(permission)
    .values({ ...permissionColumns(body), builtIn: false })
    .returning();
  invalidateAuthCaches();
  return present(created!, routeKeys, 0);
}

export async function updatePermission(
  db: Db,
  routeKeys: Set<string>,
  request: { user: AuthUser; lang: 'en' | 'zh' },
  id: number,
  body: PermissionInput,
) {
  const row = await loadPermission(db, id);
  checkBuiltIn(row, body);
  // Switching a permission on or off changes every role holding it: only for one the caller holds.
  if (body.status !== row.status) await assertHeld(db, request.user, [id], { anyStatus: true });
  checkShape(body, request.lang);
  await checkParent(db, body.parentId, id);
  await checkUnique(db, body, id);
  const edited =
    row.edited ||
    (row.builtIn &&
      (body.name.en !== row.nameEn || body.name.zh !== row.nameZh || body.sortNo !== row.sortNo));
  const [updated] = await db
    .update(permission)
    .set({ ...permissionColumns(body), edited, updatedAt: new Date() })
    .where(eq(permission.id, id))
    .returning();
  invalidateAuthCaches();
  return present(updated!, routeKeys, (await roleCounts(db)).get(id) ?? 0);
}

/** Deletes a permission with no children; while roles hold it, only with `confirm` (else a 409 naming them). */
export async function deletePermission(db: Db, routeKeys: Set<string>, id: number, confirm: boolean) {
  const row = await loadPermission(db, id);
  if (row.builtIn && !isStale(row, routeKeys)) throw new AppError('builtInPermissionDelete');
  const [children] = await db.select({ n: count() }).from(permission).where(eq(permission.parentId, id));
  if (Number(children?.n ?? 0) > 0)
    throw new AppError('permissionHasChildren', { params: { count: Number(children!.n) } });
  const holders = await db
    .select({ id: role.id, name: role.name, nameZh: role.nameZh })
    .from(role)
    .innerJoin(rolePermission, and(eq(rolePermission.roleId, role.id), eq(rolePermission.permissionId, id)));
  if (holders.length && !confirm) {
    throw new AppError('permissionHeld', {
      params: {
        rolesEn: holders.map((h) => h.name).join(', '),
        rolesZh: holders.map((h) => h.nameZh || h.name).join('、'),
      },
      content: { roles: holders.map((h) => ({ id: h.id, name: bilingual(h.name, h.nameZh) })) },
    });
  }
  await db.delete(permission).where(eq(permission.id, id));
  invalidateAuthCaches();
  return { id };
}
