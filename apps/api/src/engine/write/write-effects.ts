import { isEmptyValue, isSecretField, type QuotaRule } from '@organiser/domain';
import { and, eq, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../errors';
import type { EngineEntity } from '../entity';
import { effectiveValues } from '../read/effective';
import { apiValues } from '../read/records';
import { liveOnly } from '../read/row-scope';
import type { Row, Tx, WriteContext } from '../write-context';
import { type HistoryEntry, historyName, stamp, writeHistory } from './history';

// What the engine does on every write besides storing the caller's values: secrets hashed and virtual values
// set aside, computed fields derived, status moved by an edit, the company's limits on what it has at once
// kept, and exclusive flags (one default per company) settled — the last two inside the write's transaction.

/** Splits validated values into the columns to store (passwords hashed; an empty password on update means
 * unchanged and is dropped) and the virtual fields' values, which only the entity's hooks see. */
export async function storedValues(
  ctx: Pick<WriteContext, 'entity' | 'hashPassword'>,
  values: Record<string, unknown>,
): Promise<{ stored: Record<string, unknown>; virtual: Record<string, unknown>; secrets: string[] }> {
  const stored: Record<string, unknown> = {};
  const virtual: Record<string, unknown> = {};
  const secrets: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    const field = ctx.entity.def.fields[name];
    if (!field) continue;
    if (field.virtual) {
      if (value !== null && value !== undefined) virtual[name] = value;
    } else if (field.kind === 'password') {
      if (typeof value === 'string' && value !== '') {
        stored[name] = await ctx.hashPassword(value);
        secrets.push(name);
      }
    } else stored[name] = value;
  }
  return { stored, virtual, secrets };
}

/**
 * Computed values a write brings with it: `filled` derivations (every required, visible field has a value)
 * and `onEdit` moves (a refused record returns to pending when edited). `before` is the stored record (API
 * values) of an update, null for a create; `scoped` says the edit is made by a caller scoped to a company.
 */
export function derivedChanges(
  entity: EngineEntity,
  before: Record<string, unknown> | null,
  changes: Record<string, unknown>,
  options: { scoped?: boolean } = {},
): Record<string, unknown> {
  const merged = { ...before, ...changes };
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(entity.def.fields)) {
    if (field.derive?.kind === 'filled') {
      const spec = field.derive.fields;
      const names =
        spec === 'required'
          ? [...entity.states.values()].filter((s) => s.isRequired && !s.field.virtual).map((s) => s.name)
          : spec.filter((n) => !entity.states.get(n)?.isHidden);
      const value = names.every((n) => !isEmptyValue(merged[n]));
      if (before?.[name] !== value) out[name] = value;
    }
    if (
      before &&
      field.kind === 'enum' &&
      field.onEdit?.from.includes(String(before[name])) &&
      (field.onEdit.by !== 'scoped' || options.scoped)
    )
      out[name] = field.onEdit.to;
  }
  return out;
}

/** Whether a row counts against a quota: live, and (for `{ set }`) with the field set. */
function isCounted(entity: EngineEntity, quota: QuotaRule, row: Row | null): boolean {
  if (!row || (entity.def.softDelete && row.deletedAt != null)) return false;
  if (quota.counts === 'records') return true;
  const value = row[quota.counts.set];
  return !isEmptyValue(value) && value !== false;
}

/** How many live records of a company count against a quota. */
async function heldCount(db: Tx, entity: EngineEntity, quota: QuotaRule, companyId: number): Promise<number> {
  const conditions = [eq(entity.col(entity.def.scope!.field), companyId), ...liveOnly(entity)];
  if (quota.counts !== 'records') {
    const column = entity.col(quota.counts.set);
    const isFlag = entity.def.fields[quota.counts.set]?.kind === 'boolean';
    conditions.push(isFlag ? eq(column, true) : isNotNull(column));
  }
  const [held] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(entity.table)
    .where(and(...conditions));
  return Number(held?.count ?? 0);
}

/** How many counted records a company has now, for each quota of the engine's entities (its live products,
 * standout cards, video), by quota key. */
export async function heldQuotaCounts(
  db: Tx,
  engine: WriteContext['engine'],
  companyId: number,
): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const entity of engine.list)
    for (const quota of entity.def.source ? [] : entity.def.quotas)
      out[quota.key] = await heldCount(db, entity, quota, companyId);
  return out;
}

/**
 * Keeps what a company has within its limits (its live products, standout cards, video), inside the write's
 * transaction. A write that adds a counted record (a create, a restore, a flag turned on, a record moved to
 * the company) locks the company's row, so concurrent writes for one company take turns and each counts the
 * others' committed records, then counts the company's records as the write leaves them: more than the limit
 * is refused (limitExceed) and rolls the write back. Deleting a record or turning a flag off frees its place.
 * The limit is the effective value of the company's limit field: its own, else its package's; empty is
 * unlimited.
 */
export async function applyQuotas(tx: Tx, ctx: WriteContext, before: Row | null, after: Row): Promise<void> {
  const { entity, engine } = ctx;
  for (const quota of entity.def.quotas) {
    const scope = entity.def.scope!.field;
    const companyId = Number(after[scope]);
    const hadPlace = isCounted(entity, quota, before) && Number(before![scope]) === companyId;
    if (!isCounted(entity, quota, after) || hadPlace) continue;
    const target = engine.get(quota.limit.entity);
    if (!target) throw new Error(`quota ${quota.key}: no entity ${quota.limit.entity}`);
    // not FOR UPDATE: a product's insert holds a key-share lock on its company, which this must not wait for
    const [company] = (await tx
      .select()
      .from(target.table)
      .where(eq(target.col('id'), companyId))
      .for('no key update')) as Row[];
    if (!company) throw new AppError('notFound');
    const effective = await effectiveValues(tx, engine, target, [
      { ...apiValues(target, company), id: companyId },
    ]);
    const value = effective.get(companyId)?.[quota.limit.field]?.value ?? company[quota.limit.field];
    if (typeof value !== 'number') continue;
    if ((await heldCount(tx, entity, quota, companyId)) > value) throw new AppError('limitExceed');
  }
}

type Written = { before: Row | null; after: Row | null };

/** One settling: the flag writes it makes, the history of the other records it changes, and the written
 * records whose flag it changed. */
function flagWriter(tx: Tx, ctx: WriteContext, written: Written[]) {
  const { entity, actor } = ctx;
  const history: HistoryEntry[] = [];
  const changedWritten = new Set<number>();
  const writtenIds = new Set(written.map((w) => Number((w.after ?? w.before)!.id)));
  /** Sets a written record's flag: part of its own write (no version, no history entry of its own). */
  const setOwn = async (field: string, id: number, value: boolean) => {
    await tx
      .update(entity.table)
      .set({ [field]: value })
      .where(eq(entity.col('id'), id));
    changedWritten.add(id);
  };
  /** Sets other records' flag: a new version and a history entry each. */
  const setOthers = async (field: string, where: SQL | undefined, value: boolean) => {
    const rows = (await tx
      .update(entity.table)
      .set({ [field]: value, version: sql`${entity.col('version')} + 1`, ...stamp(actor) })
      .where(where)
      .returning({ id: entity.col('id'), version: entity.col('version') })) as Row[];
    for (const r of rows)
      history.push({
        entity: historyName(entity),
        recordId: Number(r.id),
        version: Number(r.version),
        action: 'update',
        actor,
        changes: [{ field, old: !value, new: value }],
      });
  };
  /** Gives the flag to one record: a written one as part of its write, another one with a version. */
  const give = (field: string, id: number) =>
    writtenIds.has(id) ? setOwn(field, id, true) : setOthers(field, eq(entity.col('id'), id), true);
  return { history, changedWritten, setOwn, setOthers, give };
}

/** A written record that holds the flag takes it from the others of its group (a restored one gives it up
 * when its group has a holder). */
async function takeFlag(
  tx: Tx,
  ctx: WriteContext,
  writer: ReturnType<typeof flagWriter>,
  w: Written,
  name: string,
  per: string,
  mode: 'write' | 'restore',
): Promise<void> {
  const { entity } = ctx;
  const after = w.after!;
  const id = Number(after.id);
  const others = and(
    eq(entity.col(per), after[per]),
    ne(entity.col('id'), id),
    eq(entity.col(name), true),
    ...liveOnly(entity),
  );
  if (mode === 'restore') {
    const taken = await tx
      .select({ id: entity.col('id') })
      .from(entity.table)
      .where(others)
      .limit(1);
    if (taken.length > 0) await writer.setOwn(name, id, false);
  } else if (w.before?.[name] !== true) await writer.setOthers(name, others, false);
}

/** A group left without a holder gives the flag to its oldest live record, preferring any but the ones that
 * just gave it up. */
async function fillGroup(
  tx: Tx,
  ctx: WriteContext,
  writer: ReturnType<typeof flagWriter>,
  name: string,
  group: SQL,
  gaveUp: number[],
): Promise<void> {
  const { entity } = ctx;
  const live = and(group, ...liveOnly(entity));
  const holder = await tx
    .select({ id: entity.col('id') })
    .from(entity.table)
    .where(and(live, eq(entity.col(name), true)))
    .limit(1);
  if (holder.length > 0) return;
  const order = gaveUp.length
    ? [
        sql`${entity.col('id')} in (${sql.join(
          gaveUp.map((id) => sql`${id}`),
          sql`, `,
        )})`,
        entity.col('id'),
      ]
    : [entity.col('id')];
  const [heir] = (await tx
    .select({ id: entity.col('id') })
    .from(entity.table)
    .where(live)
    .orderBy(...order)
    .limit(1)) as Row[];
  if (heir) await writer.give(name, Number(heir.id));
}

/**
 * Exclusive flags (`exclusive: { per }`): after a write, exactly one live record of each touched group has the
 * flag. A record that just got it takes it from the others; a group left without one gives it to its oldest
 * record (preferring any but the one that just gave it up); a restored record keeps it only if its group has
 * none. Other records that change get a new version and a history entry; the written records' own changes
 * are part of their write. Returns the ids of written records whose flag the settling changed.
 */
export async function settleExclusive(
  tx: Tx,
  ctx: WriteContext,
  written: Written[],
  mode: 'write' | 'restore' = 'write',
): Promise<Set<number>> {
  const { entity } = ctx;
  const writer = flagWriter(tx, ctx, written);
  for (const [name, field] of Object.entries(entity.def.fields)) {
    if (field.kind !== 'boolean' || !field.exclusive) continue;
    const per = field.exclusive.per;
    const groups = new Set<unknown>();
    for (const w of written) {
      for (const row of [w.before, w.after])
        if (row && row[per] !== null && row[per] !== undefined) groups.add(row[per]);
      if (w.after?.[name] === true) await takeFlag(tx, ctx, writer, w, name, per, mode);
    }
    const gaveUp = written
      .filter((w) => w.before?.[name] === true && w.after?.[name] !== true)
      .map((w) => Number(w.before!.id));
    for (const value of groups) await fillGroup(tx, ctx, writer, name, eq(entity.col(per), value), gaveUp);
  }
  if (entity.def.capabilities.history) await writeHistory(tx, writer.history);
  return writer.changedWritten;
}

/** Field names a write never records nor reverts: passwords and virtual fields. */
export const secretFields = (entity: EngineEntity): Set<string> =>
  new Set(
    Object.entries(entity.def.fields)
      .filter(([, f]) => isSecretField(f))
      .map(([n]) => n),
  );
