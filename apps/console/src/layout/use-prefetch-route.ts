import { findRoute } from '@organiser/domain';
import { useCallback, useEffect } from 'react';
import { queryClient } from '../app/query-client';
import { prefetchEntityList } from '../engine/loaders';
import { useVisibleRoutes } from '../navigation/visible-routes-context';
import { preloadPage, preloadPages } from '../pages/registry';
import { usePublicConfig } from '../state/config-context';

/**
 * Fetches ahead what a page needs, from the moment the user points at, focuses or presses its menu entry: the page's
 * code and, for an entity list, its first page of records. Opening it then waits on neither.
 */
export function usePrefetchRoute(): (target: string) => void {
  const { flat } = useVisibleRoutes();
  const { fieldPolicy } = usePublicConfig();
  return useCallback(
    (target: string) => {
      const url = new URL(target, window.location.origin);
      const match = findRoute(flat, url.pathname);
      const view = match?.route.view;
      if (!view) return;
      preloadPage(view);
      if (view.kind === 'entity-list')
        prefetchEntityList(queryClient, view.entity, fieldPolicy, url.searchParams);
    },
    [flat, fieldPolicy],
  );
}

/** How long after the first screen the browser may stay busy before the code is fetched anyway. */
const IDLE_TIMEOUT_MS = 3_000;

/**
 * Once the first signed-in screen is up and the browser is idle: the code of the screens the menu's lists open
 * (one chunk for the generic list, form and report screens), so a first click on a menu entry waits on its data
 * only. The page data is not fetched ahead: that waits for a pointer on the entry.
 */
export function useIdlePrefetch(): void {
  const { flat } = useVisibleRoutes();
  useEffect(() => {
    const views = flat.flatMap((route) => (route.view?.kind === 'entity-list' ? [route.view] : []));
    if (!views.length) return;
    const start = () => preloadPages(views);
    const { requestIdleCallback: whenIdle, cancelIdleCallback: cancel } = window;
    if (typeof whenIdle !== 'function' || typeof cancel !== 'function') {
      const timer = setTimeout(start, IDLE_TIMEOUT_MS / 3);
      return () => clearTimeout(timer);
    }
    const handle = whenIdle.call(window, start, { timeout: IDLE_TIMEOUT_MS });
    return () => cancel.call(window, handle);
  }, [flat]);
}
