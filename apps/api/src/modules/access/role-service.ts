import { ROOT_ROLE } from '@organiser/domain';
import { and, asc, count, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import { invalidateAuthCaches } from '../../access/auth-cache';
import { assertHeld } from '../../access/permission-checks';
import { assertRootRemains } from '../../access/root-guard';
import type { AuthUser } from '../../access/route-access';
import type { Db } from '../../db/client';
import { adminUser, role, rolePermission, userRole } from '../../db/schema';
import { AppError } from '../../errors';
import { bilingual, heldRoleIds, permissionIdsOfRole, permissionsByIds } from './store';

// What the role routes do: read roles with their holders, and write them under the rules on roles — `root`
// is reserved, a caller never changes a role they hold and grants only permissions they hold. Every write
// empties the auth caches, so it takes effect on the next request of every session.

type RoleRow = typeof role.$inferSelect;

export type RoleInput = {
  code: string;
  name: { en: string; zh: string };
  status: 'enabled' | 'disabled';
  remark: string;
  permissionIds: number[];
};

export type RoleListQuery = {
  page: number;
  size: number;
  keyword?: string | undefined;
  status?: 'enabled' | 'disabled' | undefined;
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

async function holderCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ roleId: userRole.roleId, n: count() })
    .from(userRole)
    .where(inArray(userRole.roleId, ids))
    .groupBy(userRole.roleId);
  return new Map(rows.map((r) => [r.roleId, Number(r.n)]));
}

function present(row: RoleRow, holders: number) {
  return {
    id: row.id,
    code: row.code,
    name: bilingual(row.name, row.nameZh),
    status: row.status,
    remark: row.remark,
    builtIn: row.code === ROOT_ROLE,
    holders,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function loadRole(db: Db, id: number): Promise<RoleRow> {
  const [row] = await db.select().from(role).where(eq(role.id, id)).limit(1);
  if (!row) throw new AppError('notFound');
  return row;
}

/** Refusals shared by every write on an existing role: root is reserved, one's own roles are off limits. */
async function assertEditable(db: Db, row: RoleRow, user: AuthUser): Promise<void> {
  if (row.code === ROOT_ROLE) throw new AppError('roleReserved', { params: { code: row.code } });
  if ((await heldRoleIds(db, user.id)).has(row.id)) {
    throw new AppError('ownRole', { params: { nameEn: row.name, nameZh: row.nameZh || row.name } });
  }
}

/** Refuses the first permission in `wanted` (not already in `current`) the caller does not hold. */
async function assertGrantable(db: Db, user: AuthUser, wanted: number[], current: number[]): Promise<void> {
  const added = wanted.filter((id) => !current.includes(id));
  if (!added.length) return;
  const rows = await permissionsByIds(db, added);
  if (rows.length !== new Set(added).size) {
    const known = new Set(rows.map((r) => r.id));
    const missing = added.find((id) => !known.has(id));
    throw new AppError('badParameter', { params: { name: `permissionIds: ${missing}` } });
  }
  await assertHeld(db, user, added);
}

async function assertCodeFree(db: Db, code: string, exceptId?: number): Promise<void> {
  if (code === ROOT_ROLE) throw new AppError('roleReserved', { params: { code } });
  const where = exceptId ? and(eq(role.code, code), ne(role.id, exceptId)) : eq(role.code, code);
  const [taken] = await db.select({ id: role.id }).from(role).where(where).limit(1);
  if (taken) throw new AppError('duplicate', { params: { field: code } });
}

async function setPermissions(db: Db, roleId: number, ids: number[]): Promise<void> {
  await db.delete(rolePermission).where(eq(rolePermission.roleId, roleId));
  const unique = [...new Set(ids)];
  if (unique.length)
    await db.insert(rolePermission).values(unique.map((permissionId) => ({ roleId, permissionId })));
}

/** The columns a role body writes, on add and on edit alike. */
const roleColumns = (input: RoleInput) => ({
  code: input.code,
  name: input.name.en,
  nameZh: input.name.zh,
  status: input.status,
  remark: input.remark,
});

/** One role as the routes answer it, with its holder count and the ids of its permissions. */
export async function roleDetail(db: Db, id: number) {
  const row = await loadRole(db, id);
  const holders = (await holderCounts(db, [id])).get(id) ?? 0;
  return { ...present(row, holders), permissionIds: await permissionIdsOfRole(db, id) };
}

/** A page of roles by id, filtered by status and by a keyword in the code or either name. */
export async function listRoles(db: Db, q: RoleListQuery) {
  const where: SQL[] = [];
  if (q.status) where.push(eq(role.status, q.status));
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword)}%`;
    where.push(or(ilike(role.code, like), ilike(role.name, like), ilike(role.nameZh, like))!);
  }
  const condition = where.length ? and(...where) : undefined;
  const rows = await db
    .select()
    .from(role)
    .where(condition)
    .orderBy(asc(role.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [total] = await db.select({ n: count() }).from(role).where(condition);
  const holders = await holderCounts(
    db,
    rows.map((r) => r.id),
  );
  return {
    list: rows.map((r) => present(r, holders.get(r.id) ?? 0)),
    total: Number(total?.n ?? 0),
    page: q.page,
    size: q.size,
  };
}

export async function createRole(db: Db, user: AuthUser, input: RoleInput) {
  await assertCodeFree(db, input.code);
  await assertGrantable(db, user, input.permissionIds, []);
  const id = await db.transaction(async (tx) => {
    const [created] = await tx.insert(role).values(roleColumns(input)).returning({ id: role.id });
    await setPermissions(tx, created!.id, input.permissionIds);
    return created!.id;
  });
  invalidateAuthCaches();
  return roleDetail(db, id);
}

export async function updateRole(db: Db, user: AuthUser, id: number, input: RoleInput) {
  const row = await loadRole(db, id);
  await assertEditable(db, row, user);
  await assertCodeFree(db, input.code, id);
  await assertGrantable(db, user, input.permissionIds, await permissionIdsOfRole(db, id));
  await db.transaction(async (tx) => {
    await tx
      .update(role)
      .set({ ...roleColumns(input), updatedAt: new Date() })
      .where(eq(role.id, id));
    await setPermissions(tx, id, input.permissionIds);
    invalidateAuthCaches({ beforeCommit: true });
  });
  invalidateAuthCaches();
  return roleDetail(db, id);
}

/** Enables or disables a role; disabling the last way to root is refused. */
export async function setRoleStatus(db: Db, user: AuthUser, id: number, status: 'enabled' | 'disabled') {
  const row = await loadRole(db, id);
  await assertEditable(db, row, user);
  if (status === 'disabled') await assertRootRemains(db, { kind: 'disableRole', roleId: id });
  await db.update(role).set({ status, updatedAt: new Date() }).where(eq(role.id, id));
  invalidateAuthCaches();
  return roleDetail(db, id);
}

export async function deleteRole(db: Db, user: AuthUser, id: number) {
  const row = await loadRole(db, id);
  await assertEditable(db, row, user);
  await assertRootRemains(db, { kind: 'deleteRole', roleId: id });
  await db.delete(role).where(eq(role.id, id));
  invalidateAuthCaches();
  return { id };
}

/** The accounts holding a role, by account name (at most 1,000). */
export async function roleHolders(db: Db, id: number) {
  await loadRole(db, id);
  return db
    .select({
      id: adminUser.id,
      account: adminUser.account,
      nickname: adminUser.nickname,
      type: adminUser.type,
      companyId: adminUser.companyId,
      status: adminUser.status,
    })
    .from(adminUser)
    .innerJoin(userRole, and(eq(userRole.userId, adminUser.id), eq(userRole.roleId, id)))
    .orderBy(asc(adminUser.account))
    .limit(1000);
}
