import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { beginProgress } from './progress';

/** Suspense fallback that keeps the top progress bar running while a page chunk loads. */
export function ProgressFallback() {
  useEffect(() => beginProgress(), []);
  return null;
}

/** Root of every route: the progress bar on each navigation. */
export function RootFrame() {
  const location = useLocation();
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
