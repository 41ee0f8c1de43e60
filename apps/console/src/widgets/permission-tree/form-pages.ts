import { entityRoutes, flattenRoutes, getEntity, permissionGroups } from '@organiser/domain';
import type { TreeEntry } from './tree-model';

/**
 * The hidden form page each write needs to be usable: granting an entity's create resource grants its add page
 * (and update its edit page), from the route catalogue and the entity's routes. By permission id.
 */
export function formPageCompanions(entries: readonly TreeEntry[]): Map<number, number[]> {
  const byKey = new Map(entries.map((e) => [`${e.type} ${e.method} ${e.url}`, e.id]));
  const out = new Map<number, number[]>();
  for (const page of flattenRoutes(permissionGroups)) {
    const view = page.view;
    if (view?.kind !== 'entity-form') continue;
    const def = getEntity(view.entity);
    if (!def) continue;
    const key = view.mode === 'add' ? 'create' : 'update';
    const route = entityRoutes(def).find((r) => r.key === key);
    if (!route) continue;
    const resource = byKey.get(`resource ${route.method} ${route.pattern}`);
    const menu = byKey.get(`menu  ${page.fullPath}`);
    if (resource !== undefined && menu !== undefined) out.set(resource, [...(out.get(resource) ?? []), menu]);
  }
  return out;
}
