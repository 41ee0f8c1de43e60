import { useEffect } from 'react';

/**
 * `/auth-redirect` (spec §2, behaviour-reference §2.17): a third-party login pop-up lands here; the query string
 * is handed to the opener through local storage and the window closes.
 */
export function AuthRedirectPage() {
  useEffect(() => {
    try {
      localStorage.setItem('x-admin-oauth-code', window.location.search.replace(/^\?/, ''));
    } catch {
      // nothing to hand over without storage
    }
    window.close();
  }, []);
  return null;
}
