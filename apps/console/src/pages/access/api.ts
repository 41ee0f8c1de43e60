import { http } from '../../api/client';

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

const content = async <T>(promise: Promise<{ content: T }>) => (await promise).content;

export const accessApi = {
  roles: (query: { page: number; size: number; keyword?: string; status?: Status }, signal?: AbortSignal) =>
    content(http.get<RoleList>('/role/list', query, { signal })),
  role: (id: number, signal?: AbortSignal) =>
    content(http.get<RoleDetail>(`/role/${id}`, undefined, { signal })),
  createRole: (input: RoleInput) => http.post<RoleDetail>('/role', input),
  updateRole: (id: number, input: RoleInput) => http.put<RoleDetail>(`/role/${id}`, input),
  setRoleStatus: (id: number, enabled: boolean) =>
    http.post<RoleDetail>(`/role/${enabled ? 'enable' : 'disable'}/${id}`),
  deleteRole: (id: number) => http.delete<{ id: number }>(`/role/${id}`),
  holders: (id: number, signal?: AbortSignal) =>
    content(http.get<Holder[]>(`/role/${id}/holders`, undefined, { signal })),
  roleAccess: (id: number, signal?: AbortSignal) =>
    content(http.get<EffectiveAccess>(`/role/${id}/access`, undefined, { signal })),
  /** What a console login (`admin_user` id) may open through its enabled roles. */
  accountAccess: (loginId: number, signal?: AbortSignal) =>
    content(http.get<EffectiveAccess>(`/role/access_by_user/${loginId}`, undefined, { signal })),
  permissions: (signal?: AbortSignal) =>
    content(http.get<PermissionEntry[]>('/permission/list', undefined, { signal })),
  permission: (id: number, signal?: AbortSignal) =>
    content(http.get<PermissionEntry>(`/permission/${id}`, undefined, { signal })),
  createPermission: (input: PermissionInput) => http.post<PermissionEntry>('/permission', input),
  updatePermission: (id: number, input: PermissionInput) =>
    http.put<PermissionEntry>(`/permission/${id}`, input),
  /** A first call without `confirm` answers `success: false` with the roles holding it. */
  deletePermission: (id: number, confirm: boolean) =>
    http.delete<{ id: number } | { roles: { id: number; name: Bilingual }[] }>(`/permission/${id}`, {
      query: confirm ? { confirm: 'true' } : undefined,
    }),
};

export const accessKeys = {
  roles: (query: object) => ['access', 'roles', query] as const,
  role: (id: number) => ['access', 'role', id] as const,
  holders: (id: number) => ['access', 'holders', id] as const,
  roleAccess: (id: number) => ['access', 'roleAccess', id] as const,
  permissions: ['access', 'permissions'] as const,
  permission: (id: number) => ['access', 'permission', id] as const,
};
