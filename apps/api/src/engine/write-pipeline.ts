import type { KitIssue, Lang } from '@organiser/domain';
import { AppError } from '../errors';
import type { Change, Row, Tx, WriteContext, WrittenRow } from './context';
import { checkDictionaries } from './dictionary-check';
import { checkDynamicForms, DYNAMIC_FORM_ENTITY, invalidateDynamicForms } from './dynamic-forms';
import { allFields, diff, type HistoryEntry, historyName, writeHistory } from './history';
import { forgetListCounts } from './list-counts';
import { apiValues } from './records';
import { checkFiles, checkReferences } from './references';
import { loadRow } from './row-scope';
import { guarded } from './unique';
import { applyQuotas, settleExclusive } from './write-effects';

// The one write pipeline every write goes through (create, update, revert, delete, restore, purge, import,
// status actions, batches and commands). A write path supplies only its own statements; the pipeline runs
// them in a transaction together with what every write does: the company limits kept, exclusive flags
// settled, the modules' afterWrite hooks, and the history entries (unless the entity keeps no history). The
// afterCommit hooks run once the transaction committed.

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

export type PipelineOptions = {
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

/** Runs a write's statements in a transaction with the quotas, exclusive flags, hooks and history of every
 * write; then the afterCommit hooks. Returns the written rows as they were committed. */
export async function runWrite(
  ctx: WriteContext,
  action: string,
  write: (tx: Tx) => Promise<PipelineRow[]>,
  options: PipelineOptions = {},
): Promise<PipelineRow[]> {
  const { db, entity } = ctx;
  const hooks = ctx.extensions.hooksOf(entity.def.name);
  const rows = await guarded(ctx, () =>
    db.transaction(async (tx: Tx) => {
      const written = await write(tx);
      for (const w of written) if (w.after) await applyQuotas(tx, ctx, w.before, w.after);
      if (options.settle !== false) {
        const settled = await settleExclusive(tx, ctx, written, options.settle ?? 'write');
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
export async function beforeValidate(
  ctx: WriteContext,
  body: unknown,
  current: Row | null,
): Promise<unknown> {
  let out = body;
  for (const hook of ctx.extensions.hooksOf(ctx.entity.def.name).beforeValidate)
    out = await hook(ctx, out, current);
  return out;
}

/** Field issues of a write beyond the body's own validation: the modules' beforeWrite hooks, references
 * (within the caller's scope) and files that are no fitting upload (for a scoped caller, not its own). */
export async function beforeWrite(
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
  issues.push(...(await checkFiles(ctx, values, current ? apiValues(ctx.entity, current) : null)));
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
