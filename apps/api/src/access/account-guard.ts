import { STAFF_USER_TYPES } from '@organiser/domain';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { hasPermission, heldPermissionIds, holdsRootRole } from './permission-checks';

// The one rule every write on an account goes through (edit, password, email, import row, enable, disable,
// delete, restore, purge, role assignment, session revoke, activation mail, password reset, a supplier login's
// password set from its company): a caller who is not root may not act on an account that is root or that
// holds any permission the caller does not hold, so no account can take over a stronger one. Staff accounts
// (organiser and supplier logins) are governed by the admin accounts' menu: acting on one also needs that
// menu, whatever route the call came through. The users module runs it as a write hook of user_manager; the
// routes that write accounts elsewhere call it themselves.

/** The admin accounts' menu: staff accounts are managed from it. */
export const ADMIN_LIST_MENU = '/adminManage/admin_list';

/** The account acted on, as stored: its type and, for a staff account, its console login. */
export type AccountTarget = { account?: unknown; type?: unknown; loginId?: unknown };

export const isStaffType = (type: unknown): boolean =>
  (STAFF_USER_TYPES as readonly unknown[]).includes(type);

/** What the rule needs of a caller, read once for a whole write (an import checks every row with it). */
export type AccountCaller = { id: number; isRoot: boolean; mayManageStaff: boolean; held: Set<number> };

/** The caller's login as the rule sees it; null for the server itself (seeds, hooks of other entities). */
export async function accountCaller(db: Db, callerId: number | null): Promise<AccountCaller | null> {
  if (callerId === null) return null;
  if (await holdsRootRole(db, callerId))
    return { id: callerId, isRoot: true, mayManageStaff: true, held: new Set() };
  return {
    id: callerId,
    isRoot: false,
    mayManageStaff: await hasPermission(db, {
      userId: callerId,
      type: 'menu',
      method: '',
      url: ADMIN_LIST_MENU,
    }),
    held: await heldPermissionIds(db, { id: callerId, isRoot: false }),
  };
}

/**
 * Refuses (403) a caller acting on `target`: without the admin accounts' menu when the target is a staff
 * account; `accountProtected` when the target's login is root or holds a permission the caller does not.
 * `caller` is the caller's login id (or its `accountCaller`); null is the server itself, never refused.
 * Inside a transaction, pass the transaction as `db`.
 */
export async function assertMayActOnAccount(
  db: Db,
  caller: number | AccountCaller | null,
  target: AccountTarget,
): Promise<void> {
  const who = typeof caller === 'number' ? await accountCaller(db, caller) : caller;
  if (who === null || who.isRoot) return;
  const loginId = target.loginId == null ? null : Number(target.loginId);
  // One's own account holds nothing one does not.
  if (loginId !== null && loginId === who.id) return;
  if (isStaffType(target.type) && !who.mayManageStaff) throw new AppError('forbidden');
  if (loginId === null) return;
  const protectedAccount = () =>
    new AppError('accountProtected', { params: { account: String(target.account ?? loginId) } });
  if (await holdsRootRole(db, loginId, false)) throw protectedAccount();
  const theirs = await heldPermissionIds(db, { id: loginId, isRoot: false });
  for (const id of theirs) if (!who.held.has(id)) throw protectedAccount();
}
