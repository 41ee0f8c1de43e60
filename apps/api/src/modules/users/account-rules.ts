import type { KitIssue } from '@organiser/domain';
import { and, isNull, sql } from 'drizzle-orm';
import { type AccountCaller, accountCaller, assertMayActOnAccount } from '../../access/account-guard';
import type { Db } from '../../db/client';
import { adminUser } from '../../db/schema';
import { entityTables } from '../../db/schema/entities';
import type { EntityHooks, Row, Tx, WriteContext, WriteEvent } from '../../engine';
import { AppError } from '../../errors';

// The user_manager hooks that decide whether an account write may happen at all: the account rule on every
// engine path, and account names unique regardless of case.

/** 409 `duplicate` naming the account field, in the caller's language. */
export const accountTaken = (ctx: WriteContext) =>
  new AppError('duplicate', {
    params: { field: ctx.entity.def.fields.account?.label[ctx.lang] ?? 'account' },
  });

/** The account rule (access/account-guard.ts) inside every engine write of user_manager records, whatever
 * the path (edit, delete, restore, purge, status action, batch, import, revert, command): the row as stored
 * before the write is the account acted on (a new record: the one created). A refusal rolls the write back. */
export async function guardAccountWrite(tx: Tx, ctx: WriteContext, event: WriteEvent): Promise<void> {
  const caller = await accountCaller(tx as Db, ctx.actor?.id ?? null);
  for (const { before, after } of event.rows)
    await assertMayActOnAccount(tx as Db, caller, (before ?? after)!);
}

/** The caller of a write as the rule sees it, read once per write context (an import checks many rows). */
const callers = new WeakMap<WriteContext, Promise<AccountCaller | null>>();

/** The same rule before the paths that check a write first (create, edit, import row, status action): a
 * refusal comes before anything is hashed, mailed or reported as importable. */
export async function guardAccountChange(
  ctx: WriteContext,
  values: Record<string, unknown>,
  current: Row | null,
): Promise<KitIssue[]> {
  let caller = callers.get(ctx);
  if (!caller) {
    caller = accountCaller(ctx.db, ctx.actor?.id ?? null);
    callers.set(ctx, caller);
  }
  await assertMayActOnAccount(ctx.db, await caller, current ?? values);
  return [];
}

/**
 * Account names are unique regardless of case, among the records and the console logins: a new account
 * `Editor` beside `editor`, or named after a login, is refused (409 naming the field) on every path that
 * creates one. An exact match with a live record is left to the engine's own unique check (409, or the
 * import row's error).
 */
export async function refuseAccountInAnyCase(
  ctx: WriteContext,
  values: Record<string, unknown>,
  current: Row | null,
): Promise<KitIssue[]> {
  if (current || typeof values.account !== 'string') return [];
  const table = entityTables.user_manager!;
  const account = values.account;
  const sameRecord = sql`exists (select 1 from ${table} u where u.account = ${account} and u.deleted_at is null)`;
  const [record] = await ctx.db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        sql`lower(${table.account}) = lower(${account})`,
        sql`${table.account} <> ${account}`,
        isNull(table.deletedAt),
      ),
    )
    .limit(1);
  const [login] = await ctx.db
    .select({ id: adminUser.id })
    .from(adminUser)
    .where(
      and(
        sql`lower(${adminUser.account}) = lower(${account})`,
        sql`not (${adminUser.account} = ${account} and ${sameRecord})`,
      ),
    )
    .limit(1);
  if (record || login) throw accountTaken(ctx);
  return [];
}

/**
 * The account rule as one hook on user_manager: every write of an account goes through the engine's write
 * sequence (record routes, import rows, status actions, batches, revert, and the account commands: password
 * reset, roles, interests, activation mail, a session's end), so no path reaches an account without it.
 */
export const accountGuard: EntityHooks = { beforeWrite: guardAccountChange, afterWrite: guardAccountWrite };
