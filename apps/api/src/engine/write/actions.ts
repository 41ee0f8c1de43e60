import {
  type BatchResult,
  type CommandDef,
  checkTransition,
  type EntityRecord,
  type MachineAction,
  validateActionInput,
} from '@organiser/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../errors';
import { withJoinValues } from '../read/join-fields';
import { toDbValues, toRecord } from '../read/records';
import { liveOnly, loadRow, scopeConditions } from '../read/row-scope';
import type { Actor, Change, CommandResult, Row, Tx, WriteContext } from '../write-context';
import { assertBuiltInChange, mayChange } from './built-in';
import { stamp } from './history';
import { writeJoinValues } from './join-fields';
import { checkFiles } from './references';
import {
  hasBeforeWriteHooks,
  NotAllowedError,
  type PipelineRow,
  type Validated,
  type WriteTarget,
  writeSequence,
} from './write-pipeline';

// Status actions and declared commands, on one record or a batch, through the write sequence: each validates
// its input by the kit, lets the modules' beforeWrite hooks look at every record it would change, and gives
// its statement: a status action is one conditional UPDATE per status value; a command runs its module's
// handler per record.

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

/** The live rows of `ids` within the caller's scope, by id. */
async function targetRows(db: Tx, ctx: WriteContext, ids: number[], lock = false): Promise<Map<number, Row>> {
  const { entity } = ctx;
  const query = db
    .select()
    .from(entity.table)
    .where(and(inArray(entity.col('id'), ids), ...liveOnly(entity), ...scopeConditions(entity, ctx.rowScope)))
    .orderBy(entity.col('id'));
  // Inside the write, the rows are locked as the update will lock them (in id order, so two batches never
  // wait on each other): a second action or command on the same record waits for the first and then sees
  // its result, instead of failing as a stale version.
  const rows = (lock ? await query.for('no key update') : await query) as Row[];
  await withJoinValues(db, entity, rows);
  return new Map(rows.map((r) => [Number(r.id), r]));
}

/** The kit's validation of an action's or command's input (the body the beforeValidate hooks completed), then
 * its file fields by the kit's upload rules, as a record's are: uploads that exist, of a type and size the
 * field allows, and of the caller's company for a caller scoped to one. */
const validInput =
  (ctx: WriteContext, action: Pick<MachineAction, 'input'>) =>
  async (sent: unknown): Promise<Validated<Record<string, unknown>>> => {
    const valid = validateActionInput(ctx.entity.def, action as MachineAction, sent);
    if (!valid.ok || !action.input) return valid;
    const issues = await checkFiles(ctx, action.input, valid.value, null);
    return issues.length ? { ok: false, issues } : valid;
  };

/** The records an action or command would change, for the modules' beforeWrite hooks (no references:
 * the values are the action's own, not the caller's). Without such hooks the rows are not even read. */
async function hookTargets(
  ctx: WriteContext,
  ids: number[],
  eligible: (row: Row) => boolean,
  values: Record<string, unknown>,
): Promise<WriteTarget[]> {
  if (!hasBeforeWriteHooks(ctx)) return [];
  const rows = [...(await targetRows(ctx.db, ctx, ids)).values()].filter(eligible);
  return rows.map((row) => ({ values: { ...values }, current: row, references: false }));
}

/**
 * A status action (enable, offline, pass, ...) on records whose status allows it. One conditional UPDATE per
 * status value, so a concurrent change of status can never be overwritten.
 */
export async function runAction(
  ctx: WriteContext,
  name: string,
  ids: number[],
  body: unknown,
): Promise<BatchResult> {
  const { entity, actor } = ctx;
  const action = entity.def.actions[name];
  if (!action) throw new AppError('notFound');
  const field = action.field;
  // a built-in record takes the action only when every field it sets is editable
  const sets = [field, ...Object.keys(action.assign ?? {})];
  const allowed = (row: Row) =>
    checkTransition(entity.def, name, { [field]: row[field] }).ok && mayChange(entity, row, sets);
  const skipped: BatchResult['skipped'] = [];
  const written = await writeSequence(ctx, {
    action: name,
    body: { sent: body ?? {}, current: null },
    // the values the action sets besides the status are taken once: the hooks see what is written
    validate: async (sent) => {
      const valid = await validInput(ctx, action)(sent);
      if (!valid.ok) return valid;
      return { ok: true, value: { input: valid.value, assigned: assignments(action, valid.value, actor) } };
    },
    targets: ({ assigned }) => hookTargets(ctx, ids, allowed, { [field]: action.to, ...assigned }),
    statement: async (tx: Tx, { input, assigned }) => {
      const found = await targetRows(tx, ctx, ids, true);
      const eligible: Row[] = [];
      for (const id of ids) {
        const row = found.get(id);
        if (!row) skipped.push({ id, reason: 'notFound' });
        else if (!allowed(row)) skipped.push({ id, reason: 'notAllowed' });
        else eligible.push(row);
      }
      const values = toDbValues(entity, { [field]: action.to, ...assigned });
      const out: PipelineRow[] = [];
      for (const from of action.from) {
        const group = eligible.filter((r) => r[field] === from).map((r) => Number(r.id));
        if (group.length === 0) continue;
        const updated = (await tx
          .update(entity.table)
          .set({ ...values, version: sql`${entity.col('version')} + 1`, ...stamp(actor) })
          .where(
            and(
              inArray(entity.col('id'), group),
              eq(entity.col(field), from),
              ...liveOnly(entity),
              ...scopeConditions(entity, ctx.rowScope),
            ),
          )
          .returning()) as Row[];
        for (const u of updated) {
          const before = found.get(Number(u.id))!;
          const old = toRecord(entity, before);
          const changes: Change[] = [{ field, old: from, new: action.to }];
          for (const [k, v] of Object.entries(assigned))
            changes.push({ field: k, old: old[k] ?? null, new: v });
          out.push({ before, after: u, input, changes });
        }
        const done = new Set(updated.map((u) => Number(u.id)));
        for (const id of group) if (!done.has(id)) skipped.push({ id, reason: 'notAllowed' });
      }
      return out;
    },
  });
  return { total: ids.length, succeeded: written.map((w) => Number(w.after!.id)), skipped };
}

/** One record's result of a batch: 404 when the record is gone, 409 when its state does not allow it. */
async function singleResult(
  ctx: WriteContext,
  result: BatchResult,
  id: number,
  refusal: AppError,
): Promise<EntityRecord> {
  const skip = result.skipped[0];
  if (skip) throw skip.reason === 'notFound' ? new AppError('notFound') : refusal;
  const row = await loadRow(ctx.db, ctx.entity, id, 'live', ctx.rowScope);
  if (!row) throw new AppError('notFound');
  return toRecord(ctx.entity, row);
}

/** A single status action: 404 when the record is gone, 409 when its status does not allow it. */
export async function runSingleAction(
  ctx: WriteContext,
  name: string,
  id: number,
  body: unknown,
): Promise<EntityRecord> {
  const result = await runAction(ctx, name, [id], body);
  return singleResult(ctx, result, id, new AppError('transitionNotAllowed'));
}

function commandOf(
  ctx: WriteContext,
  name: string,
): { command: CommandDef; input: Pick<MachineAction, 'input'> } {
  const command = ctx.entity.def.commands[name];
  if (!command) throw new AppError('notFound');
  return { command, input: { input: command.input ?? {} } };
}

const meetsWhen = (command: CommandDef, row: Row) =>
  !command.when || command.when.in.some((v) => v === row[command.when!.field]);

/**
 * A declared command on records (`ids`) or on the entity as a whole (`ids` null): its input validated by the
 * kit, its `when` condition checked per record (others are skipped as not allowed), and its module's handler
 * run in the write pipeline per record; the values it returns are stored as a new version.
 */
export async function runCommand(
  ctx: WriteContext,
  name: string,
  ids: number[] | null,
  body: unknown,
  results?: Map<number, CommandResult>,
): Promise<BatchResult> {
  const { entity, actor } = ctx;
  const { command, input: spec } = commandOf(ctx, name);
  const handler = ctx.extensions.commandHandler(entity.def.name, name);
  if (!handler) throw new Error(`${entity.def.name}.${name}: no command handler registered`);
  // A body with a schema of its own was checked by its route against that schema.
  const validate = ctx.extensions.commandSchemas?.(entity.def.name, name)?.body
    ? async (sent: unknown): Promise<Validated<Record<string, unknown>>> => ({
        ok: true,
        value: (sent ?? {}) as Record<string, unknown>,
      })
    : validInput(ctx, spec);
  if (ids === null) {
    await writeSequence(ctx, {
      action: name,
      body: { sent: body ?? {}, current: null },
      validate,
      statement: async (tx: Tx, input) => {
        // an entity-wide command's result is kept under id 0 (its route answers it when declared so)
        results?.set(0, await handler(tx, ctx, { row: null, input }));
        return [];
      },
    });
    return { total: 0, succeeded: [], skipped: [] };
  }
  const skipped: BatchResult['skipped'] = [];
  const written = await writeSequence(ctx, {
    action: name,
    body: { sent: body ?? {}, current: null },
    validate,
    targets: () => hookTargets(ctx, ids, (r) => meetsWhen(command, r), {}),
    statement: async (tx: Tx, input) => {
      const found = await targetRows(tx, ctx, ids, true);
      const out: PipelineRow[] = [];
      for (const id of ids) {
        const row = found.get(id);
        if (!row || !meetsWhen(command, row)) {
          skipped.push({ id, reason: row ? 'notAllowed' : 'notFound' });
          continue;
        }
        const result = await handler(tx, ctx, { row, input });
        assertBuiltInChange(ctx, row, Object.keys(result?.set ?? {}));
        results?.set(id, result);
        const [after] = (await tx
          .update(entity.table)
          .set({
            ...toDbValues(entity, result?.set ?? {}),
            version: sql`${entity.col('version')} + 1`,
            ...stamp(actor),
          })
          .where(and(eq(entity.col('id'), id), eq(entity.col('version'), row.version)))
          .returning()) as Row[];
        if (!after) throw new AppError('staleVersion');
        await writeJoinValues(tx, entity, id, result?.set ?? {});
        // A command's input is its own, not virtual field values: hooks see the command by the event's action.
        out.push({ before: row, after, input: {}, extra: { after: result?.changes ?? [] } });
      }
      return out;
    },
  });
  return { total: ids.length, succeeded: written.map((w) => Number(w.after!.id)), skipped };
}

/** A command on one record: 404 when the record is gone, 409 naming the command when `when` is not met. */
export async function runSingleCommand(
  ctx: WriteContext,
  name: string,
  id: number,
  body: unknown,
): Promise<EntityRecord> {
  const { command } = commandOf(ctx, name);
  const result = await runCommand(ctx, name, [id], body);
  return singleResult(ctx, result, id, new NotAllowedError(command.label));
}

/** A command declared with `answersResult` on one record: what its handler returned (404 when the record is
 * gone, 409 naming the command when `when` is not met). */
export async function runResultCommand(
  ctx: WriteContext,
  name: string,
  id: number,
  body: unknown,
): Promise<unknown> {
  const { command } = commandOf(ctx, name);
  const results = new Map<number, CommandResult>();
  const result = await runCommand(ctx, name, [id], body, results);
  const skip = result.skipped[0];
  if (skip) throw skip.reason === 'notFound' ? new AppError('notFound') : new NotAllowedError(command.label);
  const done = results.get(id);
  if (done?.answerAfterCommit) return done.answerAfterCommit();
  return done?.result ?? null;
}
