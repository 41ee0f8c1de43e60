import { t, validationMessage } from '@organiser/domain';
import { and, count, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { invalidateAuthCaches } from '../../access/auth-cache';
import { assertHeld } from '../../access/permission-checks';
import type { Db } from '../../db/client';
import { permission, rolePermission } from '../../db/schema';
import type { AnswerShape, EntityHooks, Row, Tx, WriteContext, WriteEvent } from '../../engine';
import { AppError } from '../../errors';
import { bilingualOf, nameBodyIn, nameSchema } from './names';
import { forgetAccess, writeCaller } from './role-rules';

// The rules of the permission tree, as hooks on every write of the `permission` entity: a menu has no method,
// a resource needs one, a parent is a menu and never the entry itself or a descendant, type, method and url
// are one entry's, a built-in entry keeps its type, method, url and parent (the engine's built-in rule holds
// them on every other path; here they are refused with the product's own message), and switching an entry on
// or off, or deleting it, is only for a caller holding it. A renamed or reordered built-in entry is marked `edited`, so the
// start-up sync keeps the change. Every write empties the auth caches.

const FIXED = {
  type: t('type', '类型'),
  method: t('method', '请求方式'),
  url: t('url', '地址'),
  parentId: t('parent', '上级'),
} as const;

const permissionBodyIn: NonNullable<EntityHooks['beforeValidate']> = (ctx, body, current) =>
  nameBodyIn(body, {
    lang: ctx.lang,
    answerOnly: ['roles', 'grantable'],
    emptyIsDefault: ['method', 'icon'],
    isNew: !current,
  });

/** The parent must be an existing menu, and not the entry itself or one of its descendants. */
async function checkParent(db: Db, parentId: number | null, selfId?: number): Promise<void> {
  if (parentId === null) return;
  const rows = await db
    .select({ id: permission.id, parentId: permission.parentId, type: permission.type })
    .from(permission);
  const byId = new Map(rows.map((r: Row) => [Number(r.id), r]));
  if (byId.get(parentId)?.type !== 'menu') throw new AppError('permissionParent');
  if (selfId === undefined) return;
  const seen = new Set<number>();
  for (let at: number | null = parentId; at !== null; ) {
    if (at === selfId || seen.has(at)) throw new AppError('permissionCycle');
    seen.add(at);
    const next: unknown = byId.get(at)?.parentId;
    at = next === null || next === undefined ? null : Number(next);
  }
}

/** The record as it would be stored: the write's values over the stored row. */
function merged(values: Record<string, unknown>, current: Row | null) {
  const value = (name: string) => (name in values ? values[name] : current?.[name]);
  return {
    type: value('type') as string,
    method: String(value('method') ?? ''),
    url: String(value('url') ?? ''),
    parentId: (value('parentId') ?? null) as number | null,
  };
}

const checkPermissionValues: NonNullable<EntityHooks['beforeWrite']> = async (ctx, values, current) => {
  const next = merged(values, current);
  if (current?.builtIn) {
    for (const field of ['type', 'method', 'url', 'parentId'] as const) {
      if (field in values && (values[field] ?? '') !== (current[field] ?? '')) {
        const name = FIXED[field];
        throw new AppError('builtInPermission', { params: { fieldEn: name.en, fieldZh: name.zh } });
      }
    }
    if (['nameEn', 'nameZh', 'sortNo'].some((f) => f in values && values[f] !== current[f]))
      values.edited = true;
  }
  if (next.type === 'resource' && !next.method)
    throw AppError.fields([{ path: 'method', message: validationMessage('required', ctx.lang) }]);
  if (next.type === 'menu' && next.method)
    throw AppError.fields([{ path: 'method', message: validationMessage('invalid', ctx.lang) }]);
  if ('parentId' in values)
    await checkParent(ctx.db, next.parentId, current ? Number(current.id) : undefined);
  if (['type', 'method', 'url'].some((f) => f in values)) {
    const same = and(
      eq(permission.type, next.type),
      eq(permission.method, next.method),
      eq(permission.url, next.url),
    );
    const [taken] = await ctx.db
      .select({ id: permission.id })
      .from(permission)
      .where(current ? and(same, ne(permission.id, Number(current.id))) : same)
      .limit(1);
    if (taken) throw new AppError('duplicate', { params: { field: `${next.method} ${next.url}`.trim() } });
  }
  return [];
};

/** Switching a permission on or off changes every role holding it: only for one the caller holds. */
async function guardPermissionWrite(tx: Tx, ctx: WriteContext, event: WriteEvent): Promise<void> {
  const caller = await writeCaller(tx, ctx);
  const switched = event.rows
    .filter((w) => w.before && w.after && w.before.status !== w.after.status)
    .map((w) => Number(w.after!.id));
  if (caller) await assertHeld(tx, caller, switched, { anyStatus: true });
  invalidateAuthCaches({ beforeCommit: true });
}

/** Deleting a permission takes it from every role holding it: only one the caller holds (read before it goes). */
async function guardPermissionRemove(tx: Tx, ctx: WriteContext, rows: readonly Row[]): Promise<void> {
  const caller = await writeCaller(tx, ctx);
  if (caller)
    await assertHeld(
      tx,
      caller,
      rows.map((r) => Number(r.id)),
      { anyStatus: true },
    );
}

export const permissionHooks: EntityHooks = {
  beforeValidate: permissionBodyIn,
  beforeWrite: checkPermissionValues,
  beforeRemove: guardPermissionRemove,
  afterWrite: guardPermissionWrite,
  afterCommit: forgetAccess,
};

/** How many roles hold each permission. */
export async function roleCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: rolePermission.permissionId, n: count() })
    .from(rolePermission)
    .groupBy(rolePermission.permissionId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** A permission as the product's API answers it: its name as `{ en, zh }` and how many roles hold it. */
export const permissionAnswer: AnswerShape = {
  fields: {
    name: nameSchema,
    roles: z.number().int().describe('Roles holding it'),
  },
  shape: async ({ db }, records) => {
    const counts = await roleCounts(db);
    for (const r of records) {
      r.name = bilingualOf(r);
      r.roles = counts.get(r.id) ?? 0;
    }
  },
};
