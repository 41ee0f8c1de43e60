import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Row, Tx, WriteContext, WriteEvent } from '../../engine';
import { AppError } from '../../errors';
import { getSetting } from '../settings/store';
import { popularActivity, popularSubActivity, recommendAdvertising, recommendSearch } from './tables';

/** The parent ids the written rows were added to (a created or restored row, or one moved to another parent). */
function addedTo(event: WriteEvent, field: string): number[] {
  const ids = new Set<number>();
  for (const { before, after } of event.rows) {
    const parent = after?.[field];
    if (parent == null || (before && before[field] === parent && before.deletedAt == null)) continue;
    ids.add(Number(parent));
  }
  return [...ids].sort((a, b) => a - b);
}

/**
 * A recommended search holds at most `search.recommendMaxObjects` advertising objects (the definition's
 * `parent.max`: three unless the deployment keeps the older five). Every write that adds one locks the keyword's row first, so concurrent adds
 * to one keyword take turns and each counts the others' committed objects; a count past the maximum is refused
 * (limitExceed) and rolls the write back.
 */
export async function checkAdvertisingLimit(tx: Tx, ctx: WriteContext, event: WriteEvent): Promise<void> {
  const parent = ctx.entity.def.parent!;
  const ids = addedTo(event, parent.field);
  if (!ids.length) return;
  // read inside the write's transaction (an embedded database has one connection, held by it)
  const max = Number(await getSetting<number>(tx, parent.max!.setting));
  // in id order, so two writes touching the same keywords never wait on each other crosswise
  await tx
    .select({ id: recommendSearch.id })
    .from(recommendSearch)
    .where(inArray(recommendSearch.id, ids))
    .orderBy(recommendSearch.id)
    .for('update');
  const held = (await tx
    .select({ id: recommendAdvertising.recommendSearchId, n: count() })
    .from(recommendAdvertising)
    .where(inArray(recommendAdvertising.recommendSearchId, ids))
    .groupBy(recommendAdvertising.recommendSearchId)) as { id: number; n: number }[];
  if (held.some((h) => Number(h.n) > max)) throw new AppError('limitExceed');
}

/** An activity's `itemCount` is its live sub-activities, counted again by every write of one of them. The
 * activity's row is locked before the count, so concurrent writes take turns and each counts the others'. */
export async function keepItemCount(tx: Tx, _ctx: WriteContext, event: WriteEvent): Promise<void> {
  const ids = new Set<number>();
  for (const { before, after } of event.rows)
    for (const row of [before, after] as (Row | null)[])
      if (row?.activityId != null) ids.add(Number(row.activityId));
  if (!ids.size) return;
  const sorted = [...ids].sort((a, b) => a - b);
  await tx
    .select({ id: popularActivity.id })
    .from(popularActivity)
    .where(inArray(popularActivity.id, sorted))
    .orderBy(popularActivity.id)
    .for('update');
  const counted = (await tx
    .select({ id: popularSubActivity.activityId, n: count() })
    .from(popularSubActivity)
    .where(and(inArray(popularSubActivity.activityId, sorted), isNull(popularSubActivity.deletedAt)))
    .groupBy(popularSubActivity.activityId)) as { id: number; n: number }[];
  const byId = new Map(counted.map((c) => [Number(c.id), Number(c.n)]));
  for (const id of sorted)
    await tx
      .update(popularActivity)
      .set({ itemCount: byId.get(id) ?? 0 })
      .where(eq(popularActivity.id, id));
}
