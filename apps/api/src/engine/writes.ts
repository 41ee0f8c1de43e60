import { checkRules, type EntityRecord, validateCreate, validateUpdate } from '@organiser/domain';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { AppError } from '../errors';
import {
  allFields,
  assertNotReferenced,
  assertUnique,
  checkReferences,
  fieldsError,
  guarded,
  liveOnly,
  loadRow,
  stamp,
  type Tx,
  type WriteContext,
} from './checks';
import { type Change, diff, writeHistory } from './history';
import { apiValues, type Row, toDbValues, toRecord } from './records';

// The engine's writes. Each one validates with the kit (bilingual field errors), checks references and
// unique fields with a clear refusal, writes in a transaction together with its history row, and bumps the
// record's version; updates are conditional on the version the caller read (409 staleVersion).
export async function createRecord(ctx: WriteContext, body: unknown): Promise<EntityRecord> {
  const { db, entity, lang, actor } = ctx;
  const valid = validateCreate(entity.def, body, { policy: entity.policy });
  if (!valid.ok) throw fieldsError(valid.issues, lang);
  const values = valid.value;
  const refs = await checkReferences(ctx, values);
  if (refs.length) throw fieldsError(refs, lang);
  await assertUnique(db, entity, values, lang);
  const row = await guarded(ctx, () =>
    db.transaction(async (tx: Tx) => {
      const [inserted] = (await tx
        .insert(entity.table)
        .values({ ...toDbValues(entity, values), createdBy: actor?.id ?? null, updatedBy: actor?.id ?? null })
        .returning()) as Row[];
      const after = apiValues(entity, inserted!);
      await writeHistory(tx, [
        {
          entity: entity.def.name,
          recordId: Number(inserted!.id),
          version: Number(inserted!.version),
          action: 'create',
          actor,
          changes: diff({}, after, allFields(entity)),
        },
      ]);
      return inserted!;
    }),
  );
  return toRecord(entity, row);
}

/** Writes new values over a live record at the version the caller read. */
async function writeUpdate(
  ctx: WriteContext,
  current: Row,
  changes: Record<string, unknown>,
  action: string,
): Promise<Row> {
  const { db, entity, actor } = ctx;
  const before = apiValues(entity, current);
  const changed = diff(before, changes, Object.keys(changes));
  if (changed.length === 0) return current;
  const version = Number(current.version);
  const set: Row = {};
  for (const c of changed) set[c.field] = changes[c.field];
  return guarded(ctx, () =>
    db.transaction(async (tx: Tx) => {
      const [updated] = (await tx
        .update(entity.table)
        .set({ ...toDbValues(entity, set), version: version + 1, ...stamp(actor) })
        .where(and(eq(entity.col('id'), current.id), eq(entity.col('version'), version), ...liveOnly(entity)))
        .returning()) as Row[];
      if (!updated) throw new AppError('staleVersion');
      await writeHistory(tx, [
        {
          entity: entity.def.name,
          recordId: Number(updated.id),
          version: version + 1,
          action,
          actor,
          changes: changed,
        },
      ]);
      return updated;
    }),
  );
}

/** Checks a change against the merged record: rules, references and unique fields. */
async function checkChange(ctx: WriteContext, current: Row, changes: Record<string, unknown>): Promise<void> {
  const { entity, lang } = ctx;
  const merged = { ...apiValues(entity, current), ...changes };
  const issues = checkRules(entity.def, merged, entity.states);
  issues.push(...(await checkReferences(ctx, changes, Number(current.id))));
  if (issues.length) throw fieldsError(issues, lang);
  await assertUnique(ctx.db, entity, changes, lang, Number(current.id));
}

export async function updateRecord(ctx: WriteContext, id: number, body: unknown): Promise<EntityRecord> {
  const { db, entity, lang } = ctx;
  const valid = validateUpdate(entity.def, body, { policy: entity.policy });
  if (!valid.ok) throw fieldsError(valid.issues, lang);
  const { version, ...changes } = valid.value;
  const current = await loadRow(db, entity, id);
  if (!current) throw new AppError('notFound');
  // spec: optimistic concurrency; the conditional UPDATE below also catches a write that lands in between.
  if (Number(current.version) !== version) throw new AppError('staleVersion');
  await checkChange(ctx, current, changes);
  return toRecord(entity, await writeUpdate(ctx, current, changes, 'update'));
}

/** Soft delete where declared (the record goes to the trash), otherwise removal when nothing points at it. */
export async function deleteRecords(ctx: WriteContext, ids: number[]): Promise<number[]> {
  const { db, entity, actor } = ctx;
  if (entity.def.softDelete) {
    return db.transaction(async (tx: Tx) => {
      const rows = (await tx
        .update(entity.table)
        .set({ deletedAt: new Date(), version: sql`${entity.col('version')} + 1`, ...stamp(actor) })
        .where(and(inArray(entity.col('id'), ids), isNull(entity.col('deletedAt'))))
        .returning({
          id: entity.col('id'),
          version: entity.col('version'),
          deletedAt: entity.col('deletedAt'),
        })) as Row[];
      await writeHistory(
        tx,
        rows.map((r) => ({
          entity: entity.def.name,
          recordId: Number(r.id),
          version: Number(r.version),
          action: 'delete',
          actor,
          changes: [{ field: 'deletedAt', old: null, new: (r.deletedAt as Date).toISOString() }],
        })),
      );
      return rows.map((r) => Number(r.id));
    });
  }
  return removeRows(ctx, ids, 'live', 'delete');
}

async function removeRows(
  ctx: WriteContext,
  ids: number[],
  scope: 'live' | 'trash',
  action: string,
): Promise<number[]> {
  const { db, entity, actor } = ctx;
  await assertNotReferenced(ctx, ids);
  return db.transaction(async (tx: Tx) => {
    const conditions = [inArray(entity.col('id'), ids)];
    if (entity.def.softDelete)
      conditions.push(
        scope === 'trash' ? isNotNull(entity.col('deletedAt')) : isNull(entity.col('deletedAt')),
      );
    const rows = (await tx
      .delete(entity.table)
      .where(and(...conditions))
      .returning()) as Row[];
    await writeHistory(
      tx,
      rows.map((r) => {
        const before = apiValues(entity, r);
        const changes: Change[] = diff(
          before,
          Object.fromEntries(allFields(entity).map((f) => [f, null])),
          allFields(entity),
        );
        return {
          entity: entity.def.name,
          recordId: Number(r.id),
          version: Number(r.version) + 1,
          action,
          actor,
          changes,
        };
      }),
    );
    return rows.map((r) => Number(r.id));
  });
}

export async function deleteRecord(ctx: WriteContext, id: number): Promise<void> {
  const done = await deleteRecords(ctx, [id]);
  if (done.length === 0) throw new AppError('notFound');
}

export async function restoreRecord(ctx: WriteContext, id: number): Promise<EntityRecord> {
  const { db, entity, actor, lang } = ctx;
  const trashed = await loadRow(db, entity, id, 'trash');
  if (!trashed) throw new AppError('notFound');
  await assertUnique(db, entity, apiValues(entity, trashed), lang, id);
  const row = await guarded(ctx, () =>
    db.transaction(async (tx: Tx) => {
      const [restored] = (await tx
        .update(entity.table)
        .set({ deletedAt: null, version: sql`${entity.col('version')} + 1`, ...stamp(actor) })
        .where(and(eq(entity.col('id'), id), isNotNull(entity.col('deletedAt'))))
        .returning()) as Row[];
      if (!restored) throw new AppError('notFound');
      await writeHistory(tx, [
        {
          entity: entity.def.name,
          recordId: id,
          version: Number(restored.version),
          action: 'restore',
          actor,
          changes: [{ field: 'deletedAt', old: (trashed.deletedAt as Date).toISOString(), new: null }],
        },
      ]);
      return restored;
    }),
  );
  return toRecord(entity, row);
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
  const current = await loadRow(ctx.db, ctx.entity, id);
  if (!current) throw new AppError('notFound');
  const changes = Object.fromEntries(fields.map((f) => [f, values[f] ?? null]));
  await checkChange(ctx, current, changes);
  return toRecord(ctx.entity, await writeUpdate(ctx, current, changes, 'revert'));
}
