import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../api/client';
import { toastError } from '../api/feedback';
import { fetchLoginMenu, fetchUrlPrefix, fetchUserInfo } from '../api/user';
import { Loading } from '../components/loading';
import { i18n } from '../i18n/i18n';
import { applyUserSettings } from '../state/app-settings';
import { completeSession, resetToken, useSession } from '../state/session';
import { resetTags } from '../state/tags-view';
import { loginPath } from './guard';
import { beginProgress } from './progress';

async function loadSession() {
  const [user, permissions, urlPrefix] = await Promise.all([
    fetchUserInfo(),
    fetchLoginMenu(),
    fetchUrlPrefix().catch(() => ''),
  ]);
  // template: roles must be a non-empty array, else "Verification failed, please Login again."
  if (!user || user.roles.length === 0) throw new Error(i18n.t('guard.verificationFailed'));
  return { user, permissions, urlPrefix };
}

/**
 * The first route after login (or after a reload) loads the user info and menu, then the routes are
 * built. On failure the token is cleared, the error (or "Has Error") is shown and the user goes to
 * /login?redirect={path}.
 */
export function SessionLoader() {
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  const location = useLocation();
  const navigate = useNavigate();
  const query = useQuery({ queryKey: ['session', token], queryFn: loadSession, retry: false, gcTime: 0 });

  useEffect(() => beginProgress(), []);

  useEffect(() => {
    if (query.data) {
      resetTags();
      applyUserSettings(query.data.user.account);
      completeSession(query.data);
    }
  }, [query.data]);

  useEffect(() => {
    if (!query.error) return;
    // a refused call has already been shown by the HTTP client
    if (!(query.error instanceof ApiError)) toastError(query.error.message || t('guard.hasError'));
    resetToken();
    navigate(loginPath(location.pathname, location.search), { replace: true });
  }, [query.error, navigate, location.pathname, location.search, t]);

  return <Loading size="large" className="app-fullscreen-status" />;
}
