import type { Bilingual, MenuPermission } from '@organiser/domain';
import { clearSessionStorage, getToken, readJson, restoreTokenCookie, setToken, writeJson } from './storage';
import { createStore, useStore } from './store';

/** `POST /api/user/get_current_user_info` content, normalised. */
export type UserInfo = {
  nickname: string;
  avatar: string;
  introduction: string;
  /** Role codes. */
  roles: string[];
  type: string;
  account: string;
  companyId: number | null;
};

/** One entry of `GET /api/user/get_login_menu`. */
export type LoginMenuItem = {
  id: number;
  parentId: number | null;
  url: string;
  icon: string | null;
  name: Bilingual;
  type: 'menu' | 'resource';
  method: string | null;
};

export type SessionState = {
  token: string | null;
  user: UserInfo | null;
  roles: string[];
  permissions: LoginMenuItem[];
  /** Prefix that turns a stored relative file path into a URL (from `get_url_prefix`). */
  urlPrefix: string;
  /**
   * Routes built in this page session. Roles and permissions are also restored from storage, but every page
   * load fetches them again before a page shows, so this starts false.
   */
  isReady: boolean;
};

function restore(): SessionState {
  restoreTokenCookie();
  return {
    token: getToken(),
    user: readJson<UserInfo>('userInfo'),
    roles: readJson<string[]>('roles') ?? [],
    permissions: readJson<LoginMenuItem[]>('permissions') ?? [],
    urlPrefix: readJson<string>('urlPrefix') ?? '',
    isReady: false,
  };
}

export const sessionStore = createStore<SessionState>(restore());

export const useSession = <S>(selector: (s: SessionState) => S): S => useStore(sessionStore, selector);

export function startSession(token: string): void {
  setToken(token);
  sessionStore.set((s) => ({ ...s, token, isReady: false }));
}

export function completeSession(input: {
  user: UserInfo;
  permissions: LoginMenuItem[];
  urlPrefix: string;
}): void {
  writeJson('userInfo', input.user);
  writeJson('roles', input.user.roles);
  writeJson('permissions', input.permissions);
  writeJson('urlPrefix', input.urlPrefix);
  sessionStore.set((s) => ({
    ...s,
    user: input.user,
    roles: input.user.roles,
    permissions: input.permissions,
    urlPrefix: input.urlPrefix,
    isReady: true,
  }));
}

export function updateUser(patch: Partial<UserInfo>): void {
  const user = sessionStore.get().user;
  if (!user) return;
  const next = { ...user, ...patch };
  writeJson('userInfo', next);
  sessionStore.set((s) => ({ ...s, user: next }));
}

/** Clears the token, the stored user, roles and permissions, and the built routes, as logout does. */
export function resetToken(): void {
  clearSessionStorage();
  sessionStore.set({ token: null, user: null, roles: [], permissions: [], urlPrefix: '', isReady: false });
}

/** Turns a stored relative file path into a URL with the file URL prefix; absolute URLs pass through. */
export function fileUrl(path: string | null | undefined, prefix = sessionStore.get().urlPrefix): string {
  if (!path) return '';
  if (/^(https?:|data:|blob:)/i.test(path) || path.startsWith('//')) return path;
  if (!prefix) return path.startsWith('/') ? path : `/${path}`;
  return `${prefix.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
}

export const menuPermissions = (items: LoginMenuItem[]): MenuPermission[] =>
  items.filter((p) => p.type === 'menu').map((p) => ({ url: p.url, icon: p.icon }));

/** Does the user hold the resource permission for this API call (method + url pattern, `/api/banner/:id`)? */
/** Whether the user holds a menu permission (root holds them all): reads of an entity go with its list menu. */
export function hasMenuPermission(state: Pick<SessionState, 'roles' | 'permissions'>, url: string): boolean {
  if (state.roles.includes('root')) return true;
  return state.permissions.some((p) => p.type === 'menu' && p.url === url);
}

export function hasResourcePermission(
  state: Pick<SessionState, 'roles' | 'permissions'>,
  method: string,
  url: string,
): boolean {
  if (state.roles.includes('root')) return true;
  const m = method.toUpperCase();
  return state.permissions.some(
    (p) => p.type === 'resource' && p.url === url && (p.method ?? '').toUpperCase() === m,
  );
}
