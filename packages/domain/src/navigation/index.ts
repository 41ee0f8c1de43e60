import { commonHiddenRoutes, dashboardRoute, permissionGroups } from './catalogue';
import type { FlatRoute, RouteNode } from './types';

export * from './catalogue';
export * from './types';

export const ROOT_ROLE = 'root';

/** Every route inside the layout: the dashboard, the permission groups and the common hidden pages. */
export const layoutRoutes: RouteNode[] = [dashboardRoute, ...permissionGroups, ...commonHiddenRoutes];

export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/$/, '')}/${child}`;
}

/** Flattens a route tree into one entry per route, parents before children, paths resolved. */
export function flattenRoutes(nodes: RouteNode[], parent?: FlatRoute): FlatRoute[] {
  const out: FlatRoute[] = [];
  for (const node of nodes) {
    const fullPath = parent ? joinPath(parent.fullPath, node.path) : node.path;
    const flat: FlatRoute = {
      name: node.name,
      fullPath,
      title: node.title,
      titles: [...(parent?.titles ?? []), node.title],
      icon: node.icon,
      hidden: Boolean(node.hidden || parent?.hidden),
      activeMenu: node.activeMenu,
      affix: Boolean(node.affix),
      noCache: Boolean(node.noCache),
      roles: node.roles,
      view: node.view,
      parentName: parent?.name,
      isGroup: Boolean(node.children?.length),
    };
    out.push(flat);
    if (node.children) out.push(...flattenRoutes(node.children, flat));
  }
  return out;
}

/** Permission url of a route: its full path, parameters kept as written (`/banner/banner_edit/:id`). */
export const permissionUrlOf = (route: Pick<FlatRoute, 'fullPath'>): string => route.fullPath;

/** Does a concrete location (`/banner/banner_edit/12`) match a route pattern (`/banner/banner_edit/:id`)? */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const p = pattern.split('/').filter(Boolean);
  const s = pathname.split('/').filter(Boolean);
  if (p.length !== s.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    const seg = p[i]!;
    const val = s[i]!;
    if (seg.startsWith(':')) params[seg.slice(1)] = decodeURIComponent(val);
    else if (seg !== val) return null;
  }
  return params;
}

export type MenuPermission = { url: string; icon?: string | null };

export type VisibilityInput = {
  /** Role codes of the user. */
  roles: string[];
  /** Menu permissions of the user (url + optional icon). */
  permissions: MenuPermission[];
  /** Route names or titles hidden by the deployment. */
  hiddenMenus?: string[];
};

function isHiddenByDeployment(node: RouteNode, hidden: Set<string>): boolean {
  return hidden.has(node.name) || hidden.has(node.title.en) || hidden.has(node.title.zh);
}

/**
 * Role `root` sees every route; others see routes whose path matches one of their permission urls.
 * A permission's icon replaces the route icon; a route's `roles` restricts it; menu names hidden by the deployment
 * are dropped; a group left with no visible child is dropped, so the menu never shows an empty group as a
 * page of its own.
 */
export function filterRoutes(nodes: RouteNode[], input: VisibilityInput, parentPath = ''): RouteNode[] {
  const isRoot = input.roles.includes(ROOT_ROLE);
  const byUrl = new Map(input.permissions.map((p) => [p.url, p]));
  const hidden = new Set(input.hiddenMenus ?? []);
  const out: RouteNode[] = [];
  for (const node of nodes) {
    if (isHiddenByDeployment(node, hidden)) continue;
    if (node.roles && !isRoot && !node.roles.some((r) => input.roles.includes(r))) continue;
    const fullPath = parentPath ? joinPath(parentPath, node.path) : node.path;
    if (node.children?.length) {
      const children = filterRoutes(node.children, input, fullPath);
      if (children.length === 0) continue;
      const perm = byUrl.get(fullPath);
      const firstVisible = children.find((c) => !c.hidden);
      out.push({
        ...node,
        icon: perm?.icon || node.icon,
        children,
        redirect: firstVisible ? joinPath(fullPath, firstVisible.path) : node.redirect,
      });
      continue;
    }
    const perm = byUrl.get(fullPath);
    if (!isRoot && !perm) continue;
    out.push({ ...node, icon: perm?.icon || node.icon });
  }
  return out;
}

/** Finds the route (pattern) a concrete pathname belongs to. */
export function findRoute(
  routes: FlatRoute[],
  pathname: string,
): { route: FlatRoute; params: Record<string, string> } | null {
  for (const route of routes) {
    if (route.isGroup) continue;
    const params = matchPath(route.fullPath, pathname);
    if (params) return { route, params };
  }
  return null;
}
export * from './after-login';
