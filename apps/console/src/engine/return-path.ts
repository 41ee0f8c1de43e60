import { type EntityDef, getEntity } from '@organiser/domain';
import { tagsStore } from '../state/tags-view';

/** Where "back to the list" goes: the list's open tab with the query it had (filters, sort, page kept), else the
 * list itself: after save the user goes back to the list, keeping its URL state. */
export function listReturnPath(def: EntityDef): string {
  const menu = def.permission.menu;
  // a child listed on a page about its parent (`…/:id`) goes back to its parent's list
  const parent = def.parent && menu.includes('/:') ? getEntity(def.parent.entity) : undefined;
  if (parent) return listReturnPath(parent);
  return tagsStore.get().find((v) => v.path === menu)?.fullPath ?? menu;
}

/** Closes the tab of a finished form page, so a saved form does not stay open as a stale tab. */
export function closeTab(path: string): void {
  tagsStore.set((views) => views.filter((v) => v.path !== path || v.affix));
}
