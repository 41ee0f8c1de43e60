import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/call';

// What the dashboard fetches: its figures for the period in the address, and the charts' code with ECharts. A cold
// load of the dashboard asks for both beside the session's calls (app/page-data-ahead.ts), so they are on their
// way while the frame renders; the page then finds them under the same cache key and module.

/** The charts' code (and ECharts, which it loads in turn). */
export const loadCharts = () => import('./dashboard-charts');

/** The figures of the period in the address (`periodFrom`, `periodTo`), one cache key for the page and ahead. */
export function dashboardQuery(search: URLSearchParams) {
  const periodFrom = search.get('periodFrom') ?? undefined;
  const periodTo = search.get('periodTo') ?? undefined;
  return {
    queryKey: ['dashboard', periodFrom ?? '', periodTo ?? ''],
    queryFn: async () => (await callApi('dashboard', { query: { periodFrom, periodTo } })).content,
  };
}

/** Starts the figures' request and the charts' code, unless they are already there or under way. */
export function fetchDashboardAhead(client: QueryClient, search: URLSearchParams): void {
  void client.prefetchQuery(dashboardQuery(search));
  loadCharts()
    .then((charts) => charts.preloadECharts())
    .catch(() => undefined);
}
