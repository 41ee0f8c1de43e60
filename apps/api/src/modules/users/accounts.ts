import { randomBytes } from 'node:crypto';
import { type KitIssue, type ListQuery, ROOT_ROLE, STAFF_USER_TYPES } from '@organiser/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type AccountCaller, accountCaller, assertMayActOnAccount } from '../../access/account-guard';
import { invalidateAuthCaches } from '../../access/auth-cache';
import { assertHeld } from '../../access/permission-checks';
import { assertRootRemains } from '../../access/root-guard';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { adminUser, role, rolePermission, userInterest, userRole } from '../../db/schema';
import {
  type CommandHandler,
  type Engine,
  type EngineEntity,
  fieldsError,
  loadRow,
  type Row,
  runList,
  SECRET_MASK,
  toListRecord,
  type WriteContext,
  withEffective,
  withLabels,
} from '../../engine';
import { AppError } from '../../errors';
import type { UsersRuntime } from './runtime';

// The account services behind the users routes and the user_manager commands: the staff list, a staff
// account's roles, favourite categories and the password reset. The account rule (security/account-guard.ts)
// is not called here: every write below is a user_manager command, and the engine runs the rule's hook on
// every command as on every other write of an account.

const t = (en: string, zh: string) => ({ en, zh });
export const issue = (path: string, en: string, zh: string): KitIssue => ({ path, message: t(en, zh) });

/** A new random password: 12 letters and digits, with at least one of each. */
export function randomPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  for (;;) {
    const bytes = randomBytes(12);
    const out = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    if (/[A-Za-z]/.test(out) && /\d/.test(out)) return out;
  }
}

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  status: z.string(),
  assigned: z.boolean(),
  assignable: z
    .boolean()
    .describe(
      'The caller may give or take this role on this account: never on its own account or one it may not act on, and only a role whose every permission the caller holds (root: any)',
    ),
});

/** The live record of an id, or 404. */
export async function recordOf(db: Db, entity: EngineEntity, id: number): Promise<Row> {
  const row = await loadRow(db, entity, id);
  if (!row) throw new AppError('notFound');
  return row;
}

/** The console login of a staff record; other accounts have no roles or sessions (400 naming `userId`). */
export function loginOf(row: Row, lang: 'en' | 'zh'): number {
  if (!(STAFF_USER_TYPES as readonly string[]).includes(String(row.type)) || row.loginId == null)
    throw fieldsError(
      [issue('userId', 'Only staff accounts sign in to the console', '只有后台账号可以登录后台')],
      lang,
    );
  return Number(row.loginId);
}

/** The caller may act on the account (the account rule), as a yes or no. */
async function mayActOn(db: Db, caller: AccountCaller, row: Row): Promise<boolean> {
  try {
    await assertMayActOnAccount(db, caller, row);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.status === 403) return false;
    throw error;
  }
}

/** Every role, whether the login holds it and whether the caller may give or take it: never on its own login
 * (unless root) or on an account it may not act on; a role only when the caller holds each of its permissions
 * (root: any role). */
export async function rolesOf(db: Db, callerId: number, row: Row, loginId: number) {
  const caller = (await accountCaller(db, callerId))!;
  const links = await db
    .select({ roleId: userRole.roleId })
    .from(userRole)
    .where(eq(userRole.userId, loginId));
  const assigned = new Set(links.map((r) => r.roleId));
  const roles = await db.select().from(role).orderBy(role.id);
  const grants = await db.select().from(rolePermission);
  const mayChange = (caller.isRoot || loginId !== caller.id) && (await mayActOn(db, caller, row));
  return roles.map((r) => ({
    id: r.id,
    name: r.nameEn,
    code: r.code,
    status: r.status,
    assigned: assigned.has(r.id),
    assignable:
      mayChange &&
      r.status === 'enabled' &&
      (caller.isRoot ||
        (r.code !== ROOT_ROLE && grants.every((g) => g.roleId !== r.id || caller.held.has(g.permissionId)))),
  }));
}

/** The role rule beyond the account rule: never one's own roles (root aside, kept by the last-root rule); the
 * root role only from root; each added role only when the caller holds every permission it grants. */
async function assertMayAssign(
  tx: Db,
  ctx: WriteContext,
  loginId: number,
  roles: { id: number; code: string }[],
): Promise<void> {
  const caller = await accountCaller(tx, ctx.actor?.id ?? null);
  if (!caller || caller.isRoot) return;
  if (loginId === caller.id) throw new AppError('ownRoles');
  if (roles.some((r) => r.code === ROOT_ROLE))
    throw fieldsError(
      [issue('ids', 'Only a root account can give the root role', '只有超级管理员可以分配超级管理员角色')],
      ctx.lang,
    );
  const current = await tx.select({ id: userRole.roleId }).from(userRole).where(eq(userRole.userId, loginId));
  const added = roles.map((r) => r.id).filter((id) => !current.some((c) => c.id === id));
  if (!added.length) return;
  const grants = await tx
    .selectDistinct({ id: rolePermission.permissionId })
    .from(rolePermission)
    .where(inArray(rolePermission.roleId, added));
  await assertHeld(
    tx,
    caller,
    grants.map((g) => g.id),
  );
}

export const assignRolesBody = z.strictObject({
  ids: z.array(z.number().int().positive().max(2147483647)).max(100),
});

/** The `assignRoles` command (`POST /user_manager/config/{id}`): sets a staff account's roles; history
 * records the role codes before and after. Answers every role as the role list shows it. */
export const assignRoles: CommandHandler = async (tx, ctx, { row, input }) => {
  const loginId = loginOf(row!, ctx.lang);
  const ids = [...new Set((input as z.infer<typeof assignRolesBody>).ids)];
  const found = ids.length
    ? await tx.select({ id: role.id, code: role.code }).from(role).where(inArray(role.id, ids))
    : [];
  const missing = ids.filter((id) => !found.some((r: { id: number }) => r.id === id));
  if (missing.length)
    throw fieldsError(
      [issue('ids', `No such role: ${missing.join(', ')}`, `角色不存在：${missing.join(', ')}`)],
      ctx.lang,
    );
  await assertMayAssign(tx, ctx, loginId, found);
  const before = await tx
    .select({ code: role.code })
    .from(userRole)
    .innerJoin(role, eq(role.id, userRole.roleId))
    .where(eq(userRole.userId, loginId));
  // the last enabled account holding root keeps it
  await assertRootRemains(tx, { kind: 'setRoles', userId: loginId, roleIds: ids });
  await tx.delete(userRole).where(eq(userRole.userId, loginId));
  if (ids.length) await tx.insert(userRole).values(ids.map((roleId) => ({ userId: loginId, roleId })));
  invalidateAuthCaches({ beforeCommit: true });
  const codes = (list: { code: string }[]) => list.map((r) => r.code).sort();
  return {
    changes: [{ field: 'roles', old: codes(before), new: codes(found) }],
    answerAfterCommit: async () => {
      invalidateAuthCaches();
      return rolesOf(ctx.db, ctx.actor!.id!, row!, loginId);
    },
  };
};

export const resetPasswordResult = z.object({ password: z.string().nullable(), mailed: z.boolean() });

/**
 * The `resetPassword` command: a new random password, stored hashed (the login's sessions end with the
 * staff login's write hook). History records the change masked. The password is mailed to the account's
 * email when SMTP is configured; else, or when the mail fails, it is the answer, shown once.
 */
export function resetPassword(runtime: UsersRuntime): CommandHandler {
  return async (_tx, ctx, { row }) => {
    const password = randomPassword();
    const email = typeof row!.email === 'string' && row!.email ? row!.email : null;
    return {
      set: { password: await ctx.hashPassword(password) },
      changes: [{ field: 'password', old: SECRET_MASK, new: SECRET_MASK }],
      answerAfterCommit: async () => {
        const mailer = runtime.mailer();
        if (!mailer.smtp || !email) return { password, mailed: false };
        const result = await mailer.sendMail({
          to: email,
          template: 'resetPassword',
          lang: ctx.lang,
          data: {
            name: String(row!.realname ?? row!.nickname ?? row!.account),
            account: String(row!.account),
            password,
          },
        });
        return result.status === 'sent' ? { password: null, mailed: true } : { password, mailed: false };
      },
    };
  };
}

export const interestBody = z.strictObject({
  categoryIds: z.array(z.number().int().positive().max(2147483647)).max(200),
});

/** The account's favourite product categories. */
export async function interestsOf(db: Db, userId: number): Promise<{ categoryIds: number[] }> {
  const [found] = await db
    .select({ categoryIds: userInterest.categoryIds })
    .from(userInterest)
    .where(eq(userInterest.userId, userId));
  return { categoryIds: found?.categoryIds ?? [] };
}

/** The `setInterests` command (`POST /user_manager/update_user_interest/{id}`): each id must be a live
 * product category once that table exists. History records the ids before and after. */
export const setInterests: CommandHandler = async (tx, ctx, { row, input }) => {
  const ids = [...new Set((input as z.infer<typeof interestBody>).categoryIds)];
  const unknown = await unknownCategories(tx, ids);
  if (unknown.length)
    throw fieldsError(
      [
        issue(
          'categoryIds',
          `No such product category: ${unknown.join(', ')}`,
          `产品分类不存在：${unknown.join(', ')}`,
        ),
      ],
      ctx.lang,
    );
  const userId = Number(row!.id);
  const before = await interestsOf(tx, userId);
  await tx
    .insert(userInterest)
    .values({ userId, categoryIds: ids })
    .onConflictDoUpdate({ target: userInterest.userId, set: { categoryIds: ids, updatedAt: new Date() } });
  return {
    changes: [{ field: 'categoryIds', old: before.categoryIds, new: ids }],
    result: { categoryIds: ids },
  };
};

/** Ids that are not live product categories; none while the product_category table does not exist. */
async function unknownCategories(db: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const [shape] = rowsOf(
    await db.execute(sql`
      select to_regclass('product_category') is not null as "exists",
             exists (select 1 from information_schema.columns
                     where table_name = 'product_category' and column_name = 'deleted_at') as "soft"`),
  );
  if (!shape?.exists) return [];
  const live = shape.soft ? sql` and deleted_at is null` : sql``;
  const rows = rowsOf(await db.execute(sql`select id from product_category where id in ${ids}${live}`));
  const found = new Set(rows.map((r) => Number(r.id)));
  return ids.filter((id) => !found.has(id));
}

/** The staff accounts (organiser and supplier logins) of a list query, each with its roles and its login's
 * last sign-in: the user list's envelope. */
export async function staffList(
  db: Db,
  engine: Engine,
  entity: EngineEntity,
  query: ListQuery,
  lang: 'en' | 'zh',
) {
  const page = await runList(
    db,
    entity,
    { ...query, where: { field: 'type', in: [...STAFF_USER_TYPES] } },
    'live',
    engine,
  );
  const records = await withEffective(
    db,
    engine,
    entity,
    await withLabels(
      db,
      engine,
      entity,
      page.rows.map((r) => toListRecord(engine, entity, r, lang)),
      lang,
    ),
  );
  const loginIds = page.rows.map((r) => Number(r.loginId)).filter((id) => id > 0);
  const links = loginIds.length
    ? await db
        .select({ userId: userRole.userId, id: role.id, name: role.nameEn, code: role.code })
        .from(userRole)
        .innerJoin(role, eq(role.id, userRole.roleId))
        .where(inArray(userRole.userId, loginIds))
    : [];
  // A staff account signs in through its login: its last sign-in is the login's.
  const logins = loginIds.length
    ? await db
        .select({ id: adminUser.id, at: adminUser.lastLoginAt })
        .from(adminUser)
        .where(inArray(adminUser.id, loginIds))
    : [];
  const lastLogins = new Map(logins.map((l) => [l.id, l.at]));
  const list = records.map((record, i) => {
    const loginId = Number(page.rows[i]!.loginId);
    const at = lastLogins.get(loginId);
    return {
      ...record,
      lastLoginTime: at ? at.toISOString() : (record.lastLoginTime ?? null),
      roles: links.filter((l) => l.userId === loginId).map((l) => ({ id: l.id, name: l.name, code: l.code })),
    };
  });
  return { list, total: page.total, page: query.page, size: query.size, totalIsEstimate: page.isEstimate };
}
