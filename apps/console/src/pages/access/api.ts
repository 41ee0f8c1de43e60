import { callApi } from '../../api/call';

// The access module's own calls beside the engine's role and permission routes, with their paths verbatim under
// /api: a role's holders and what it opens, and what an account opens.

export type Bilingual = { en: string; zh: string };
export type Status = 'enabled' | 'disabled';

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

const content = async <T>(promise: Promise<{ content: unknown }>) => (await promise).content as T;

export const accessApi = {
  holders: (id: number, signal?: AbortSignal) =>
    content<Holder[]>(callApi('role_holders', { params: { id }, signal })),
  roleAccess: (id: number, signal?: AbortSignal) =>
    content<EffectiveAccess>(callApi('role_access', { params: { id }, signal })),
  /** What a console login (`admin_user` id) may open through its enabled roles. */
  accountAccess: (loginId: number, signal?: AbortSignal) =>
    content<EffectiveAccess>(callApi('role_access_by_user', { params: { id: loginId }, signal })),
};

export const accessKeys = {
  holders: (id: number) => ['access', 'holders', id] as const,
  roleAccess: (id: number) => ['access', 'roleAccess', id] as const,
};
