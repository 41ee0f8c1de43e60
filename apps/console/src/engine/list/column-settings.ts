import type { ColumnDescriptor } from '@organiser/domain';

// Column settings: which columns show and in which order, remembered per user and
// entity in local storage, with a reset that really forgets them.

export type ColumnSettings = { order: string[]; hidden: string[] };

const PREFIX = 'organiser.columns';

export const columnSettingsKey = (user: string, entity: string) => `${PREFIX}.${user || '-'}.${entity}`;

export function readColumnSettings(key: string): ColumnSettings | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<ColumnSettings>;
    if (!Array.isArray(parsed.order) || !Array.isArray(parsed.hidden)) return null;
    return { order: parsed.order.map(String), hidden: parsed.hidden.map(String) };
  } catch {
    return null;
  }
}

export function writeColumnSettings(key: string, settings: ColumnSettings | null): void {
  try {
    if (settings) localStorage.setItem(key, JSON.stringify(settings));
    else localStorage.removeItem(key);
  } catch {
    // Storage can be unavailable (private mode, quota): the settings then last for this page only.
  }
}

export type ArrangedColumn = { column: ColumnDescriptor; isShown: boolean };

/**
 * The columns in the user's order with their visibility. Columns the user never saw (added to the definition
 * later) keep their declared place and default visibility; remembered names that no longer exist are ignored.
 */
export function arrangeColumns(
  columns: ColumnDescriptor[],
  settings: ColumnSettings | null,
): ArrangedColumn[] {
  if (!settings) return columns.map((column) => ({ column, isShown: column.isShownByDefault }));
  const known = new Set(settings.order);
  const rank = new Map(settings.order.map((name, i) => [name, i]));
  const ordered = columns
    .filter((c) => known.has(c.name))
    .sort((a, b) => rank.get(a.name)! - rank.get(b.name)!);
  // a new column goes after the column that precedes it in the definition
  for (const [index, column] of columns.entries()) {
    if (known.has(column.name)) continue;
    const before = columns
      .slice(0, index)
      .reverse()
      .find((c) => ordered.includes(c));
    ordered.splice(before ? ordered.indexOf(before) + 1 : 0, 0, column);
  }
  const hidden = new Set(settings.hidden);
  return ordered.map((column) => ({
    column,
    isShown: known.has(column.name) ? !hidden.has(column.name) : column.isShownByDefault,
  }));
}

export function settingsOf(arranged: ArrangedColumn[]): ColumnSettings {
  return {
    order: arranged.map((a) => a.column.name),
    hidden: arranged.filter((a) => !a.isShown).map((a) => a.column.name),
  };
}

export function moveColumn(arranged: ArrangedColumn[], name: string, delta: -1 | 1): ArrangedColumn[] {
  const index = arranged.findIndex((a) => a.column.name === name);
  const target = index + delta;
  if (index < 0 || target < 0 || target >= arranged.length) return arranged;
  const next = [...arranged];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

export function toggleColumn(arranged: ArrangedColumn[], name: string, isShown: boolean): ArrangedColumn[] {
  const next = arranged.map((a) => (a.column.name === name ? { ...a, isShown } : a));
  // at least one column stays, or the table has nothing to show
  return next.some((a) => a.isShown) ? next : arranged;
}
