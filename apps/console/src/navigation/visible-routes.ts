import {
  commonHiddenRoutes,
  dashboardRoute,
  type FlatRoute,
  filterRoutes,
  findRoute,
  flattenRoutes,
  getEntity,
  joinPath,
  LANGUAGES,
  layoutRoutes,
  type MenuPermission,
  matchPath,
  permissionGroups,
  type RouteNode,
} from '@organiser/domain';
import { engineText } from '../messages';
import { recordPages } from './record-pages';

/** Every route inside the layout, resolved once: used to tell "no such page" (404) from "not yours" (401). */
export const allLayoutRoutes: FlatRoute[] = flattenRoutes(layoutRoutes);

/** The route at a path among all of the layout's, whoever may see it: to fetch its page's code ahead. */
export const layoutRouteAt = (pathname: string): FlatRoute | undefined =>
  findRoute(allLayoutRoutes, pathname)?.route;

export type Visibility = {
  roles: string[];
  permissions: MenuPermission[];
  hiddenMenus: string[];
  /** A supplier account's own company: its pages become menu entries of their own. */
  ownCompanyId?: number | null;
};

export type VisibleRoutes = {
  /** The permitted route tree: dashboard, permission groups, common hidden pages (profile, icons). */
  tree: RouteNode[];
  flat: FlatRoute[];
};

/**
 * The dashboard and the common hidden pages belong to every signed-in user; the permission groups go
 * through the domain's `filterRoutes` (root sees all, permission urls, icons, roles, hidden names, empty groups).
 */
export function buildVisibleRoutes(input: Visibility): VisibleRoutes {
  const groups = filterRoutes(permissionGroups, {
    roles: input.roles,
    permissions: input.permissions,
    hiddenMenus: input.hiddenMenus,
  });
  const own = typeof input.ownCompanyId === 'number' ? ownRecordMenus(groups, input.ownCompanyId) : groups;
  const tree = [dashboardRoute, ...own, ...commonHiddenRoutes];
  return { tree, flat: flattenRoutes(tree) };
}

/** The entity a route's `:id` names when it is the scope owner (the company itself), else null. */
function ownerEntityOf(node: RouteNode): string | null {
  const view = node.view;
  const entity =
    view?.kind === 'entity-form' && view.mode === 'edit'
      ? view.entity
      : view?.kind === 'page'
        ? recordPages.find((p) => p.page === view.page)?.entity
        : undefined;
  return entity && getEntity(entity)?.scope?.field === 'id' && node.path.includes(':id') ? entity : null;
}

const isOwnerList = (node: RouteNode) =>
  node.view?.kind === 'entity-list' && getEntity(node.view.entity)?.scope?.field === 'id';

/**
 * A supplier account works on one company. Its pages about that company (the edit form, the
 * customer-service contacts) become menu entries pointing at it ("My company"), and the company list (which would
 * list that one company) leaves the menu but stays reachable. The catalogue routes stay first, so a location still
 * resolves to them with its `:id`.
 */
export function ownRecordMenus(groups: RouteNode[], companyId: number): RouteNode[] {
  return groups.map((group) => {
    if (!group.children?.length) return group;
    const children: RouteNode[] = [];
    for (const child of group.children) {
      const entity = ownerEntityOf(child);
      if (!entity) {
        children.push(isOwnerList(child) ? { ...child, hidden: true } : child);
        continue;
      }
      const path = child.path.replace(':id', String(companyId));
      const menuPath = joinPath(group.path, path);
      const def = getEntity(entity)!;
      // its own company's form is "My company" (menu, tab, breadcrumb); other pages keep their titles
      const title =
        child.view?.kind === 'entity-form'
          ? (Object.fromEntries(
              LANGUAGES.map((lang) => {
                const label = def.labels.singular[lang];
                const name = lang === 'en' ? label.charAt(0).toLowerCase() + label.slice(1) : label;
                return [lang, engineText(lang, 'scope.own', { entity: name })];
              }),
            ) as RouteNode['title'])
          : child.title;
      children.push({ ...child, title, activeMenu: menuPath });
      children.push({
        ...child,
        name: `${child.name}Own`,
        path,
        title,
        hidden: false,
        activeMenu: undefined,
      });
    }
    const first = children.find((c) => !c.hidden);
    return { ...group, children, redirect: first ? joinPath(group.path, first.path) : group.redirect };
  });
}

export type Resolution =
  | { kind: 'page'; route: FlatRoute; params: Record<string, string> }
  | { kind: 'redirect'; to: string }
  | { kind: 'forbidden' }
  | { kind: 'not-found' };

/**
 * What a location inside the layout shows: a permitted page; a group path redirects to its first visible
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
