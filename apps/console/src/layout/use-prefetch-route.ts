import { findRoute } from '@organiser/domain';
import { useCallback } from 'react';
import { usePublicConfig } from '../app/config-context';
import { queryClient } from '../app/query-client';
import { prefetchEntityList } from '../engine/prefetch';
import { useVisibleRoutes } from '../navigation/visible-routes-context';
import { preloadPage } from '../pages/registry';

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
