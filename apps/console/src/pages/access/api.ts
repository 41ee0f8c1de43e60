import { type BodyOf, callApi } from '../../api/call';

// The role and permission calls of the access screens, with their paths verbatim under /api.

export type Bilingual = { en: string; zh: string };
export type Status = 'enabled' | 'disabled';

export type PermissionEntry = {
  id: number;
  parentId: number | null;
  type: 'menu' | 'resource';
  icon: string | null;
  name: Bilingual;
  method: string;
  url: string;
  sortNo: number;
  status: Status;
  builtIn: boolean;
  stale: boolean;
  roles: number;
  /** In the role editor's tree: the caller holds it, so may grant it. */
  grantable?: boolean;
};

export type RoleRow = {
  id: number;
  code: string;
  name: Bilingual;
  status: Status;
  remark: string;
  builtIn: boolean;
  holders: number;
};

export type RoleDetail = RoleRow & { permissionIds: number[] };

export type RoleInput = {
  code: string;
  name: Bilingual;
  status: Status;
  remark: string;
  permissionIds: number[];
};

export type PermissionInput = {
  parentId: number | null;
  type: 'menu' | 'resource';
  icon: string | null;
  name: Bilingual;
  method: string;
  url: string;
  sortNo: number;
  status: Status;
};

/** The product's payload names a role or permission as `name: { en, zh }` (the server takes it for the record's
 * `nameEn` and `nameZh`, and names a missing half `name.en` or `name.zh`, the form's fields); the document
 * describes the record's own fields. */
const permissionBody = (input: PermissionInput) => input as unknown as BodyOf<'permission_create'>;
const roleBody = (input: RoleInput) => input as unknown as BodyOf<'role_create'>;

export type Holder = {
  id: number;
  account: string;
  nickname: string;
  type: 'admin' | 'company';
  companyId: number | null;
  status: Status;
};

export type EffectiveAccess = {
  root: boolean;
  roles: { id: number; code: string; name: Bilingual; status: Status }[];
  menus: { id: number; parentId: number | null; url: string; icon: string | null; name: Bilingual }[];
  routes: { method: string; url: string; access: 'login' | 'menu' | 'resource' }[];
  scope: { companyId: number | null; companyName: string | null } | null;
};

export type RoleList = { list: RoleRow[]; total: number; page: number; size: number };

const content = async <T>(promise: Promise<{ content: unknown }>) => (await promise).content as T;

export const accessApi = {
  roles: (query: { page: number; size: number; keyword?: string; status?: Status }, signal?: AbortSignal) =>
    content<RoleList>(callApi('role_list', { query, signal })),
  role: (id: number, signal?: AbortSignal) =>
    content<RoleDetail>(callApi('role_get', { params: { id }, signal })),
  createRole: (input: RoleInput) => callApi('role_create', { body: roleBody(input) }),
  /** An edit keeps the stored status; a changed one moves by its own action (enable or disable). */
  updateRole: async (id: number, input: RoleInput, stored: Status) => {
    const saved = await callApi('role_update', {
      params: { id },
      body: roleBody({ ...input, status: stored }),
    });
    if (!saved.success || input.status === stored) return saved;
    return callApi(input.status === 'enabled' ? 'role_enable' : 'role_disable', { params: { id } });
  },
  setRoleStatus: (id: number, enabled: boolean) =>
    callApi(enabled ? 'role_enable' : 'role_disable', { params: { id } }),
  deleteRole: (id: number) => callApi('role_delete', { params: { id } }),
  holders: (id: number, signal?: AbortSignal) =>
    content<Holder[]>(callApi('role_holders', { params: { id }, signal })),
  roleAccess: (id: number, signal?: AbortSignal) =>
    content<EffectiveAccess>(callApi('role_access', { params: { id }, signal })),
  /** What a console login (`admin_user` id) may open through its enabled roles. */
  accountAccess: (loginId: number, signal?: AbortSignal) =>
    content<EffectiveAccess>(callApi('role_access_by_user', { params: { id: loginId }, signal })),
  permissions: (signal?: AbortSignal) => content<PermissionEntry[]>(callApi('permission_list', { signal })),
  permission: (id: number, signal?: AbortSignal) =>
    content<PermissionEntry>(callApi('permission_get', { params: { id }, signal })),
  createPermission: (input: PermissionInput) => callApi('permission_create', { body: permissionBody(input) }),
  updatePermission: (id: number, input: PermissionInput) =>
    callApi('permission_update', { params: { id }, body: permissionBody(input) }),
  /** A first call without `confirm` answers `success: false` with the roles holding it. */
  deletePermission: (id: number, confirm: boolean) =>
    callApi('permission_delete', { params: { id }, query: confirm ? { confirm: 'true' } : undefined }),
};

export const accessKeys = {
  roles: (query: object) => ['access', 'roles', query] as const,
  role: (id: number) => ['access', 'role', id] as const,
  holders: (id: number) => ['access', 'holders', id] as const,
  roleAccess: (id: number) => ['access', 'roleAccess', id] as const,
  permissions: ['access', 'permissions'] as const,
  permission: (id: number) => ['access', 'permission', id] as const,
};
