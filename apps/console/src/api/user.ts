import { API_PREFIX, type Envelope, type PublicConfig } from '@organiser/domain';
import type { LoginMenuItem, UserInfo } from '../state/session';
import { callApi, operationPath } from './call';
import { formData, upload } from './client';

// The account calls, through the typed client (call.ts) by operation id.

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
  // Read before the language and the session are known, so outside the client and its dialogs.
  const url = API_PREFIX + operationPath('system_config');
  const res = await fetch(url, { headers: { Accept: 'application/json' }, signal });
  if (!res.ok) throw new Error(`GET ${url} answered HTTP ${res.status}`);
  const body = (await res.json()) as { content?: PublicConfig };
  if (!body.content) throw new Error(`GET ${url} answered without content`);
  return body.content;
}

/** Activates the account of an activation link's token; a refusal comes back with the field's message. */
export const activateAccount = (token: string) =>
  callApi('user_manager_activate', { body: { token } }) as Promise<
    Envelope<{ account?: string; errors?: { path: string; message: string }[] }>
  >;

export const fetchCaptcha = async (): Promise<Captcha> => (await callApi('user_captcha')).content;

export const login = (input: LoginInput) =>
  callApi('user_login', {
    body: formData({ ...input, account: input.account.trim(), smsCode: input.smsCode || undefined }),
  }) as Promise<Envelope<LoginContent>>;

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
  const res = await callApi('user_get_current_user_info');
  return res.content ? normaliseUserInfo(res.content as RawUserInfo) : null;
}

export const fetchLoginMenu = async (): Promise<LoginMenuItem[]> =>
  ((await callApi('user_get_login_menu')).content as LoginMenuItem[] | null) ?? [];

export async function fetchUrlPrefix(): Promise<string> {
  const res = await callApi('oss_get_url_prefix');
  const content = res.content as string | { prefix?: string; url?: string } | null;
  if (typeof content === 'string') return content;
  return content?.prefix ?? content?.url ?? '';
}

export type ChangePasswordInput = { oldPassword: string; newPassword: string; repeatPassword: string };
export const changePassword = (input: ChangePasswordInput) =>
  callApi('user_change_password', { body: input });

export type ProfileInput = { nickname: string; avatar: string; introduction: string };
export const updateProfile = (input: ProfileInput) => callApi('user_update_profile', { body: input });

export const logout = () => callApi('user_logout');

/** Uploads a file; the content is its stored relative path. */
export async function uploadFile(
  file: Blob,
  kind: 'image' | 'video' | 'file',
  onProgress?: (percent: number) => void,
): Promise<string> {
  const res = await upload<string | { path?: string; url?: string }>(operationPath('oss_upload'), file, {
    fields: { kind },
    onProgress,
  });
  const content = res.content;
  return typeof content === 'string' ? content : (content?.path ?? content?.url ?? '');
}
