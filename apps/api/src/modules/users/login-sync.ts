import type { KitIssue } from '@organiser/domain';
import { STAFF_USER_TYPES } from '@organiser/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { invalidateAuthCaches } from '../../access/auth-cache';
import { assertRootRemains } from '../../access/root-guard';
import type { Db } from '../../db/client';
import { adminUser, loginFailure, session } from '../../db/schema';
import { entityTables } from '../../db/schema/entities';
import type { Row, Tx, WriteContext, WriteEvent } from '../../engine';
import { accountTaken } from './account-rules';

// A staff account (organiser or supplier) is a user_manager record and a console login (admin_user, which
// sessions and role links point at). The record is what the screens edit; this hook keeps its login in step
// inside the same transaction: account, names, mobile, company, password hash and status. Trashing the record
// disables the login, restoring enables it again, purging removes it; a new password or a disabled account
// ends the login's sessions.

/** Never matches a password: the login of an account created without one cannot sign in until it gets one. */
const NO_PASSWORD = '!';

const isStaff = (row: Row | null) =>
  Boolean(row) && (STAFF_USER_TYPES as readonly string[]).includes(String(row!.type));

const revoke = (tx: Tx, loginId: number, reason: 'password' | 'disabled') =>
  tx
    .update(session)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(session.userId, loginId), isNull(session.revokedAt)));

const loginValues = (row: Row) => ({
  account: String(row.account),
  nickname: String(row.nickname ?? row.realname ?? row.account).slice(0, 100),
  mobile: String(row.mobile ?? ''),
  avatar: String(row.avatar ?? ''),
  type: row.type as 'admin' | 'company',
  companyId: row.type === 'company' && row.companyId != null ? Number(row.companyId) : null,
  updatedAt: new Date(),
});

/** A new staff record gets a login of its own: an existing login with the same account (in any case) is
 * never taken over, whoever holds it. */
async function createLogin(tx: Tx, ctx: WriteContext, row: Row): Promise<void> {
  const table = entityTables.user_manager!;
  const [holder] = (await tx
    .select({ id: adminUser.id })
    .from(adminUser)
    .where(sql`lower(${adminUser.account}) = lower(${String(row.account)})`)
    .limit(1)) as { id: number }[];
  if (holder) throw accountTaken(ctx);
  const [created] = (await tx
    .insert(adminUser)
    .values({
      ...loginValues(row),
      passwordHash: row.password ? String(row.password) : NO_PASSWORD,
      status: row.status === 'enabled' ? 'enabled' : 'disabled',
    })
    .returning({ id: adminUser.id })) as { id: number }[];
  const loginId = created!.id;
  await tx.update(table).set({ loginId }).where(eq(table.id, row.id));
  row.loginId = loginId;
}

/** The user_manager write hook. */
export async function syncStaffLogin(tx: Tx, ctx: WriteContext, event: WriteEvent): Promise<void> {
  let touched = false;
  for (const { before, after } of event.rows) {
    const row = after ?? before;
    if (!isStaff(row)) continue;
    touched = true;
    const loginId = row!.loginId == null ? null : Number(row!.loginId);
    if (event.action === 'purge') {
      if (loginId) {
        await assertRootRemains(tx as unknown as Db, { kind: 'deleteAccount', userId: loginId });
        await tx.delete(adminUser).where(eq(adminUser.id, loginId));
      }
      continue;
    }
    if (event.action === 'delete' || !after) {
      // Trashed: the login stays, disabled, until the record is restored or purged.
      if (loginId) {
        await assertRootRemains(tx as unknown as Db, { kind: 'deleteAccount', userId: loginId });
        await tx
          .update(adminUser)
          .set({ status: 'disabled', updatedAt: new Date() })
          .where(eq(adminUser.id, loginId));
        await revoke(tx, loginId, 'disabled');
      }
      continue;
    }
    if (!loginId) {
      if (!after.deletedAt) await createLogin(tx, ctx, after);
      continue;
    }
    const live = after.status === 'enabled' && !after.deletedAt;
    if (!live) await assertRootRemains(tx as unknown as Db, { kind: 'disableAccount', userId: loginId });
    const passwordChanged = Boolean(after.password) && after.password !== before?.password;
    await tx
      .update(adminUser)
      .set({
        ...loginValues(after),
        ...(passwordChanged
          ? { passwordHash: String(after.password), failedLogins: 0, lockedUntil: null }
          : {}),
        status: live ? 'enabled' : 'disabled',
      })
      .where(eq(adminUser.id, loginId));
    if (!live) await revoke(tx, loginId, 'disabled');
    else if (passwordChanged) await revoke(tx, loginId, 'password');
    // A new password lifts the account's lock, from every address.
    if (passwordChanged) await tx.delete(loginFailure).where(eq(loginFailure.account, String(after.account)));
  }
  // Logins, their status or their sessions may have changed: cached sessions and permissions are dropped.
  if (touched) invalidateAuthCaches({ beforeCommit: true });
}

/**
 * Every console login without a record gets one (the first administrator, supplier logins made from their
 * companies): run at start and after company writes, so the admin list shows every login.
 */
export async function addMissingStaffRecords(db: Db | Tx): Promise<void> {
  await db.execute(sql`
    insert into user_manager (account, type, company_id, nickname, mobile, avatar, status, login_id, password)
    select a.account, a.type, a.company_id, nullif(a.nickname, ''), nullif(a.mobile, ''), nullif(a.avatar, ''),
           a.status, a.id, a.password_hash
    from admin_user a
    where not exists (select 1 from user_manager u where u.login_id = a.id)
      and not exists (select 1 from user_manager u where u.account = a.account and u.deleted_at is null)
  `);
}

/** A supplier login is made from its company (the company's account and password), never here. */
export async function refuseSupplierCreate(
  _ctx: WriteContext,
  values: Record<string, unknown>,
  current: Row | null,
): Promise<KitIssue[]> {
  if (current || values.type !== 'company') return [];
  return [
    {
      path: 'type',
      message: {
        en: 'Type: a supplier login is made from its company (account and password of the company)',
        zh: '用户类型：供应商登录账号须在企业资料中创建（企业的账号和密码）',
      },
    },
  ];
}

/** The company hook: a company's new supplier login gets its staff record; a purged company's records go. */
export async function syncCompanyStaff(tx: Tx, _ctx: WriteContext, event: WriteEvent): Promise<void> {
  if (event.action === 'purge') {
    const table = entityTables.user_manager!;
    for (const { before } of event.rows)
      if (before)
        await tx.delete(table).where(and(eq(table.type, 'company'), eq(table.companyId, Number(before.id))));
    return;
  }
  await addMissingStaffRecords(tx);
}
