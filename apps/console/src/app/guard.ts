import { afterLoginTarget, HOME_PATH } from '@organiser/domain';

// The route guard as pure decisions.

/** Paths a visitor without a token may open (the public routes). */
export const PUBLIC_PATHS = ['/login', '/auth-redirect', '/activate', '/404', '/401'] as const;

export type GuardInput = {
  pathname: string;
  /** Query string including the leading "?" (or empty). */
  search: string;
  hasToken: boolean;
  /** User info and menu loaded and routes built in this page session. */
  isReady: boolean;
};

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Load user info and menu, build the routes, then decide again. */
  | { kind: 'load' };

const isPublic = (pathname: string) =>
  (PUBLIC_PATHS as readonly string[]).includes(pathname) || pathname.startsWith('/redirect/');

/**
 * `/login?redirect=<path and query>`: the query is kept too, so a filtered list opens again as it was.
 * The home page `/` names the page it leads to, e.g. `/login?redirect=/dashboard`.
 */
export function loginPath(pathname: string, search = ''): string {
  if (pathname === '/login') return '/login';
  const target = !pathname || pathname === '/' ? `${HOME_PATH}${search}` : `${pathname}${search}`;
  return `/login?${new URLSearchParams({ redirect: target }).toString()}`;
}

export function decideGuard({ pathname, search, hasToken, isReady }: GuardInput): GuardDecision {
  if (hasToken) {
    if (pathname === '/login') return { kind: 'redirect', to: '/' };
    if (isPublic(pathname) || isReady) return { kind: 'allow' };
    return { kind: 'load' };
  }
  if (isPublic(pathname)) return { kind: 'allow' };
  return { kind: 'redirect', to: loginPath(pathname, search) };
}

/**
 * Where to go after logging in: the `redirect` parameter when it is a path of this console, else `/` (the same rule
 * as the server's answer to the login form's post). Absolute and protocol-relative URLs are refused so a crafted
 * link cannot send the user elsewhere.
 */
export function afterLoginPath(search: string): string {
  return afterLoginTarget(new URLSearchParams(search).get('redirect'));
}
