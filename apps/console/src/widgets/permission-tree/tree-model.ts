import type { Bilingual } from '@organiser/domain';

// The permission tree of the role editor as plain data: menus with the resources under them. A granted menu
// brings its reads (its list and records); each write is a resource of its own. The check boxes show a node
// checked when it and everything under it is granted, half-checked when it (or something under it) is granted
// but not all of it.

export type TreeEntry = {
  id: number;
  parentId: number | null;
  type: 'menu' | 'resource';
  name: Bilingual;
  method: string;
  url: string;
  grantable?: boolean;
};

export type TreeNode<E extends TreeEntry = TreeEntry> = { entry: E; children: TreeNode<E>[] };

/** The entries as a forest, in the order given (children under their parent; orphans at the top). */
export function buildTree<E extends TreeEntry>(entries: readonly E[]): TreeNode<E>[] {
  const nodes = new Map(entries.map((e) => [e.id, { entry: e, children: [] as TreeNode<E>[] }]));
  const roots: TreeNode<E>[] = [];
  for (const e of entries) {
    const node = nodes.get(e.id)!;
    const parent = e.parentId === null ? undefined : nodes.get(e.parentId);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

function index(entries: readonly TreeEntry[]) {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const children = new Map<number, number[]>();
  for (const e of entries) {
    if (e.parentId === null || !byId.has(e.parentId)) continue;
    children.set(e.parentId, [...(children.get(e.parentId) ?? []), e.id]);
  }
  const ancestors = (id: number): number[] => {
    const out: number[] = [];
    const seen = new Set([id]);
    for (
      let at = byId.get(id)?.parentId ?? null;
      at !== null && !seen.has(at);
      at = byId.get(at)?.parentId ?? null
    ) {
      if (!byId.has(at)) break;
      out.push(at);
      seen.add(at);
    }
    return out;
  };
  const descendants = (id: number): number[] => {
    const out: number[] = [];
    const stack = [...(children.get(id) ?? [])];
    const seen = new Set<number>();
    while (stack.length) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      out.push(next);
      stack.push(...(children.get(next) ?? []));
    }
    return out;
  };
  return { byId, ancestors, descendants };
}

export type CheckState = 'checked' | 'half' | 'none';

/** How each node's check box shows for the granted ids. */
export function checkStates(
  entries: readonly TreeEntry[],
  granted: ReadonlySet<number>,
): Map<number, CheckState> {
  const { descendants } = index(entries);
  const states = new Map<number, CheckState>();
  for (const e of entries) {
    const below = descendants(e.id);
    const grantedBelow = below.filter((id) => granted.has(id)).length;
    if (granted.has(e.id)) states.set(e.id, grantedBelow === below.length ? 'checked' : 'half');
    else states.set(e.id, grantedBelow > 0 ? 'half' : 'none');
  }
  return states;
}

/**
 * The granted ids after a click on a node: a node not granted is granted with the menus above it (a menu
 * brings its reads, nothing more; each write is granted on its own); a granted node is taken away with
 * everything under it. `companions` are entries that come and go with a write (its hidden form page). Entries
 * the caller may not grant (`grantable: false`) are never added.
 */
export function toggle(
  entries: readonly TreeEntry[],
  granted: ReadonlySet<number>,
  id: number,
  companions: ReadonlyMap<number, readonly number[]> = new Map(),
): Set<number> {
  const { byId, ancestors, descendants } = index(entries);
  const next = new Set(granted);
  if (granted.has(id)) {
    const below = descendants(id);
    for (const d of [id, ...below]) for (const c of companions.get(d) ?? []) next.delete(c);
    return toggleOff(next, id, below);
  }
  if (byId.get(id)?.grantable === false) return next;
  const extra = (companions.get(id) ?? []).flatMap((c) => [c, ...ancestors(c)]);
  for (const i of [id, ...ancestors(id), ...extra]) if (byId.get(i)?.grantable !== false) next.add(i);
  return next;
}

function toggleOff(granted: Set<number>, id: number, below: number[]): Set<number> {
  granted.delete(id);
  for (const d of below) granted.delete(d);
  return granted;
}

/** The ids shown while searching: entries whose name (in either language) or url contains the keyword, with
 * the menus above them. `null` when the keyword is blank (everything shows). */
export function matchingIds(entries: readonly TreeEntry[], keyword: string): Set<number> | null {
  const k = keyword.trim().toLowerCase();
  if (!k) return null;
  return keepMatching(entries, (e) => matchesKeyword(e, k));
}

/** Whether an entry's names (either language), method or url contain the lower-case keyword. */
const matchesKeyword = (e: TreeEntry, lowerKeyword: string) =>
  `${e.name.en}\n${e.name.zh}\n${e.method} ${e.url}`.toLowerCase().includes(lowerKeyword);

/** The ids of the entries that match, with every entry above them (a match is shown where it sits). */
function keepMatching<E extends TreeEntry>(entries: readonly E[], matches: (e: E) => boolean): Set<number> {
  const { ancestors } = index(entries);
  const out = new Set<number>();
  for (const e of entries) {
    if (!matches(e)) continue;
    out.add(e.id);
    for (const a of ancestors(e.id)) out.add(a);
  }
  return out;
}
