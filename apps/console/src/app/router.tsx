import { lazy, Suspense, useState } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { sessionStore, useSession } from '../state/session';
import { protectedArea, themedFrame } from './frame-parts';
import { decideGuard } from './guard';
import { RootFrame } from './root-frame';

const LoginPage = lazy(async () => ({ default: (await import('../pages/login/login-page')).LoginPage }));
const NotFoundPage = lazy(async () => ({
  default: (await import('../pages/errors/not-found-page')).NotFoundPage,
}));
const ForbiddenPage = lazy(async () => ({
  default: (await import('../pages/errors/forbidden-page')).ForbiddenPage,
}));
// Every screen but the login page runs inside antd's providers, loaded with the first of them.
const ThemedFrame = themedFrame.Component;
const RouteError = lazy(async () => ({ default: (await import('./route-error')).RouteError }));
const ProtectedArea = protectedArea.Component;
const ActivatePage = lazy(async () => ({
  default: (await import('../pages/activate/activate-page')).ActivatePage,
}));
const AuthRedirectPage = lazy(async () => ({
  default: (await import('../pages/auth-redirect/auth-redirect-page')).AuthRedirectPage,
}));

/**
 * A signed-in user opening /login is sent to /. Decided when the page opens: a login completing on this
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

/**
 * Every screen but the login page is inside antd's providers and their code. A visitor without a token who opens a
 * page behind the guard (`/`, a bookmarked list) goes to the login page at once, before that code is fetched; the
 * guard inside the layout still decides everything else.
 */
function SignInFirst() {
  const location = useLocation();
  const hasToken = useSession((s) => Boolean(s.token));
  if (!hasToken) {
    const { pathname, search } = location;
    const decision = decideGuard({ pathname, search, hasToken, isReady: false });
    if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  }
  return <ThemedFrame />;
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
    ErrorBoundary: () => (
      <Suspense fallback={null}>
        <RouteError />
      </Suspense>
    ),
    children: [
      { path: '/login', Component: LoginRoute },
      {
        Component: SignInFirst,
        children: [
          { path: '/auth-redirect', Component: AuthRedirectPage },
          { path: '/activate', Component: ActivatePage },
          { path: '/404', Component: NotFoundPage },
          { path: '/401', Component: ForbiddenPage },
          { path: '/redirect/*', Component: RedirectRoute },
          // everything else is inside the layout, behind the guard; unknown paths end on /404 there
          { path: '*', Component: ProtectedArea },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
