import type { AppModule } from '../../extensions';
import { effectiveRoutes } from './effective';
import { permissionRoutes } from './permissions';
import { roleRoutes } from './roles';

// Roles, the permission tree and effective access (/adminManage/role_list, permission_list and their edit
// pages). The tables are the ones every permission check reads (db/schema/accounts.ts), so these are routes of
// their own rather than engine entities: a role's permission set, the built-in rows synchronised at start and
// the rules on granting need more than a definition can say. Every write empties the auth caches.

export const accessModule: AppModule = {
  name: 'access',
  register: (ext) => {
    ext.routes(roleRoutes);
    ext.routes(permissionRoutes);
    ext.routes(effectiveRoutes);
  },
};

export { effectiveAccess } from './effective';
export { PERMISSION_MENU, permissionBody } from './permissions';
export { ROLE_MENU, roleBody } from './roles';
