import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../api/client';
import { toastError } from '../api/feedback';
import { Loading } from '../components/loading';
import { resetToken, useSession } from '../state/session';
import { loginPath } from './guard';
import { appLayout } from './layout-part';
import { beginProgress } from './progress';
import { adoptSession, takeSession } from './session-request';

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
  const query = useQuery({
    queryKey: ['session', token],
    // the calls may already be under way (started by the login page or the boot); a token is set on this route
    queryFn: () => takeSession(token ?? ''),
    retry: false,
    gcTime: 0,
  });

  useEffect(() => beginProgress(), []);
  // the layout's code loads beside the session calls, not after them
  useEffect(() => {
    appLayout.preload().catch(() => undefined);
  }, []);

  useEffect(() => {
    if (query.data) adoptSession(query.data);
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
