import { Suspense, useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { sessionStore } from '../state/session';
import { decideGuard } from './guard';
import { removeLoginShell } from './login-shell';
import { beginProgress } from './progress';

/** Whether the path leads to the login page: /login itself, or a page the guard sends there without a token. */
function leadsToLogin(pathname: string, search: string): boolean {
  const hasToken = Boolean(sessionStore.get().token);
  if (pathname === '/login') return !hasToken;
  const decision = decideGuard({ pathname, search, hasToken, isReady: false });
  return decision.kind === 'redirect' && decision.to.startsWith('/login');
}

/** Suspense fallback that keeps the top progress bar running while a page chunk loads. */
export function ProgressFallback() {
  useEffect(() => beginProgress(), []);
  return null;
}

/**
 * Root of every route: the progress bar on each navigation. The static login form the server may have sent
 * (./login-shell.ts) stays on screen while the way leads to the login page, which takes it over; any other screen
 * removes it.
 */
export function RootFrame() {
  const location = useLocation();
  useLayoutEffect(() => {
    if (!leadsToLogin(location.pathname, location.search)) removeLoginShell();
  }, [location.pathname, location.search]);
  useEffect(() => {
    if (!location.key) return;
    const end = beginProgress();
    const frame = requestAnimationFrame(() => end());
    return () => {
      cancelAnimationFrame(frame);
      end();
    };
  }, [location.key]);
  return (
    <Suspense fallback={<ProgressFallback />}>
      <Outlet />
    </Suspense>
  );
}
