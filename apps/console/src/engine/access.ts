import type { Capabilities, EntityDef, RouteView } from '@organiser/domain';
import { useMemo } from 'react';
import { useVisibleRoutes } from '../navigation/visible-routes-context';
import { hasResourcePermission, useSession } from '../state/session';

/** What the signed-in user may do with an entity: each write is its own resource permission, method + the API
 * url pattern (TEAM.md "Access"); root holds them all. Reads go with the list page's menu permission. */
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
  /** A declared command on one record (`POST /api/<entity>/<permission>/:id`) or on many records or the whole
   * entity (`POST /api/<entity>/<permission>`). */
  canCommand: (permission: string, target: 'record' | 'many') => boolean;
  /** Full path of the add page, when the user may open it. */
  addPath: string | null;
  /** Full path pattern of the edit page (`/banner/banner_edit/:id`), when the user may open it. */
  editPath: string | null;
};

const ALL_CAPABILITIES: Capabilities = {
  create: true,
  update: true,
  delete: true,
  import: true,
  export: true,
  history: true,
  trash: true,
};

type PermissionState = Parameters<typeof hasResourcePermission>[0];

/** The resource permissions of the engine's routes (apps/api/src/engine), as method + url pattern. */
export function entityAccess(
  def: Pick<EntityDef, 'name'> & Partial<Pick<EntityDef, 'source' | 'capabilities' | 'softDelete'>>,
  state: PermissionState,
  routes: { addPath: string | null; editPath: string | null },
): EntityAccess {
  const base = `/api/${def.name}`;
  const can = (method: string, url: string) => hasResourcePermission(state, method, url);
  // a view (the audit queue of companies) has reads and its own status actions, nothing else
  const canWrite = (method: string, url: string) => !def.source && can(method, url);
  // what the entity offers at all (a read-only or append-only entity, no import, no history)
  const caps = def.capabilities ?? ALL_CAPABILITIES;
  // a view (the audit queue) shows its source's deleted records read-only, although it restores nothing
  const hasTrash = (def.softDelete ?? true) && (caps.trash || Boolean(def.source));
  const canCreate = caps.create && canWrite('POST', base);
  const canUpdate = caps.update && canWrite('PUT', `${base}/:id`);
  const canDelete = caps.delete && canWrite('DELETE', `${base}/:id`);
  return {
    canCreate,
    canUpdate,
    canDelete,
    canImport: caps.import && canWrite('POST', `${base}/import`),
    canRestore: caps.trash && canWrite('POST', `${base}/restore/:id`),
    canPurge: caps.trash && canWrite('DELETE', `${base}/purge/:id`),
    canRevert: caps.history && caps.update && canWrite('POST', `${base}/:id/revert/:version`),
    canExport: caps.export,
    hasHistory: caps.history,
    hasTrash,
    canAction: (action) => can('POST', `${base}/${action}/:id`),
    canBatch: (action) =>
      action === 'delete'
        ? caps.delete && canWrite('POST', `${base}/batch/delete`)
        : can('POST', `${base}/batch/${action}`),
    canCommand: (permission, target) =>
      can('POST', target === 'record' ? `${base}/${permission}/:id` : `${base}/${permission}`),
    addPath: canCreate ? routes.addPath : null,
    editPath: canUpdate ? routes.editPath : null,
  };
}

const isFormOf = (view: RouteView | undefined, entity: string, mode: 'add' | 'edit') =>
  view?.kind === 'entity-form' && view.entity === entity && view.mode === mode;

export function useEntityAccess(def: EntityDef): EntityAccess {
  const roles = useSession((s) => s.roles);
  const permissions = useSession((s) => s.permissions);
  const { flat } = useVisibleRoutes();
  return useMemo(() => {
    // the form pages are menu permissions of their own (hidden routes of spec §2)
    const addPath = flat.find((r) => isFormOf(r.view, def.name, 'add'))?.fullPath ?? null;
    const editPath = flat.find((r) => isFormOf(r.view, def.name, 'edit'))?.fullPath ?? null;
    return entityAccess(def, { roles, permissions }, { addPath, editPath });
  }, [def, roles, permissions, flat]);
}
