// The three calls that open a session (user info, menu, file URL prefix), started as early as the token is known:
// by the login page as soon as the login call answers, and by the boot of a page that will need them. Before, they
// started only once antd's providers and the guard's shell had rendered (about a third of a second on this
// machine), and the session loader then waited on them. The loader takes the calls already under way for its
// token, or starts them itself.

import { fetchLoginMenu, fetchUrlPrefix, fetchUserInfo } from '../api/user';
import { i18n } from '../i18n/i18n';
import { applyUserSettings } from '../state/app-settings';
import { completeSession, type LoginMenuItem, type UserInfo } from '../state/session';
import { resetTags } from '../state/tags-view';

export type SessionContent = { user: UserInfo; permissions: LoginMenuItem[]; urlPrefix: string };

export async function loadSession(): Promise<SessionContent> {
  const [user, permissions, urlPrefix] = await Promise.all([
    fetchUserInfo(),
    fetchLoginMenu(),
    fetchUrlPrefix().catch(() => ''),
  ]);
  // template: roles must be a non-empty array, else "Verification failed, please Login again."
  if (!user || user.roles.length === 0) throw new Error(i18n.t('guard.verificationFailed'));
  return { user, permissions, urlPrefix };
}

let pending: { token: string; promise: Promise<SessionContent> } | null = null;

/** Start the session calls for this token now, unless they are already under way for it. */
export function requestSession(token: string): void {
  if (pending?.token === token) return;
  const promise = loadSession();
  // a failure is handled by whoever takes the calls over; until then it is not an unhandled rejection
  promise.catch(() => undefined);
  pending = { token, promise };
}

/** The calls under way for this token (once: a retry asks again), or new ones. */
export function takeSession(token: string): Promise<SessionContent> {
  const taken = pending?.token === token ? pending.promise : null;
  pending = null;
  return taken ?? loadSession();
}

/** Drop calls nobody took (between tests, where every test answers with its own server). */
export function forgetSessionRequest(): void {
  pending = null;
}

/** A session's content made current: the person's own settings, a tab bar of their own, the session ready. */
export function adoptSession(content: SessionContent): void {
  resetTags();
  applyUserSettings(content.user.account);
  completeSession(content);
}
