import { findRoute } from '@organiser/domain';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { queryClient } from '../app/query-client';
import { prefetchEntityList } from '../engine/loaders';
import { useVisibleRoutes } from '../navigation/visible-routes-context';
import { preloadPage, preloadPages } from '../pages/registry';
import { usePublicConfig } from '../state/config-context';

/**
 * Fetches ahead what a page needs, from the moment the user points at, focuses or presses its menu entry: the page's
 * code and, for an entity list, its first page of records. Opening it then waits on neither. Resolves when both
 * have arrived (or failed: the page asks again and shows why).
 */
export function usePrefetchRoute(): (target: string) => Promise<unknown> {
  const { flat } = useVisibleRoutes();
  const { fieldPolicy } = usePublicConfig();
  return useCallback(
    (target: string) => {
      const url = new URL(target, window.location.origin);
      const match = findRoute(flat, url.pathname);
      const view = match?.route.view;
      if (!view) return Promise.resolve();
      return Promise.all([
        preloadPage(view),
        view.kind === 'entity-list'
          ? prefetchEntityList(queryClient, view.entity, fieldPolicy, url.searchParams)
          : undefined,
      ]);
    },
    [flat, fieldPolicy],
  );
}

/**
 * How long a menu click waits for its page's code and first records before it opens the page anyway. A page that
 * opens with its rows is drawn once; one that opens without them is drawn twice, the second time as the rows
 * arrive, which took longer in all than waiting for an answer already on its way.
 */
export const OPEN_WAIT_MS = 120;

/** After the next frame: a navigation asked for before it has been rendered by then. */
const shown = () =>
  new Promise<void>((resolve) =>
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => setTimeout(resolve, 0))
      : setTimeout(resolve, 16),
  );

/** The opening under way: a click waits for the one before it, so pages open in the order they were asked for. */
let opening: Promise<unknown> = Promise.resolve();

/**
 * Opens a page from the menu once what it needs has arrived (asked for as the pointer came onto the entry, or now),
 * or after OPEN_WAIT_MS at most.
 */
export function useOpenWhenReady(): (target: string) => void {
  const prefetch = usePrefetchRoute();
  const navigate = useNavigate();
  return useCallback(
    (target: string) => {
      const ready = prefetch(target);
      const waited = Promise.race([ready, new Promise((resolve) => setTimeout(resolve, OPEN_WAIT_MS))]);
      const open = opening
        .then(() => waited)
        .then(() => navigate(target))
        // the next opening waits until this page has been shown (it gets its tab), not only asked for
        .then(() => shown());
      opening = open.catch(() => undefined);
    },
    [prefetch, navigate],
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
