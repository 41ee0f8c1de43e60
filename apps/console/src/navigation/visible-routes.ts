import {
  commonHiddenRoutes,
  dashboardRoute,
  type FlatRoute,
  filterRoutes,
  findRoute,
  flattenRoutes,
  layoutRoutes,
  type MenuPermission,
  matchPath,
  permissionGroups,
  type RouteNode,
} from '@organiser/domain';

/** Every route inside the layout, resolved once: used to tell "no such page" (404) from "not yours" (401). */
export const allLayoutRoutes: FlatRoute[] = flattenRoutes(layoutRoutes);

export type Visibility = { roles: string[]; permissions: MenuPermission[]; hiddenMenus: string[] };

export type VisibleRoutes = {
  /** The permitted route tree: dashboard, permission groups, common hidden pages (profile, icons). */
  tree: RouteNode[];
  flat: FlatRoute[];
};

/**
 * spec §2, §6: the dashboard and the common hidden pages belong to every signed-in user; the permission groups go
 * through the domain's `filterRoutes` (root sees all, permission urls, icons, roles, hidden names, empty groups).
 */
export function buildVisibleRoutes(input: Visibility): VisibleRoutes {
  const groups = filterRoutes(permissionGroups, {
    roles: input.roles,
    permissions: input.permissions,
    hiddenMenus: input.hiddenMenus,
  });
  const tree = [dashboardRoute, ...groups, ...commonHiddenRoutes];
  return { tree, flat: flattenRoutes(tree) };
}

export type Resolution =
  | { kind: 'page'; route: FlatRoute; params: Record<string, string> }
  | { kind: 'redirect'; to: string }
  | { kind: 'forbidden' }
  | { kind: 'not-found' };

/**
 * What a location inside the layout shows (spec §2): a permitted page; a group path redirects to its first visible
 * page; a catalogue page the user may not see is a 401; anything else a 404.
 */
export function resolveLocation(pathname: string, visible: VisibleRoutes): Resolution {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/' || path === '') return { kind: 'redirect', to: dashboardRoute.path };
  const hit = findRoute(visible.flat, path);
  if (hit) return { kind: 'page', ...hit };
  const group = visible.tree.find((node) => node.children?.length && matchPath(node.path, path));
  if (group?.redirect) return { kind: 'redirect', to: group.redirect };
  const known =
    findRoute(allLayoutRoutes, path) ?? allLayoutRoutes.find((r) => r.isGroup && matchPath(r.fullPath, path));
  return known ? { kind: 'forbidden' } : { kind: 'not-found' };
}

/** The sidebar entry to highlight: the route's `activeMenu` (hidden add/edit pages light up their list). */
export const activeMenuOf = (route: FlatRoute): string => route.activeMenu ?? route.fullPath;

/** Resolved full path of a concrete location for a route pattern (`/x/:id` + {id: 3} → `/x/3`). */
export function fillPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (m, key: string) =>
    key in params ? encodeURIComponent(params[key]!) : m,
  );
}
