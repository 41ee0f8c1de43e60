import { type FlatRoute, flattenRoutes, permissionGroups } from '@organiser/domain';
import { and, eq, inArray, not, sql } from 'drizzle-orm';
import type { RouteRecord } from '../fastify-decorations';
import type { Db } from './client';
import { permission } from './schema';

// The permission tree is synchronised at every start. Menu permissions come from the domain's route
// catalogue (groups, their pages, the hidden add/edit pages, url = full path); resource permissions come from
// the registered API routes whose access is `resource` (method + url pattern, under their menu). Upserts by
// (type, method, url): idempotent, ids and role links survive restarts, and icons or status an administrator
// changed are kept, and so are the names and order of entries an administrator edited (`edited`). Every
// synchronised entry is `builtIn`: its type, method and url are not editable. The entries are read first and
// only those the upsert would change are written: a start with an unchanged catalogue writes nothing. A built-in
// resource whose route the server no longer has is marked `stale` (it may then be deleted); the mark follows
// the routes of the server that started last.

/** A synchronised entry as the upsert writes it. */
type Row = {
  type: 'menu' | 'resource';
  method: string;
  url: string;
  nameEn: string;
  nameZh: string;
  icon: string | null;
  parentId: number | null;
  sortNo: number;
  builtIn: true;
};

/** What the upsert writes of an existing entry, as stored. */
type Stored = Pick<Row, 'type' | 'method' | 'url' | 'nameEn' | 'nameZh' | 'sortNo' | 'parentId'> & {
  id: number;
  builtIn: boolean;
  edited: boolean;
};

const rowKey = (r: { type: string; method?: string; url: string }) => `${r.type} ${r.method ?? ''} ${r.url}`;

/** The upsert would leave this entry as it is (its conflict update sets nothing new). */
function isCurrent(stored: Stored, row: Row): boolean {
  return (
    stored.builtIn &&
    stored.parentId === (row.parentId ?? null) &&
    (stored.edited ||
      (stored.nameEn === row.nameEn && stored.nameZh === row.nameZh && stored.sortNo === (row.sortNo ?? 0)))
  );
}

async function readStored(db: Db): Promise<Map<string, Stored>> {
  const rows = await db
    .select({
      id: permission.id,
      type: permission.type,
      method: permission.method,
      url: permission.url,
      nameEn: permission.nameEn,
      nameZh: permission.nameZh,
      sortNo: permission.sortNo,
      parentId: permission.parentId,
      builtIn: permission.builtIn,
      edited: permission.edited,
    })
    .from(permission);
  return new Map((rows as Stored[]).map((r) => [rowKey(r), r]));
}

async function upsert(db: Db, rows: Row[], stored: Map<string, Stored>): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const changed: Row[] = [];
  for (const row of rows) {
    const current = stored.get(rowKey(row));
    if (current && isCurrent(current, row)) ids.set(`${current.method} ${current.url}`, current.id);
    else changed.push(row);
  }
  if (!changed.length) return ids;
  const result = await db
    .insert(permission)
    .values(changed)
    .onConflictDoUpdate({
      target: [permission.type, permission.method, permission.url],
      // Names and order an administrator edited stay; the structure (parent) follows the catalogue.
      set: {
        nameEn: sql`CASE WHEN ${permission.edited} THEN ${permission.nameEn} ELSE excluded.name_en END`,
        nameZh: sql`CASE WHEN ${permission.edited} THEN ${permission.nameZh} ELSE excluded.name_zh END`,
        sortNo: sql`CASE WHEN ${permission.edited} THEN ${permission.sortNo} ELSE excluded.sort_no END`,
        parentId: sql`excluded.parent_id`,
        builtIn: sql`true`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: permission.id, method: permission.method, url: permission.url });
  for (const r of result) ids.set(`${r.method} ${r.url}`, r.id);
  return ids;
}

export type SyncResult = { menus: number; resources: number };

export async function syncPermissions(db: Db, routes: RouteRecord[]): Promise<SyncResult> {
  const flat = flattenRoutes(permissionGroups);
  const stored = await readStored(db);
  const menuRow = (r: FlatRoute, index: number, parentId: number | null): Row => ({
    type: 'menu',
    method: '',
    url: r.fullPath,
    nameEn: r.title.en,
    nameZh: r.title.zh,
    icon: r.icon ?? null,
    parentId,
    sortNo: index,
    builtIn: true,
  });
  const menuIds = new Map<string, number>(); // by route name
  const menuIdsByUrl = new Map<string, number>();
  // Parents before children: one multi-row upsert per depth.
  const maxDepth = Math.max(0, ...flat.map((r) => r.titles.length));
  for (let depth = 1; depth <= maxDepth; depth++) {
    const level = flat.map((r, i) => [r, i] as const).filter(([r]) => r.titles.length === depth);
    const ids = await upsert(
      db,
      level.map(([r, i]) => menuRow(r, i, r.parentName ? (menuIds.get(r.parentName) ?? null) : null)),
      stored,
    );
    for (const [r] of level) {
      const id = ids.get(` ${r.fullPath}`);
      if (id === undefined) throw new Error(`permission sync: no id for menu ${r.fullPath}`);
      menuIds.set(r.name, id);
      menuIdsByUrl.set(r.fullPath, id);
    }
  }
  const titles = new Map(flat.map((r) => [r.fullPath, r.title]));
  const resources: Row[] = [];
  const seen = new Set<string>();
  routes.forEach((route, index) => {
    const access = route.access;
    if (access?.kind !== 'resource' || access.permissionMethod) return;
    const key = `${route.method} ${route.url}`;
    if (seen.has(key)) return;
    seen.add(key);
    const parentId = menuIdsByUrl.get(access.menu);
    if (parentId === undefined) {
      throw new Error(`Route ${key} hangs under menu ${access.menu}, which is not in the route catalogue`);
    }
    const menu = titles.get(access.menu)!;
    resources.push({
      type: 'resource',
      method: route.method,
      url: route.url,
      nameEn: access.name?.en ?? `${menu.en}: ${key}`,
      nameZh: access.name?.zh ?? `${menu.zh}：${key}`,
      icon: null,
      parentId,
      sortNo: 10_000 + index,
      builtIn: true,
    });
  });
  await upsert(db, resources, stored);
  await markStale(db, resourceKeys(routes));
  return { menus: flat.length, resources: resources.length };
}

/** `METHOD url` of every resource route the server registered: a built-in resource permission whose key is
 * not among them stands for a route that no longer exists. */
export function resourceKeys(routes: readonly RouteRecord[]): Set<string> {
  const keys = new Set<string>();
  for (const r of routes) if (r.access?.kind === 'resource') keys.add(`${r.method} ${r.url}`);
  return keys;
}

/** A built-in resource whose route is gone. */
export function isStale(
  row: { builtIn: boolean; type: string; method: string; url: string },
  routeKeys: Set<string>,
): boolean {
  return row.builtIn && row.type === 'resource' && !routeKeys.has(`${row.method} ${row.url}`);
}

/** Sets `stale` where it changed: on the built-in resources whose route is gone, off everywhere else. */
async function markStale(db: Db, routeKeys: Set<string>): Promise<void> {
  const rows = await db
    .select({
      id: permission.id,
      type: permission.type,
      method: permission.method,
      url: permission.url,
      builtIn: permission.builtIn,
      stale: permission.stale,
    })
    .from(permission)
    .where(eq(permission.type, 'resource'));
  const gone = rows.filter((r) => isStale(r, routeKeys)).map((r) => r.id);
  await db
    .update(permission)
    .set({ stale: true })
    .where(and(eq(permission.stale, false), gone.length ? inArray(permission.id, gone) : sql`false`));
  await db
    .update(permission)
    .set({ stale: false })
    .where(and(eq(permission.stale, true), gone.length ? not(inArray(permission.id, gone)) : sql`true`));
}
