import { ROOT_ROLE } from '@organiser/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adminUser, role, userRole } from '../db/schema';
import { AppError } from '../errors';

// The one rule that keeps the console administrable: at least one enabled account holds the enabled `root`
// role. Every write that could take the last one away (an account disabled or deleted, its roles replaced or
// one removed, the root role disabled or deleted) calls `assertRootRemains` before it writes, inside the
// same transaction when there is one.

/** A change about to be written, as far as root holders are concerned. */
export type RootChange =
  | { kind: 'disableAccount'; userId: number }
  | { kind: 'deleteAccount'; userId: number }
  /** The account's roles become exactly `roleIds`. */
  | { kind: 'setRoles'; userId: number; roleIds: readonly number[] }
  | { kind: 'removeRole'; userId: number; roleId: number }
  | { kind: 'disableRole'; roleId: number }
  | { kind: 'deleteRole'; roleId: number };

/** The enabled accounts holding the enabled root role. */
export async function rootHolders(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: adminUser.id })
    .from(adminUser)
    .innerJoin(userRole, eq(userRole.userId, adminUser.id))
    .innerJoin(role, and(eq(role.id, userRole.roleId), eq(role.code, ROOT_ROLE), eq(role.status, 'enabled')))
    .where(eq(adminUser.status, 'enabled'));
  return rows.map((r) => r.id);
}

async function rootRoleId(db: Db): Promise<number | undefined> {
  const [row] = await db.select({ id: role.id }).from(role).where(eq(role.code, ROOT_ROLE)).limit(1);
  return row?.id;
}

/** The root holders left after `change` (the change itself is not written). */
export async function rootHoldersAfter(db: Db, change: RootChange): Promise<number[]> {
  const holders = await rootHolders(db);
  const rootId = await rootRoleId(db);
  switch (change.kind) {
    case 'disableAccount':
    case 'deleteAccount':
      return holders.filter((id) => id !== change.userId);
    case 'setRoles':
      return rootId !== undefined && change.roleIds.includes(rootId)
        ? holders
        : holders.filter((id) => id !== change.userId);
    case 'removeRole':
      return change.roleId === rootId ? holders.filter((id) => id !== change.userId) : holders;
    case 'disableRole':
    case 'deleteRole':
      return change.roleId === rootId ? [] : holders;
  }
}

/** Refuses (409 `lastRoot`, in both languages) a change that would leave no enabled account with root. */
export async function assertRootRemains(db: Db, change: RootChange): Promise<void> {
  const before = await rootHolders(db);
  // A database without any root holder (a fresh test fixture) is not made worse by an unrelated change.
  if (before.length === 0) return;
  const after = await rootHoldersAfter(db, change);
  if (after.length === 0) throw new AppError('lastRoot');
}
