import { logout as logoutCall } from '../api/user';
import { applyUserSettings } from '../state/app-settings';
import { resetToken } from '../state/session';
import { resetTags } from '../state/tags-view';
import { queryClient } from './query-client';

/**
 * Logout revokes the session on the server, then clears the token, stored info, roles, permissions,
 * open tabs and routes; the caller then goes to /login.
 */
export async function logoutEverywhere(): Promise<void> {
  try {
    await logoutCall();
  } catch {
    // the session is ended locally whatever the server answered (it may already be gone)
  }
  resetToken();
  resetTags();
  applyUserSettings(null);
  queryClient.clear();
}
