import type { PublicConfig } from '@organiser/domain';
import type { LoginMenuItem, UserInfo } from '../state/session';
import { formData, http, request, upload } from './client';

// The account calls, with their paths verbatim under /api.

export type Captcha = { token: string; svg: string };

/** Login answer: success with `content.token`, or a refusal the page shows (`content.field` names the field). */
export type LoginContent = {
  token?: string;
  field?: 'checkCode' | 'account' | 'password' | 'smsCode' | null;
};

export type LoginInput = {
  account: string;
  password: string;
  checkCode: string;
  token: string;
  smsCode?: string;
};

export async function fetchPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  const res = await fetch('/api/config', { headers: { Accept: 'application/json' }, signal });
  if (!res.ok) throw new Error(`GET /api/config answered HTTP ${res.status}`);
  const body = (await res.json()) as { content?: PublicConfig };
  if (!body.content) throw new Error('GET /api/config answered without content');
  return body.content;
}

/** Activates the account of an activation link's token; a refusal comes back with the field's message. */
export const activateAccount = (token: string) =>
  http.post<{ account?: string; errors?: { path: string; message: string }[] }>('/user_manager/activate', {
    token,
  });

export const fetchCaptcha = async () => (await http.get<Captcha>('/user/captcha')).content;

export const login = (input: LoginInput) =>
  request<LoginContent>('/user/login', {
    method: 'POST',
    body: formData({ ...input, account: input.account.trim(), smsCode: input.smsCode || undefined }),
  });

type RawUserInfo = Omit<UserInfo, 'roles'> & { roles?: Array<string | { code: string }> | null };

/** Roles may come as codes or as `{code}` objects. */
export function normaliseUserInfo(raw: RawUserInfo): UserInfo {
  return {
    nickname: raw.nickname ?? '',
    avatar: raw.avatar ?? '',
    introduction: raw.introduction ?? '',
    roles: (raw.roles ?? []).map((r) => (typeof r === 'string' ? r : r.code)).filter(Boolean),
    type: raw.type ?? '',
    account: raw.account ?? '',
    companyId: raw.companyId ?? null,
  };
}

export async function fetchUserInfo(): Promise<UserInfo | null> {
  const res = await http.post<RawUserInfo | null>('/user/get_current_user_info');
  return res.content ? normaliseUserInfo(res.content) : null;
}

export const fetchLoginMenu = async () =>
  (await http.get<LoginMenuItem[]>('/user/get_login_menu')).content ?? [];

export async function fetchUrlPrefix(): Promise<string> {
  const res = await http.post<string | { prefix?: string; url?: string }>('/oss/get_url_prefix');
  const content = res.content;
  if (typeof content === 'string') return content;
  return content?.prefix ?? content?.url ?? '';
}

export type ChangePasswordInput = { oldPassword: string; newPassword: string; repeatPassword: string };
export const changePassword = (input: ChangePasswordInput) =>
  http.post<unknown>('/user/change_password', input);

export type ProfileInput = { nickname: string; avatar: string; introduction: string };
export const updateProfile = (input: ProfileInput) => http.post<unknown>('/user/update_profile', input);

export const logout = () => http.post<unknown>('/user/logout');

/** Uploads a file; the content is its stored relative path. */
export async function uploadFile(
  file: Blob,
  kind: 'image' | 'video' | 'file',
  onProgress?: (percent: number) => void,
): Promise<string> {
  const res = await upload<string | { path?: string; url?: string }>('/oss/upload', file, {
    fields: { kind },
    onProgress,
  });
  const content = res.content;
  return typeof content === 'string' ? content : (content?.path ?? content?.url ?? '');
}
