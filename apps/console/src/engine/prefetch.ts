import { getEntity, type PublicConfig, policyFor } from '@organiser/domain';
import type { QueryClient } from '@tanstack/react-query';
import { listQueryOptions, openingListState } from './list/use-entity-list';

/**
 * Starts a list's first request before its page has mounted (when its menu entry is pointed at, focused or
 * pressed), with the query and cache key the page will use, so the page finds its answer on the way or already
 * there. An answer less than 30 s old is not asked again. Resolves once the answer is in the cache (or the request
 * failed: the page asks again and shows why).
 */
export function prefetchEntityList(
  client: QueryClient,
  entity: string,
  fieldPolicy: PublicConfig['fieldPolicy'],
  search: URLSearchParams,
): Promise<void> {
  const def = getEntity(entity);
  if (!def) return Promise.resolve();
  const state = openingListState(def, policyFor(def, fieldPolicy), search);
  const { queryKey, queryFn } = listQueryOptions(def.name, def, state);
  return client.prefetchQuery({ queryKey, queryFn, staleTime: 30_000 });
}
