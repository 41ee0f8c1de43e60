import type { KitIssue, Lang } from '@organiser/domain';
import { AppError } from '../../errors';
import { checkDynamicForms, DYNAMIC_FORM_ENTITY, invalidateDynamicForms } from '../dynamic-forms';
import { fieldsError } from '../field-errors';
import { withJoinValues } from '../read/join-fields';
import { forgetListCounts } from '../read/list-counts';
import { apiValues } from '../read/records';
import { loadRow } from '../read/row-scope';
import type { Change, Row, Tx, WriteContext, WrittenRow } from '../write-context';
import { checkDictionaries } from './dictionary-check';
import { allFields, diff, type HistoryEntry, historyName, writeHistory } from './history';
import { checkFiles, checkReferences } from './references';
import { guarded } from './unique';
import { applyQuotas, settleExclusive } from './write-effects';

// The one write sequence every write goes through (create, update, PATCH, revert, delete, restore, purge,
// import, status actions, batches, commands and reorder), in this order: the modules' beforeValidate hooks
// complete the body, the path's own validation turns it into values, the beforeWrite checks (the modules'
// hooks, references, dictionaries, dynamic forms, files, and the path's own rules) refuse it with field
// errors, the path prepares what must be ready before the transaction (unique values, hashes), then in one
// transaction the path's statement, the company limits, the exclusive flags, the modules' afterWrite hooks
// and the history entries (unless the entity keeps no history); the afterCommit hooks run once it committed.
// A write path supplies only its statement and what it validates; it never orders these steps itself, so a
// hook or check added here reaches every path.

/** One record a write path changed, and how its history entry reads. */
export type PipelineRow = WrittenRow & {
  /** History changes recorded as given, instead of the diff of the row before and after. */
  changes?: Change[];
  /** Changes recorded before the diff (a trash move) and after it (a masked secret). */
  extra?: { before?: Change[]; after?: Change[] };
  /** The row the final row is compared with, when not `before` (a restore compares with the restored row). */
  base?: Row | null;
  /** The version the entry records, when not the final row's (a soft delete leaves no final row). */
  version?: number;
  /** No history entry (a write that changed only virtual values). */
  silent?: boolean;
  /** The action the history entry records, when not the write's own (an update without a version check). */
  historyAction?: string;
};

/** A path's validation of a body: its values, or the field issues that refuse it. */
export type Validated<V> = { ok: true; value: V } | { ok: false; issues: KitIssue[] };

/** A record the beforeWrite checks look at: the values it would take, its stored row (null: a new record),
 * the path's own issues with it (rules of the merged record) and whether references, dictionaries, dynamic
 * forms and files are checked (false: only the modules' hooks, as for a status action or command). */
export type WriteTarget = {
  values: Record<string, unknown>;
  current: Row | null;
  issues?: KitIssue[];
  references?: boolean;
};

/** The checking half of a write: before-validate, validate, before-write. */
export type WriteChecks<V> = {
  /** The body the caller sent and the stored row it changes (null: a new record). Absent when nothing is
   * sent to validate (delete, restore, purge, reorder, revert). */
  body?: { sent: unknown; current: Row | null };
  /** The path's validation of the body as the beforeValidate hooks completed it. May throw a refusal of its
   * own (a stale version). Absent: `values` are taken as they are. */
  validate?: (completed: unknown) => Validated<V> | Promise<Validated<V>>;
  /** The values, when the path has no body to validate (a revert's values of an earlier version). */
  values?: V;
  /** The records the beforeWrite checks look at, for the validated values. Checks stop at the first record
   * with issues. */
  targets?: (values: V) => WriteTarget[] | Promise<WriteTarget[]>;
};

/** Nothing to write: `prepare` found the write changes nothing; the sequence ends without a transaction. */
export const NO_WRITE = Symbol('no write');

/** One write as its path describes it to the sequence. */
export type WritePlan<V, P = V> = WriteChecks<V> & {
  /** create, update, revert, import, delete, restore, purge, reorder, a status action's or command's name. */
  action: string;
  /** After the checks passed, before the transaction: refusals of their own (409 duplicate, referenced),
   * hashed secrets, the month's partition. Returns what the statement writes, or NO_WRITE. */
  prepare?: (values: V) => Promise<P | typeof NO_WRITE>;
  /** The path's own statements, inside the write's transaction: the records they changed. */
  statement: (tx: Tx, prepared: P) => Promise<PipelineRow[]>;
  /** How exclusive flags settle: `restore` keeps a restored record's flag only when its group has none;
   * false for writes that leave the flags alone (a purge of trashed rows). */
  settle?: 'write' | 'restore' | false;
};

function historyEntry(ctx: WriteContext, action: string, w: PipelineRow): HistoryEntry {
  const { entity, actor } = ctx;
  const fields = allFields(entity);
  const base = w.base !== undefined ? w.base : w.before;
  const changes = w.changes ?? [
    ...(w.extra?.before ?? []),
    ...diff(
      base ? apiValues(entity, base) : {},
      w.after ? apiValues(entity, w.after) : Object.fromEntries(fields.map((f) => [f, null])),
      fields,
    ),
    ...(w.extra?.after ?? []),
  ];
  const id = Number((w.after ?? w.before)!.id);
  const version = w.version ?? (w.after ? Number(w.after.version) : Number(w.before!.version) + 1);
  return {
    entity: historyName(entity),
    recordId: id,
    version,
    action: w.historyAction ?? action,
    actor,
    changes,
  };
}

/**
 * The write sequence: checks (before-validate, validate, before-write; field issues refuse it with 400),
 * the path's preparation, then the statement with the company limits, exclusive flags, afterWrite hooks and
 * history in one transaction, then the afterCommit hooks. Returns the written rows as they were committed
 * (none when `prepare` found nothing to write).
 */
export async function writeSequence<V, P = V>(
  ctx: WriteContext,
  plan: WritePlan<V, P>,
): Promise<PipelineRow[]> {
  const checked = await checkWrite(ctx, plan);
  if (!checked.ok) throw fieldsError(checked.issues, ctx.lang);
  const prepared = plan.prepare ? await plan.prepare(checked.value) : (checked.value as unknown as P);
  if (prepared === NO_WRITE) return [];
  return commit(ctx, plan, prepared);
}

/**
 * The checking half of the sequence on its own: the body completed by the beforeValidate hooks, validated by
 * the path, and the beforeWrite checks of each target. Returns the values or the issues, never throws field
 * issues: an import checks every row of a file this way and reports them per row.
 */
export async function checkWrite<V>(ctx: WriteContext, checks: WriteChecks<V>): Promise<Validated<V>> {
  const completed = checks.body
    ? await beforeValidate(ctx, checks.body.sent, checks.body.current)
    : undefined;
  let value = checks.values as V;
  if (checks.validate) {
    const valid = await checks.validate(completed);
    if (!valid.ok) return valid;
    value = valid.value;
  }
  for (const target of checks.targets ? await checks.targets(value) : []) {
    const issues = [
      ...(target.issues ?? []),
      ...(await beforeWrite(ctx, target.values, target.current, { references: target.references })),
    ];
    if (issues.length) return { ok: false, issues };
  }
  return { ok: true, value };
}

/** Whether any module checks this entity's writes before they are written (a target list can be skipped). */
export const hasBeforeWriteHooks = (ctx: WriteContext): boolean =>
  ctx.extensions.hooksOf(ctx.entity.def.name).beforeWrite.length > 0;

/** The transaction of a write and what follows its commit. */
async function commit<V, P>(ctx: WriteContext, plan: WritePlan<V, P>, prepared: P): Promise<PipelineRow[]> {
  const { db, entity } = ctx;
  const { action } = plan;
  const hooks = ctx.extensions.hooksOf(entity.def.name);
  const rows = await guarded(ctx, () =>
    db.transaction(async (tx: Tx) => {
      const written = await plan.statement(tx, prepared);
      await withJoinValues(
        tx,
        entity,
        written.flatMap((w) => [w.before, w.after]),
      );
      for (const w of written) if (w.after) await applyQuotas(tx, ctx, w.before, w.after);
      if (plan.settle !== false) {
        const settled = await settleExclusive(tx, ctx, written, plan.settle ?? 'write');
        for (const w of written)
          if (w.after && settled.has(Number(w.after.id)))
            w.after = (await loadRow(tx, entity, Number(w.after.id), 'any')) ?? w.after;
      }
      const event = { action, rows: written };
      for (const hook of hooks.afterWrite) await hook(tx, ctx, event);
      if (entity.def.capabilities.history)
        await writeHistory(
          tx,
          written.filter((w) => !w.silent).map((w) => historyEntry(ctx, action, w)),
        );
      return written;
    }),
  );
  // The configs of dynamic forms are cached: a written config is read again by every node.
  if (entity.def.name === DYNAMIC_FORM_ENTITY) invalidateDynamicForms();
  // so are the totals of big lists: every node counts this table again
  forgetListCounts(entity);
  for (const hook of hooks.afterCommit) {
    try {
      await hook(ctx, { action, rows });
    } catch (error) {
      ctx.extensions.logError?.(error, `${entity.def.name} ${action}: afterCommit hook failed`);
    }
  }
  return rows;
}

/** The body as the modules' beforeValidate hooks complete it, in registration order. */
async function beforeValidate(ctx: WriteContext, body: unknown, current: Row | null): Promise<unknown> {
  let out = body;
  for (const hook of ctx.extensions.hooksOf(ctx.entity.def.name).beforeValidate)
    out = await hook(ctx, out, current);
  return out;
}

/** Field issues of a write beyond the body's own validation: the modules' beforeWrite hooks, references
 * (within the caller's scope) and files that are no fitting upload (for a scoped caller, not its own). */
async function beforeWrite(
  ctx: WriteContext,
  values: Record<string, unknown>,
  current: Row | null,
  options: { references?: boolean } = {},
): Promise<KitIssue[]> {
  const issues: KitIssue[] = [];
  for (const hook of ctx.extensions.hooksOf(ctx.entity.def.name).beforeWrite)
    issues.push(...(await hook(ctx, values, current)));
  if (options.references === false) return issues;
  issues.push(...(await checkReferences(ctx, values, current ? Number(current.id) : undefined, current)));
  issues.push(
    ...(await checkDictionaries(
      ctx.db,
      ctx.entity.def,
      values,
      current ? apiValues(ctx.entity, current) : null,
    )),
  );
  issues.push(
    ...(await checkDynamicForms(
      ctx.db,
      ctx.entity.def,
      values,
      current ? apiValues(ctx.entity, current) : null,
    )),
  );
  issues.push(
    ...(await checkFiles(
      ctx,
      ctx.entity.def.fields,
      values,
      current ? apiValues(ctx.entity, current) : null,
    )),
  );
  return issues;
}

/** A refusal of a command or action on a record whose state does not allow it (409), naming it. */
export class NotAllowedError extends AppError {
  constructor(readonly label: { en: string; zh: string }) {
    super('transitionNotAllowed');
  }

  override messageIn(lang: Lang): string {
    return `${this.label[lang]}: ${super.messageIn(lang)}`;
  }
}
