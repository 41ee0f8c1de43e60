import { invalidateShared, onSharedInvalidation } from '../../access/auth-cache';
import type { EngineEntity } from '../entity';

// The total of a filtered list on a big table is counted (up to the cap) once, then remembered per query
// conditions for a short time, so a filter that matches tens of thousands of rows does not make every request read
// them again. Every write of the table through the engine's write pipeline forgets its counts, on this node at
// once and on the other API nodes through the shared invalidation channel (Redis); a write made outside the
// engine shows within COUNT_TTL_MS. A count is kept with the table's write generation at its start: one that raced
// a write (started before it committed) is never served after it.

/** How long a counted total is served again for the same conditions, unless the table is written first. */
export const COUNT_TTL_MS = 30_000;
const COUNTS_KEPT = 1_000;

type Kept<T> = { total: Promise<T>; at: number; generation: number };
/** Per database object (each test app has its own), per table and conditions. */
const kept = new WeakMap<object, Map<string, Kept<unknown>>>();
/** Per table: how many writes have been announced. */
const generations = new Map<string, number>();
const listening = new Set<string>();

const topicOf = (table: string) => `list-counts:${table}`;

/** Forgets the counts of the entity's table here and on the other nodes. Called after a write commits. */
export function forgetListCounts(entity: EngineEntity): void {
  invalidateShared(topicOf(entity.def.table));
}

function listen(table: string): void {
  if (listening.has(table)) return;
  listening.add(table);
  onSharedInvalidation(topicOf(table), () => generations.set(table, (generations.get(table) ?? 0) + 1));
}

/**
 * The total under `key` (the conditions' SQL and values) as `count` gives it, remembered as described above when
 * `isWorth` says so (a small count is cheaper than keeping it).
 */
export function rememberedCount<T>(
  db: object,
  table: string,
  key: string,
  count: () => Promise<T>,
  isWorth: (total: T) => boolean,
): Promise<T> {
  listen(table);
  let byKey = kept.get(db);
  if (!byKey) {
    byKey = new Map();
    kept.set(db, byKey);
  }
  const id = `${table}\u0000${key}`;
  const generation = generations.get(table) ?? 0;
  const now = Date.now();
  const found = byKey.get(id) as Kept<T> | undefined;
  if (found && found.generation === generation && now - found.at < COUNT_TTL_MS) return found.total;
  const total = count();
  byKey.delete(id);
  if (byKey.size >= COUNTS_KEPT) byKey.delete(byKey.keys().next().value as string);
  // the promise itself is kept: requests arriving while it counts wait for the same statement
  byKey.set(id, { total, at: now, generation });
  const forget = () => {
    if (byKey.get(id)?.total === total) byKey.delete(id);
  };
  total.then((value) => isWorth(value) || forget(), forget);
  return total;
}
