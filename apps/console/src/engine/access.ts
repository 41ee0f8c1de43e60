import {
  type EntityDef,
  entityRoutes,
  type RouteKey,
  type RouteView,
  routePermission,
} from '@organiser/domain';
import { useMemo } from 'react';
import { useVisibleRoutes } from '../navigation/visible-routes-context';
import { hasResourcePermission, useSession } from '../state/session';

/** What the signed-in user may do with an entity: each write is its own resource permission, method + the API
 * url pattern; root holds them all. Reads go with the list page's menu permission. */
export type EntityAccess = {
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  canImport: boolean;
  canRestore: boolean;
  canPurge: boolean;
  canRevert: boolean;
  /** The list offers an export (the entity's capabilities). */
  canExport: boolean;
  /** Writes are recorded: the drawer shows the history. */
  hasHistory: boolean;
  /** Deleted records go to a trash the list can show. */
  hasTrash: boolean;
  canAction: (action: string) => boolean;
  canBatch: (action: string) => boolean;
  /** A declared command on one record, or on many records or the whole entity. */
  canCommand: (name: string, target: 'record' | 'many') => boolean;
  /** Full path of the add page, when the user may open it. */
  addPath: string | null;
  /** Full path pattern of the edit page (`/banner/banner_edit/:id`), when the user may open it. */
  editPath: string | null;
};

type PermissionState = Parameters<typeof hasResourcePermission>[0];

/** What the user may do with an entity, from its routes in the route table (packages/domain/src/routes): a
 * route the entity does not offer is never allowed, a write needs its resource permission, and a read goes
 * with the list page's menu. */
export function entityAccess(
  def: EntityDef,
  state: PermissionState,
  pages: { addPath: string | null; editPath: string | null },
): EntityAccess {
  const table = new Map(entityRoutes(def).map((r) => [r.key, r]));
  const can = (key: RouteKey) => {
    const route = table.get(key);
    if (!route) return false;
    const permission = routePermission(route);
    return !permission || hasResourcePermission(state, permission.method, permission.url);
  };
  const canCreate = can('create');
  const canUpdate = can('update');
  return {
    canCreate,
    canUpdate,
    canDelete: can('delete'),
    canImport: can('import'),
    canRestore: can('restore'),
    canPurge: can('purge'),
    canRevert: can('revert'),
    canExport: table.has('export'),
    hasHistory: table.has('history'),
    // a view (the audit queue) shows its source's deleted records read-only, although it restores nothing
    hasTrash: table.has('trash'),
    canAction: (action) => can(`action:${action}`),
    canBatch: (action) => can(action === 'delete' ? 'batchDelete' : `batchAction:${action}`),
    canCommand: (name, target) =>
      can(
        target === 'record' || def.commands[name]?.target === 'entity'
          ? `command:${name}`
          : `batchCommand:${name}`,
      ),
    addPath: canCreate ? pages.addPath : null,
    editPath: canUpdate ? pages.editPath : null,
  };
}

const isFormOf = (view: RouteView | undefined, entity: string, mode: 'add' | 'edit') =>
  view?.kind === 'entity-form' && view.entity === entity && view.mode === mode;

export function useEntityAccess(def: EntityDef): EntityAccess {
  const roles = useSession((s) => s.roles);
  const permissions = useSession((s) => s.permissions);
  const { flat } = useVisibleRoutes();
  return useMemo(() => {
    // the form pages are menu permissions of their own (hidden routes)
    const addPath = flat.find((r) => isFormOf(r.view, def.name, 'add'))?.fullPath ?? null;
    const editPath = flat.find((r) => isFormOf(r.view, def.name, 'edit'))?.fullPath ?? null;
    return entityAccess(def, { roles, permissions }, { addPath, editPath });
  }, [def, roles, permissions, flat]);
}
