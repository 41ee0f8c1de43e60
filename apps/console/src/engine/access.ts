import type { EntityDef, RouteView } from '@organiser/domain';
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
  canAction: (action: string) => boolean;
  canBatch: (action: string) => boolean;
  /** Full path of the add page, when the user may open it. */
  addPath: string | null;
  /** Full path pattern of the edit page (`/banner/banner_edit/:id`), when the user may open it. */
  editPath: string | null;
};

type PermissionState = Parameters<typeof hasResourcePermission>[0];

/** The resource permissions of the engine's routes (apps/api/src/engine), as method + url pattern. */
export function entityAccess(
  def: Pick<EntityDef, 'name'> & Partial<Pick<EntityDef, 'source'>>,
  state: PermissionState,
  routes: { addPath: string | null; editPath: string | null },
): EntityAccess {
  const base = `/api/${def.name}`;
  const can = (method: string, url: string) => hasResourcePermission(state, method, url);
  // a view (the audit queue of companies) has reads and its own status actions, nothing else
  const canWrite = (method: string, url: string) => !def.source && can(method, url);
  const canCreate = canWrite('POST', base);
  const canUpdate = canWrite('PUT', `${base}/:id`);
  return {
    canCreate,
    canUpdate,
    canDelete: canWrite('DELETE', `${base}/:id`),
    canImport: canWrite('POST', `${base}/import`),
    canRestore: canWrite('POST', `${base}/restore/:id`),
    canPurge: canWrite('DELETE', `${base}/purge/:id`),
    canRevert: canWrite('POST', `${base}/:id/revert/:version`),
    canAction: (action) => can('POST', `${base}/${action}/:id`),
    canBatch: (action) =>
      action === 'delete' ? canWrite('POST', `${base}/batch/delete`) : can('POST', `${base}/batch/${action}`),
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
