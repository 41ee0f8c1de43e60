import { LANGUAGE_COOKIE, TOKEN_COOKIE, TOKEN_STORAGE_KEY } from '@organiser/domain';
import Cookies from 'js-cookie';

// Kept in the browser: token (cookie + local storage), roles, permissions, basic user info, file URL
// prefix, sidebar status, size, language. Cookie names are vue-element-admin's.

const LOCAL = {
  token: TOKEN_STORAGE_KEY,
  roles: 'roles',
  permissions: 'permissions',
  userInfo: 'userInfo',
  urlPrefix: 'fileUrlPrefix',
} as const;

export const COOKIE = {
  token: TOKEN_COOKIE,
  sidebarStatus: 'sidebarStatus',
  size: 'size',
  language: LANGUAGE_COOKIE,
} as const;

function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeLocal(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota): the cookie and memory still carry the session.
  }
}

export function readJson<T>(key: keyof typeof LOCAL): T | null {
  const raw = readLocal(LOCAL[key]);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: keyof typeof LOCAL, value: unknown): void {
  writeLocal(LOCAL[key], value === null || value === undefined ? null : JSON.stringify(value));
}

/** The token is read from the cookie first (where vue-element-admin keeps it), then from local storage. */
export function getToken(): string | null {
  return Cookies.get(COOKIE.token) || readLocal(LOCAL.token) || null;
}

/**
 * A token kept in local storage outlives the session cookie (the browser was closed and opened again): the cookie
 * is set again from it, so the server knows at the next page load that the visitor is signed in (it sends the
 * page without the login form and the captcha). A token only in the cookie (set by the server's answer to the
 * login page's own form) is kept in local storage as a login here would keep it.
 */
export function restoreTokenCookie(): void {
  const stored = readLocal(LOCAL.token);
  const cookie = Cookies.get(COOKIE.token);
  if (stored && !cookie) Cookies.set(COOKIE.token, stored, { sameSite: 'lax', path: '/' });
  else if (cookie && cookie !== stored) writeLocal(LOCAL.token, cookie);
}

export function setToken(token: string): void {
  Cookies.set(COOKIE.token, token, { sameSite: 'lax', path: '/' });
  writeLocal(LOCAL.token, token);
}

/** Clears the token and everything stored about the signed-in user, on logout. */
export function clearSessionStorage(): void {
  Cookies.remove(COOKIE.token, { path: '/' });
  for (const key of Object.values(LOCAL)) writeLocal(key, null);
}

export function getCookie(name: string): string | undefined {
  return Cookies.get(name);
}

export function setCookie(name: string, value: string): void {
  Cookies.set(name, value, { sameSite: 'lax', path: '/', expires: 365 });
}
