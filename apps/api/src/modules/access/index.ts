import type { AppModule } from '../../extensions';
import { effectiveRoutes } from './effective';
import { permissionAnswer, permissionHooks } from './permission-rules';
import { permissionRoutes } from './permissions';
import { roleAnswer, roleHooks } from './role-rules';
import { roleRoutes } from './roles';

// Roles and the permission tree (/adminManage/role_list, permission_list and their edit pages) are engine
// entities (`role`, `permission`): their records have versions, history, export and import like any other.
// This module adds their rules as write hooks that every write path passes, shapes their answers the way the
// product's API spells them (`name: { en, zh }`, holders, the roles holding a permission), and keeps the calls the engine does not
// offer: the holders of a role, effective access, the whole tree with its `stale` filter, the tree a role is
// edited with, and the permission delete that asks to confirm.

export const accessModule: AppModule = {
  name: 'access',
  register: (ext) => {
    ext.hooks('role', roleHooks);
    ext.answer('role', roleAnswer);
    ext.hooks('permission', permissionHooks);
    ext.answer('permission', permissionAnswer);
    ext.routes(roleRoutes);
    ext.routes(permissionRoutes);
    ext.routes(effectiveRoutes);
  },
};

export { effectiveAccess } from './effective';
