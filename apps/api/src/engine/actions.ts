import {
  type BatchResult,
  checkTransition,
  type EntityRecord,
  type MachineAction,
  validateActionInput,
} from '@organiser/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../errors';
import type { Actor, Row, Tx, WriteContext } from './context';
import { fieldsError } from './field-errors';
import { type Change, type HistoryEntry, historyName, stamp, writeHistory } from './history';
import { toDbValues, toRecord } from './records';
import { liveOnly, loadRow, scopeConditions } from './row-scope';

// spec §4 status actions: one record or a batch, each a conditional UPDATE per status value.

/** The values an action sets besides the status: who decided, when, and the inputs it records. */
function assignments(
  action: MachineAction,
  input: Record<string, unknown>,
  actor: Actor,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, source] of Object.entries(action.assign ?? {})) {
    if (source.from === 'actor') out[field] = actor?.id ?? null;
    else if (source.from === 'actorAccount') out[field] = actor?.account ?? null;
    else if (source.from === 'now') out[field] = new Date().toISOString();
    else if (source.from === 'clear') out[field] = null;
    else out[field] = input[source.key] ?? null;
  }
  return out;
}

/**
 * spec §4: a status action (enable, offline, pass, ...) on records whose status allows it. One conditional
 * UPDATE per status value, so a concurrent change of status can never be overwritten.
 */
export async function runAction(
  ctx: WriteContext,
  name: string,
  ids: number[],
  body: unknown,
): Promise<BatchResult> {
  const { db, entity, actor, lang } = ctx;
  const action = entity.def.actions[name];
  if (!action) throw new AppError('notFound');
  const valid = validateActionInput(entity.def, action, body);
  if (!valid.ok) throw fieldsError(valid.issues, lang);
  const input = valid.value;
  const field = action.field;
  const scoped = scopeConditions(entity, ctx.rowScope);
  // the fields the action assigns are read too, so the history shows what they held before (a reason cleared)
  const assignedFields = Object.keys(action.assign ?? {});
  return db.transaction(async (tx: Tx) => {
    const rows = (await tx
      .select({
        id: entity.col('id'),
        status: entity.col(field),
        version: entity.col('version'),
        ...Object.fromEntries(assignedFields.map((k) => [`old:${k}`, entity.col(k)])),
      })
      .from(entity.table)
      .where(and(inArray(entity.col('id'), ids), ...liveOnly(entity), ...scoped))) as Row[];
    const found = new Map(rows.map((r) => [Number(r.id), r]));
    const skipped: BatchResult['skipped'] = [];
    const eligible: Row[] = [];
    for (const id of ids) {
      const row = found.get(id);
      if (!row) skipped.push({ id, reason: 'notFound' });
      else if (!checkTransition(entity.def, name, { [field]: row.status }).ok)
        skipped.push({ id, reason: 'notAllowed' });
      else eligible.push(row);
    }
    const assigned = assignments(action, input, actor);
    const values = toDbValues(entity, { [field]: action.to, ...assigned });
    const succeeded: number[] = [];
    const history: HistoryEntry[] = [];
    for (const from of action.from) {
      const group = eligible.filter((r) => r.status === from).map((r) => Number(r.id));
      if (group.length === 0) continue;
      const updated = (await tx
        .update(entity.table)
        .set({ ...values, version: sql`${entity.col('version')} + 1`, ...stamp(actor) })
        .where(
          and(inArray(entity.col('id'), group), eq(entity.col(field), from), ...liveOnly(entity), ...scoped),
        )
        .returning({ id: entity.col('id'), version: entity.col('version') })) as Row[];
      for (const u of updated) {
        succeeded.push(Number(u.id));
        const before = found.get(Number(u.id));
        const old: Record<string, unknown> = before
          ? toRecord(entity, Object.fromEntries(assignedFields.map((k) => [k, before[`old:${k}`]])))
          : {};
        const changes: Change[] = [{ field, old: from, new: action.to }];
        for (const [k, v] of Object.entries(assigned))
          changes.push({ field: k, old: old[k] ?? null, new: v });
        history.push({
          entity: historyName(entity),
          recordId: Number(u.id),
          version: Number(u.version),
          action: name,
          actor,
          changes,
        });
      }
      const done = new Set(updated.map((u) => Number(u.id)));
      for (const id of group) if (!done.has(id)) skipped.push({ id, reason: 'notAllowed' });
    }
    await writeHistory(tx, history);
    return { total: ids.length, succeeded, skipped };
  });
}

/** A single status action: 404 when the record is gone, 409 when its status does not allow it. */
export async function runSingleAction(
  ctx: WriteContext,
  name: string,
  id: number,
  body: unknown,
): Promise<EntityRecord> {
  const result = await runAction(ctx, name, [id], body);
  const skip = result.skipped[0];
  if (skip) throw new AppError(skip.reason === 'notFound' ? 'notFound' : 'transitionNotAllowed');
  const row = await loadRow(ctx.db, ctx.entity, id, 'live', ctx.rowScope);
  if (!row) throw new AppError('notFound');
  return toRecord(ctx.entity, row);
}
