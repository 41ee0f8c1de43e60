import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Loading } from '../components/loading';
import { VisibleRoutesProvider } from '../navigation/visible-routes-context';
import { useSession } from '../state/session';
import { decideGuard } from './guard';
import { appLayout } from './layout-part';
import { queryClient } from './query-client';
import { SessionLoader } from './session-loader';

const AppLayout = appLayout.Component;

const FullScreenSpin = () => <Loading size="large" className="app-fullscreen-status" />;

/** Every path inside the layout passes the guard before the layout and its page render. */
export function ProtectedShell() {
  const location = useLocation();
  const hasToken = useSession((s) => Boolean(s.token));
  const isReady = useSession((s) => s.isReady);
  const decision = decideGuard({ pathname: location.pathname, search: location.search, hasToken, isReady });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'load') return <SessionLoader />;
  return (
    <VisibleRoutesProvider>
      <Suspense fallback={<FullScreenSpin />}>
        <AppLayout />
      </Suspense>
    </VisibleRoutesProvider>
  );
}

/** The signed-in part of the console, with its server-state cache; loaded after the login page. */
export function ProtectedArea() {
  return (
    <QueryClientProvider client={queryClient}>
      <ProtectedShell />
    </QueryClientProvider>
  );
}
