import { ROOT_ROLE } from '@organiser/domain';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { z } from 'zod';
import { invalidateAuthCaches } from '../../access/auth-cache';
import { assertHeld, holdsRootRole } from '../../access/permission-checks';
import { rootHolders } from '../../access/root-guard';
import { role, userRole } from '../../db/schema';
import type { AnswerShape, EntityHooks, Row, Tx, WriteContext, WriteEvent } from '../../engine';
import { AppError } from '../../errors';
import { bilingualOf, nameBodyIn, nameSchema } from './names';
import { heldRoleIds, permissionsByIds } from './store';

// The rules on roles, as hooks on every write of the `role` entity (create, edit, PATCH, revert, import row,
// enable/disable, delete, batch): `root` is reserved (the engine's built-in rule keeps the root role itself
// unchanged), a caller never changes a role it holds, grants only permissions it holds itself, and disables or
// deletes only a role whose permissions it holds. A refused write is rolled back whole. Every write empties the
// auth caches, so it takes effect on the next request of every session.

/** The role's name as one object on the way in; the answer-only keys of a record sent back dropped. */
const roleBodyIn: NonNullable<EntityHooks['beforeValidate']> = (ctx, body, current) => {
  const out = nameBodyIn(body, {
    lang: ctx.lang,
    answerOnly: ['builtIn', 'holders'],
    emptyIsDefault: ['remark'],
    isNew: !current,
  }) as Record<string, unknown> | null;
  // the permissions are a set: an id sent twice is granted once
  const ids = out?.permissionIds;
  if (Array.isArray(ids) && ids.every((id) => typeof id === 'number'))
    return { ...out, permissionIds: [...new Set(ids)] };
  return out;
};

/** The code `root` is reserved and a code is one role's (the product's own messages, naming the code); every
 * permission granted exists (400 naming `permissionIds`). */
const checkRoleValues: NonNullable<EntityHooks['beforeWrite']> = async (ctx, values, current) => {
  const code = values.code;
  if (typeof code === 'string' && code !== current?.code) {
    if (code === ROOT_ROLE) throw new AppError('roleReserved', { params: { code } });
    const same = eq(role.code, code);
    const [taken] = await ctx.db
      .select({ id: role.id })
      .from(role)
      .where(current ? and(same, ne(role.id, Number(current.id))) : same)
      .limit(1);
    // the product's message names the code; the field's name leads it, as the engine's messages do
    if (taken)
      throw new AppError('duplicate', {
        params: { field: `${ctx.entity.def.fields.code!.label[ctx.lang]} ${code}` },
      });
  }
  if (Array.isArray(values.permissionIds)) {
    const wanted = [...new Set(values.permissionIds.map(Number))];
    const known = new Set((await permissionsByIds(ctx.db, wanted)).map((p) => p.id));
    const missing = wanted.find((id) => !known.has(id));
    if (missing !== undefined)
      throw new AppError('badParameter', { params: { name: `permissionIds: ${missing}` } });
  }
  return [];
};

const idsOf = (row: Row | null): number[] =>
  Array.isArray(row?.permissionIds) ? (row.permissionIds as unknown[]).map(Number) : [];

/** The caller of a write, as the permission checks know it (a write without a user is the system's). */
export async function writeCaller(tx: Tx, ctx: WriteContext) {
  const id = ctx.actor?.id;
  if (id === null || id === undefined) return null;
  return { id, isRoot: await holdsRootRole(tx, id) };
}

/** Inside the write's transaction: never a role the caller holds, never a permission it does not hold (granted,
 * or taken from a role's holders by disabling or deleting it), and never the last enabled way to root. */
async function guardRoleWrite(tx: Tx, ctx: WriteContext, event: WriteEvent): Promise<void> {
  const caller = await writeCaller(tx, ctx);
  if (caller) {
    const own = await heldRoleIds(tx, caller.id);
    for (const { before, after } of event.rows) {
      if (before && (own.has(Number(before.id)) || ctx.actor?.roles?.includes(String(before.code)))) {
        const name = bilingualOf(before);
        throw new AppError('ownRole', { params: { nameEn: name.en, nameZh: name.zh } });
      }
      const granted = new Set(idsOf(before));
      await assertHeld(
        tx,
        caller,
        idsOf(after).filter((id) => !granted.has(id)),
      );
      // disabling or deleting a role takes its permissions from every holder: only a caller holding them all
      if (before && (!after || after.status !== before.status)) await assertHeld(tx, caller, idsOf(before));
    }
  }
  if (event.rows.some((w) => w.before?.code === ROOT_ROLE) && (await rootHolders(tx)).length === 0)
    throw new AppError('lastRoot');
  invalidateAuthCaches({ beforeCommit: true });
}

/** Sessions read their rights again once a role or permission write committed. */
export const forgetAccess = () => invalidateAuthCaches();

export const roleHooks: EntityHooks = {
  beforeValidate: roleBodyIn,
  beforeWrite: checkRoleValues,
  afterWrite: guardRoleWrite,
  afterCommit: forgetAccess,
};

/** A role as the product's API answers it: its name as `{ en, zh }`, whether it is the reserved root role and
 * how many accounts hold it. */
export const roleAnswer: AnswerShape = {
  fields: {
    name: nameSchema,
    builtIn: z.boolean().describe('The reserved root role: not editable, not deletable'),
    holders: z.number().int().describe('Accounts holding the role'),
  },
  shape: async ({ db }, records) => {
    const ids = records.map((r) => r.id);
    const counts = ids.length
      ? await db
          .select({ roleId: userRole.roleId, n: count() })
          .from(userRole)
          .where(inArray(userRole.roleId, ids))
          .groupBy(userRole.roleId)
      : [];
    const holders = new Map(counts.map((c: { roleId: number; n: number }) => [c.roleId, Number(c.n)]));
    for (const r of records) {
      r.name = bilingualOf(r);
      r.builtIn = r.code === ROOT_ROLE;
      r.holders = holders.get(r.id) ?? 0;
    }
  },
};
