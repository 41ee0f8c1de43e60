// The dashboard's figures are the same for everyone of one audience (staff, or one company's accounts) and move
// slowly: each is computed once per audience, period and FIGURES_TTL_MS by a server, and requests arriving while
// it is computed share that one computation. The waiting work is never remembered: its counts must be the totals
// of the lists they link to.

/** How long a dashboard's figures are reused (they may lag the events by this much). */
export const FIGURES_TTL_MS = 15_000;
const MAX_ENTRIES = 1_000;

type Entry = { at: number; value: Promise<unknown> };

/** A server's memory of figures: `remembered(key, compute)` answers the value computed for `key` in the last
 * FIGURES_TTL_MS, or computes it. */
export function figuresMemo() {
  const entries = new Map<string, Entry>();
  return function remembered<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const found = entries.get(key);
    if (found && now - found.at < FIGURES_TTL_MS) return found.value as Promise<T>;
    if (entries.size >= MAX_ENTRIES)
      for (const [k, e] of entries) if (now - e.at >= FIGURES_TTL_MS) entries.delete(k);
    if (entries.size >= MAX_ENTRIES) entries.clear();
    const value = compute();
    entries.set(key, { at: now, value });
    // a failure is not remembered
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  };
}
