import { lazy, useState } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { sessionStore } from '../state/session';
import { decideGuard } from './guard';
import { RootFrame } from './root-frame';
import { RouteError } from './route-error';

const LoginPage = lazy(async () => ({ default: (await import('../pages/login/login-page')).LoginPage }));
const NotFoundPage = lazy(async () => ({
  default: (await import('../pages/errors/not-found-page')).NotFoundPage,
}));
const ForbiddenPage = lazy(async () => ({
  default: (await import('../pages/errors/forbidden-page')).ForbiddenPage,
}));
const ProtectedArea = lazy(async () => ({ default: (await import('./protected-shell')).ProtectedArea }));
const AuthRedirectPage = lazy(async () => ({
  default: (await import('../pages/auth-redirect/auth-redirect-page')).AuthRedirectPage,
}));

/**
 * spec §2: a signed-in user opening /login is sent to /. Decided when the page opens: a login completing on this
 * page navigates to its `redirect` itself.
 */
function LoginRoute() {
  const location = useLocation();
  const [hasTokenOnEntry] = useState(() => Boolean(sessionStore.get().token));
  const decision = decideGuard({
    pathname: '/login',
    search: location.search,
    hasToken: hasTokenOnEntry,
    isReady: false,
  });
  return decision.kind === 'redirect' ? <Navigate to={decision.to} replace /> : <LoginPage />;
}

/** `/redirect/{path}` replaces itself with `/{path}` and the same query: used to reload a page in place. */
function RedirectRoute() {
  const location = useLocation();
  const target = `/${location.pathname.replace(/^\/redirect\/?/, '')}${location.search}`;
  return <Navigate to={target} replace />;
}

export const routes: RouteObject[] = [
  {
    Component: RootFrame,
    ErrorBoundary: RouteError,
    children: [
      { path: '/login', Component: LoginRoute },
      { path: '/auth-redirect', Component: AuthRedirectPage },
      { path: '/404', Component: NotFoundPage },
      { path: '/401', Component: ForbiddenPage },
      { path: '/redirect/*', Component: RedirectRoute },
      // everything else is inside the layout, behind the guard; unknown paths end on /404 there
      { path: '*', Component: ProtectedArea },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
