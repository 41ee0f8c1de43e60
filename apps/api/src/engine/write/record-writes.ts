import { checkRules, type EntityRecord, validateCreate, validateUpdate } from '@organiser/domain';
import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../errors';
import { joinFieldsOf, withJoinValues } from '../read/join-fields';
import { apiValues, toDbValues, toRecord } from '../read/records';
import { liveOnly, loadRow, scopeConditions, scopedBody } from '../read/row-scope';
import type { Row, Tx, WriteContext } from '../write-context';
import { assertBuiltInChange, assertNoneBuiltIn } from './built-in';
import { ensureMonthPartition } from './event-tables';
import { assertHoldingsConfirmed, holdingsOf, releaseHoldings } from './held-by';
import { diff, maskedChanges, stamp } from './history';
import { removeJoinRows, writeJoinValues } from './join-fields';
import { assertNotReferenced } from './references';
import { assertUnique } from './unique';
import { derivedChanges, storedValues } from './write-effects';
import { NO_WRITE, type PipelineRow, type WriteTarget, writeSequence } from './write-pipeline';

// The record writes: each supplies the write sequence (write-pipeline.ts) with its validation by the kit
// (bilingual field errors), keeps a scoped caller to its own company's rows, refuses a duplicate unique
// value clearly, and gives its statement; updates are conditional on the version the caller read (409
// staleVersion).

export async function createRecord(ctx: WriteContext, body: unknown): Promise<EntityRecord> {
  const { db, entity, lang, actor } = ctx;
  const [written] = await writeSequence(ctx, {
    action: 'create',
    body: { sent: scopedBody(ctx, body, 'create'), current: null },
    validate: (sent) => validateCreate(entity.def, sent, { policy: entity.policy }),
    targets: (values) => [{ values, current: null }],
    prepare: async (values) => {
      await assertUnique(db, entity, { changes: values, record: values }, lang);
      const { stored, virtual } = await storedValues(ctx, values);
      Object.assign(stored, derivedChanges(entity, null, stored));
      // An event table is partitioned by month: this month's partition must exist before the insert.
      if (entity.def.shape === 'event') await ensureMonthPartition(db, entity.def, new Date(), entity);
      return { stored, virtual };
    },
    statement: async (tx: Tx, { stored, virtual }) => {
      const [inserted] = (await tx
        .insert(entity.table)
        .values({ ...toDbValues(entity, stored), createdBy: actor?.id ?? null, updatedBy: actor?.id ?? null })
        .returning()) as Row[];
      await writeJoinValues(tx, entity, Number(inserted!.id), stored);
      return [{ before: null, after: inserted!, input: virtual }];
    },
  });
  return toRecord(entity, written!.after!);
}

/** The history action of an update written without a version check. */
export const UNCHECKED_UPDATE = 'updateWithoutVersion';

/** The rules of the merged record and the beforeWrite checks of a change to a live record. */
function changeTarget(ctx: WriteContext, current: Row, changes: Record<string, unknown>): WriteTarget[] {
  const { entity } = ctx;
  const merged = { ...apiValues(entity, current), ...changes };
  return [{ values: changes, current, issues: checkRules(entity.def, merged, entity.states) }];
}

/** What an update stores: the changed columns, hashed secrets and the virtual values only hooks see. */
type UpdateSet = { set: Row; virtual: Record<string, unknown>; secrets: string[]; hasChanges: boolean };

/** The columns a change sets on `current` (NO_WRITE when it changes nothing, not even a virtual value). */
async function updateSet(
  ctx: WriteContext,
  current: Row,
  changes: Record<string, unknown>,
): Promise<UpdateSet | typeof NO_WRITE> {
  const { entity } = ctx;
  const before = apiValues(entity, current);
  await assertUnique(
    ctx.db,
    entity,
    { changes, record: { ...before, ...changes } },
    ctx.lang,
    Number(current.id),
  );
  const { stored, virtual, secrets } = await storedValues(ctx, changes);
  const plain = Object.fromEntries(Object.entries(stored).filter(([k]) => !secrets.includes(k)));
  const changed = diff(before, plain, Object.keys(plain));
  assertBuiltInChange(ctx, current, [...changed.map((c) => c.field), ...secrets]);
  const hasChanges = changed.length > 0 || secrets.length > 0;
  if (!hasChanges && Object.keys(virtual).length === 0) return NO_WRITE;
  const set: Row = {};
  for (const c of changed) set[c.field] = plain[c.field];
  for (const name of secrets) set[name] = stored[name];
  if (hasChanges) Object.assign(set, derivedChanges(entity, before, set, { scoped: Boolean(ctx.rowScope) }));
  return { set, virtual, secrets, hasChanges };
}

/** Writes new values over a live record at the version the caller read. */
function updateStatement(ctx: WriteContext, current: Row, historyAction?: string) {
  const { entity, actor } = ctx;
  return async (tx: Tx, { set, virtual, secrets, hasChanges }: UpdateSet): Promise<PipelineRow[]> => {
    const version = Number(current.version);
    const where = and(
      eq(entity.col('id'), current.id),
      eq(entity.col('version'), version),
      ...liveOnly(entity),
    );
    let updated: Row | undefined;
    if (hasChanges) {
      [updated] = (await tx
        .update(entity.table)
        .set({ ...toDbValues(entity, set), version: version + 1, ...stamp(actor) })
        .where(where)
        .returning()) as Row[];
    } else {
      // Only virtual values (a new login password): the record itself stays as it is, at the version read.
      [updated] = (await tx.select().from(entity.table).where(where).limit(1)) as Row[];
    }
    if (!updated) throw new AppError('staleVersion');
    await writeJoinValues(tx, entity, Number(updated.id), set);
    return [
      {
        before: current,
        after: updated,
        input: virtual,
        silent: !hasChanges,
        historyAction,
        extra: { after: maskedChanges(secrets) },
      },
    ];
  };
}

/** `PUT` and `PATCH`: the fields the body names (plus `version`); fields left out keep their values. */
export async function updateRecord(ctx: WriteContext, id: number, body: unknown): Promise<EntityRecord> {
  const { db, entity } = ctx;
  const current = await loadRow(db, entity, id, 'live', ctx.rowScope);
  if (!current) throw new AppError('notFound');
  // Read-only values are checked against the stored record: sent back unchanged they are no change.
  const stored = apiValues(entity, current);
  let historyAction: string | undefined;
  const [written] = await writeSequence(ctx, {
    action: 'update',
    body: { sent: scopedBody(ctx, body, 'update', stored), current },
    validate: (sent) => {
      const valid = validateUpdate(entity.def, sent, { policy: entity.policy, current: stored });
      if (!valid.ok) return valid;
      const { version, ...changes } = valid.value;
      // Optimistic concurrency; the conditional UPDATE also catches a write that lands in between. A body
      // without a version (a client of the original system) is written over the version read here, and its
      // history entry says that no version was checked.
      if (version !== undefined && Number(current.version) !== version) throw new AppError('staleVersion');
      if (version === undefined) historyAction = UNCHECKED_UPDATE;
      return { ok: true, value: changes };
    },
    targets: (changes) => changeTarget(ctx, current, changes),
    prepare: (changes) => updateSet(ctx, current, changes),
    statement: (tx, set) => updateStatement(ctx, current, historyAction)(tx, set),
  });
  return toRecord(entity, written?.after ?? current);
}

/** What a delete was told: `confirm` takes the record from the records holding it (`deleteHeld: 'confirm'`). */
export type DeleteOptions = { confirm?: boolean };

/** Soft delete where declared (the record goes to the trash), otherwise removal when nothing points at it. */
export async function deleteRecords(
  ctx: WriteContext,
  ids: number[],
  options: DeleteOptions = {},
): Promise<number[]> {
  const { entity, actor } = ctx;
  if (!entity.def.softDelete) return removeRows(ctx, ids, 'live', 'delete', options);
  const written = await writeSequence(ctx, {
    action: 'delete',
    statement: async (tx: Tx) => {
      const live = [inArray(entity.col('id'), ids), isNull(entity.col('deletedAt'))];
      await beforeRemove(tx, ctx, [...live, ...scopeConditions(entity, ctx.rowScope)]);
      const rows = (await tx
        .update(entity.table)
        .set({ deletedAt: new Date(), version: sql`${entity.col('version')} + 1`, ...stamp(actor) })
        .where(
          and(
            inArray(entity.col('id'), ids),
            isNull(entity.col('deletedAt')),
            ...scopeConditions(entity, ctx.rowScope),
          ),
        )
        .returning()) as Row[];
      assertNoneBuiltIn(ctx, rows);
      return rows.map(
        (r): PipelineRow => ({
          before: r,
          after: null,
          input: {},
          version: Number(r.version),
          changes: [{ field: 'deletedAt', old: null, new: (r.deletedAt as Date).toISOString() }],
        }),
      );
    },
  });
  return written.map((w) => Number(w.before!.id));
}

/** Inside a delete's transaction, before its statement: the rows it is about to remove, with their join values
 * (read before a cascading join table empties them, so the hooks and the history see what a record held),
 * shown to the modules' beforeRemove hooks. Reads nothing when neither needs the rows. */
async function beforeRemove(tx: Tx, ctx: WriteContext, conditions: SQL[]): Promise<Row[]> {
  const { entity } = ctx;
  const hooks = ctx.extensions.hooksOf(entity.def.name).beforeRemove;
  if (hooks.length === 0 && joinFieldsOf(entity).length === 0) return [];
  const rows = await withJoinValues(
    tx,
    entity,
    (await tx
      .select()
      .from(entity.table)
      .where(and(...conditions))) as Row[],
  );
  for (const hook of hooks) await hook(tx, ctx, rows);
  return rows;
}

async function removeRows(
  ctx: WriteContext,
  ids: number[],
  scope: 'live' | 'trash',
  action: 'delete' | 'purge',
  options: DeleteOptions = {},
): Promise<number[]> {
  const { entity } = ctx;
  const released = entity.def.deleteHeld === 'confirm';
  const written = await writeSequence(ctx, {
    action,
    prepare: async () => {
      await assertNotReferenced(ctx, ids, { exceptJoins: released });
      if (!released) return;
      // a record that may not go is refused before anyone is asked to confirm taking it from its holders
      const rows = (await ctx.db
        .select()
        .from(entity.table)
        .where(and(inArray(entity.col('id'), ids), ...scopeConditions(entity, ctx.rowScope)))) as Row[];
      assertNoneBuiltIn(ctx, rows);
    },
    statement: async (tx: Tx) => {
      const conditions = [inArray(entity.col('id'), ids), ...scopeConditions(entity, ctx.rowScope)];
      if (entity.def.softDelete)
        conditions.push(
          scope === 'trash' ? isNotNull(entity.col('deletedAt')) : isNull(entity.col('deletedAt')),
        );
      // the modules' refusals (a permission the caller does not hold) come before the question to confirm: a
      // caller who may not delete the record is never asked whether to take it from its holders
      const held = new Map((await beforeRemove(tx, ctx, conditions)).map((r) => [Number(r.id), r] as const));
      if (released) {
        // what holds the records as the transaction sees it: asked about (nothing written) until confirmed
        const inTx = { ...ctx, db: tx };
        const holdings = await holdingsOf(inTx, ids);
        await assertHoldingsConfirmed(inTx, ids, holdings, options.confirm === true);
        await releaseHoldings(tx, ctx, ids, holdings);
      }
      const deleted = (await tx
        .delete(entity.table)
        .where(and(...conditions))
        .returning()) as Row[];
      const rows = deleted.map((r) => ({ ...held.get(Number(r.id)), ...r }));
      assertNoneBuiltIn(ctx, rows);
      await removeJoinRows(tx, entity, await withJoinValues(tx, entity, rows));
      return rows.map((r) => ({ before: r, after: null, input: {} }));
    },
    settle: scope === 'live' ? 'write' : false,
  });
  return written.map((w) => Number(w.before!.id));
}

export async function deleteRecord(
  ctx: WriteContext,
  id: number,
  options: DeleteOptions = {},
): Promise<void> {
  const done = await deleteRecords(ctx, [id], options);
  if (done.length === 0) throw new AppError('notFound');
}

export async function restoreRecord(ctx: WriteContext, id: number): Promise<EntityRecord> {
  const { db, entity, actor, lang } = ctx;
  const trashed = await loadRow(db, entity, id, 'trash', ctx.rowScope);
  if (!trashed) throw new AppError('notFound');
  const [written] = await writeSequence(ctx, {
    action: 'restore',
    prepare: () => {
      const record = apiValues(entity, trashed);
      return assertUnique(db, entity, { changes: record, record }, lang, id);
    },
    statement: async (tx: Tx) => {
      const [restored] = (await tx
        .update(entity.table)
        .set({ deletedAt: null, version: sql`${entity.col('version')} + 1`, ...stamp(actor) })
        .where(and(eq(entity.col('id'), id), isNotNull(entity.col('deletedAt'))))
        .returning()) as Row[];
      if (!restored) throw new AppError('notFound');
      return [
        {
          before: trashed,
          after: restored,
          input: {},
          base: restored,
          extra: {
            before: [{ field: 'deletedAt', old: (trashed.deletedAt as Date).toISOString(), new: null }],
          },
        },
      ];
    },
    settle: 'restore',
  });
  return toRecord(entity, written!.after!);
}

export async function purgeRecord(ctx: WriteContext, id: number): Promise<void> {
  const done = await removeRows(ctx, [id], 'trash', 'purge');
  if (done.length === 0) throw new AppError('notFound');
}

/** Writes back the editable values the record had at an earlier version (a new version, action `revert`). */
export async function revertRecord(
  ctx: WriteContext,
  id: number,
  values: Record<string, unknown>,
  fields: string[],
): Promise<EntityRecord> {
  const current = await loadRow(ctx.db, ctx.entity, id, 'live', ctx.rowScope);
  if (!current) throw new AppError('notFound');
  const [written] = await writeSequence(ctx, {
    action: 'revert',
    values: Object.fromEntries(fields.map((f) => [f, values[f] ?? null])),
    targets: (changes) => changeTarget(ctx, current, changes),
    prepare: (changes) => updateSet(ctx, current, changes),
    statement: updateStatement(ctx, current),
  });
  return toRecord(ctx.entity, written?.after ?? current);
}

/**
 * Puts a parent's live children in the given order: the child's order field becomes 1..n, a new version for
 * each child whose place changed. `ids` must be exactly the parent's live children within the caller's
 * scope, each once (otherwise 400 naming `ids`, and nothing changes).
 */
export async function reorderChildren(ctx: WriteContext, parentId: number, ids: number[]): Promise<void> {
  const { entity, actor } = ctx;
  const { field, order } = entity.def.parent!;
  await writeSequence(ctx, {
    action: 'reorder',
    statement: async (tx: Tx) => {
      const rows = (await tx
        .select()
        .from(entity.table)
        .where(
          and(eq(entity.col(field), parentId), ...liveOnly(entity), ...scopeConditions(entity, ctx.rowScope)),
        )) as Row[];
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      if (ids.length !== byId.size || new Set(ids).size !== ids.length || ids.some((id) => !byId.has(id)))
        throw new AppError('badParameter', { params: { name: 'ids' } });
      const out: PipelineRow[] = [];
      for (const [index, id] of ids.entries()) {
        const row = byId.get(id)!;
        if (Number(row[order!]) === index + 1) continue;
        assertBuiltInChange(ctx, row, [order!]);
        const [after] = (await tx
          .update(entity.table)
          .set({ [order!]: index + 1, version: sql`${entity.col('version')} + 1`, ...stamp(actor) })
          .where(eq(entity.col('id'), id))
          .returning()) as Row[];
        out.push({ before: row, after: after!, input: {} });
      }
      return out;
    },
  });
}
