import { checkRules, type EntityRecord, validateCreate, validateUpdate } from '@organiser/domain';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { AppError } from '../errors';
import type { Row, Tx, WriteContext } from './context';
import { fieldsError } from './field-errors';
import { allFields, type Change, diff, historyName, stamp, writeHistory } from './history';
import { hooksOf, type WriteEvent } from './hooks';
import { apiValues, toDbValues, toRecord } from './records';
import { assertNotReferenced, checkOwnFiles, checkReferences } from './references';
import { liveOnly, loadRow, scopeConditions, scopedBody } from './row-scope';
import { assertUnique, guarded } from './unique';
import { applyQuotas, derivedChanges, SECRET_MASK, settleExclusive, storedValues } from './write-effects';

// The engine's writes. Each one validates with the kit (bilingual field errors), keeps a scoped caller to its
// own company's rows, checks references and unique fields with a clear refusal, writes in a transaction
// together with its history row (quotas, exclusive flags and the entity's hooks in the same transaction),
// and bumps the record's version; updates are conditional on the version the caller read (409 staleVersion).

/** Field issues of a create or an update beyond the body's own validation: the entity's hook, references
 * (within the caller's scope) and, for a scoped caller, files it did not upload. */
async function prepareIssues(ctx: WriteContext, values: Record<string, unknown>, current: Row | null) {
  const issues = [...((await hooksOf(ctx.entity.def.name).prepare?.(ctx, values, current)) ?? [])];
  issues.push(...(await checkReferences(ctx, values, current ? Number(current.id) : undefined)));
  issues.push(...(await checkOwnFiles(ctx, values, current ? apiValues(ctx.entity, current) : null)));
  return issues;
}

const afterWrite = (tx: Tx, ctx: WriteContext, event: WriteEvent) =>
  hooksOf(ctx.entity.def.name).afterWrite?.(tx, ctx, event);

export async function createRecord(ctx: WriteContext, body: unknown): Promise<EntityRecord> {
  const { db, entity, lang, actor } = ctx;
  const valid = validateCreate(entity.def, scopedBody(ctx, body, 'create'), { policy: entity.policy });
  if (!valid.ok) throw fieldsError(valid.issues, lang);
  const values = valid.value;
  const issues = await prepareIssues(ctx, values, null);
  if (issues.length) throw fieldsError(issues, lang);
  await assertUnique(db, entity, values, lang);
  const { stored, virtual } = await storedValues(ctx, values);
  Object.assign(stored, derivedChanges(entity, null, stored));
  const row = await guarded(ctx, () =>
    db.transaction(async (tx: Tx) => {
      const [inserted] = (await tx
        .insert(entity.table)
        .values({ ...toDbValues(entity, stored), createdBy: actor?.id ?? null, updatedBy: actor?.id ?? null })
        .returning()) as Row[];
      const id = Number(inserted!.id);
      await applyQuotas(tx, ctx, null, inserted!);
      const settled = await settleExclusive(tx, ctx, [{ before: null, after: inserted! }]);
      const final = settled.has(id) ? (await loadRow(tx, entity, id))! : inserted!;
      await afterWrite(tx, ctx, { action: 'create', rows: [{ before: null, after: final, input: virtual }] });
      await writeHistory(tx, [
        {
          entity: historyName(entity),
          recordId: id,
          version: Number(final.version),
          action: 'create',
          actor,
          changes: diff({}, apiValues(entity, final), allFields(entity)),
        },
      ]);
      return final;
    }),
  );
  return toRecord(entity, row);
}

/** Writes new values over a live record at the version the caller read. */
async function writeUpdate(
  ctx: WriteContext,
  current: Row,
  changes: Record<string, unknown>,
  action: 'update' | 'revert',
): Promise<Row> {
  const { db, entity, actor } = ctx;
  const before = apiValues(entity, current);
  const { stored, virtual, secrets } = await storedValues(ctx, changes);
  const plain = Object.fromEntries(Object.entries(stored).filter(([k]) => !secrets.includes(k)));
  const changed = diff(before, plain, Object.keys(plain));
  const hasChanges = changed.length > 0 || secrets.length > 0;
  if (!hasChanges && Object.keys(virtual).length === 0) return current;
  const set: Row = {};
  for (const c of changed) set[c.field] = plain[c.field];
  for (const name of secrets) set[name] = stored[name];
  if (hasChanges) Object.assign(set, derivedChanges(entity, before, set));
  const version = Number(current.version);
  const id = Number(current.id);
  const where = and(eq(entity.col('id'), id), eq(entity.col('version'), version), ...liveOnly(entity));
  return guarded(ctx, () =>
    db.transaction(async (tx: Tx) => {
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
      await applyQuotas(tx, ctx, current, updated);
      const settled = await settleExclusive(tx, ctx, [{ before: current, after: updated }]);
      const final = settled.has(id) ? (await loadRow(tx, entity, id))! : updated;
      await afterWrite(tx, ctx, { action, rows: [{ before: current, after: final, input: virtual }] });
      if (hasChanges) {
        const recorded: Change[] = diff(before, apiValues(entity, final), allFields(entity));
        for (const name of secrets) recorded.push({ field: name, old: SECRET_MASK, new: SECRET_MASK });
        await writeHistory(tx, [
          {
            entity: historyName(entity),
            recordId: id,
            version: version + 1,
            action,
            actor,
            changes: recorded,
          },
        ]);
      }
      return final;
    }),
  );
}

/** Checks a change against the merged record: rules, the entity's hook, references and unique fields. */
async function checkChange(ctx: WriteContext, current: Row, changes: Record<string, unknown>): Promise<void> {
  const { entity, lang } = ctx;
  const merged = { ...apiValues(entity, current), ...changes };
  const issues = checkRules(entity.def, merged, entity.states);
  issues.push(...(await prepareIssues(ctx, changes, current)));
  if (issues.length) throw fieldsError(issues, lang);
  await assertUnique(ctx.db, entity, changes, lang, Number(current.id));
}

/** `PUT` and `PATCH`: the fields the body names (plus `version`); fields left out keep their values. */
export async function updateRecord(ctx: WriteContext, id: number, body: unknown): Promise<EntityRecord> {
  const { db, entity, lang } = ctx;
  const current = await loadRow(db, entity, id, 'live', ctx.rowScope);
  if (!current) throw new AppError('notFound');
  // Read-only values are checked against the stored record: sent back unchanged they are no change.
  const stored = apiValues(entity, current);
  const valid = validateUpdate(entity.def, scopedBody(ctx, body, 'update', stored), {
    policy: entity.policy,
    current: stored,
  });
  if (!valid.ok) throw fieldsError(valid.issues, lang);
  const { version, ...changes } = valid.value;
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
        .where(
          and(
            inArray(entity.col('id'), ids),
            isNull(entity.col('deletedAt')),
            ...scopeConditions(entity, ctx.rowScope),
          ),
        )
        .returning()) as Row[];
      await writeHistory(
        tx,
        rows.map((r) => ({
          entity: historyName(entity),
          recordId: Number(r.id),
          version: Number(r.version),
          action: 'delete',
          actor,
          changes: [{ field: 'deletedAt', old: null, new: (r.deletedAt as Date).toISOString() }],
        })),
      );
      await settleExclusive(
        tx,
        ctx,
        rows.map((r) => ({ before: r, after: null })),
      );
      await afterWrite(tx, ctx, {
        action: 'delete',
        rows: rows.map((r) => ({ before: r, after: null, input: {} })),
      });
      return rows.map((r) => Number(r.id));
    });
  }
  return removeRows(ctx, ids, 'live', 'delete');
}

async function removeRows(
  ctx: WriteContext,
  ids: number[],
  scope: 'live' | 'trash',
  action: 'delete' | 'purge',
): Promise<number[]> {
  const { db, entity, actor } = ctx;
  await assertNotReferenced(ctx, ids);
  return db.transaction(async (tx: Tx) => {
    const conditions = [inArray(entity.col('id'), ids), ...scopeConditions(entity, ctx.rowScope)];
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
          entity: historyName(entity),
          recordId: Number(r.id),
          version: Number(r.version) + 1,
          action,
          actor,
          changes,
        };
      }),
    );
    if (scope === 'live')
      await settleExclusive(
        tx,
        ctx,
        rows.map((r) => ({ before: r, after: null })),
      );
    await afterWrite(tx, ctx, { action, rows: rows.map((r) => ({ before: r, after: null, input: {} })) });
    return rows.map((r) => Number(r.id));
  });
}

export async function deleteRecord(ctx: WriteContext, id: number): Promise<void> {
  const done = await deleteRecords(ctx, [id]);
  if (done.length === 0) throw new AppError('notFound');
}

export async function restoreRecord(ctx: WriteContext, id: number): Promise<EntityRecord> {
  const { db, entity, actor, lang } = ctx;
  const trashed = await loadRow(db, entity, id, 'trash', ctx.rowScope);
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
      const settled = await settleExclusive(tx, ctx, [{ before: null, after: restored }], 'restore');
      const final = settled.has(id) ? (await loadRow(tx, entity, id))! : restored;
      await afterWrite(tx, ctx, { action: 'restore', rows: [{ before: trashed, after: final, input: {} }] });
      const changes: Change[] = [
        { field: 'deletedAt', old: (trashed.deletedAt as Date).toISOString(), new: null },
      ];
      changes.push(...diff(apiValues(entity, restored), apiValues(entity, final), allFields(entity)));
      await writeHistory(tx, [
        {
          entity: historyName(entity),
          recordId: id,
          version: Number(restored.version),
          action: 'restore',
          actor,
          changes,
        },
      ]);
      return final;
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
  const current = await loadRow(ctx.db, ctx.entity, id, 'live', ctx.rowScope);
  if (!current) throw new AppError('notFound');
  const changes = Object.fromEntries(fields.map((f) => [f, values[f] ?? null]));
  await checkChange(ctx, current, changes);
  return toRecord(ctx.entity, await writeUpdate(ctx, current, changes, 'revert'));
}
