import { layoutRouteAt } from '../navigation/visible-routes';
import { fetchDashboardAhead } from '../pages/dashboard/dashboard-ahead';
import { HOME_PATH } from './guard';
import { queryClient } from './query-client';

// A cold signed-in load of the dashboard asks for its figures and the charts' code beside the session's calls,
// instead of once the frame has rendered (about half a second later on a slow machine). The page finds them on
// their way or arrived, under the key it uses itself. Only the dashboard: every signed-in person may open it, and
// its answer leaves out what they may not see, while a list opened ahead for someone the guard then refuses would
// show the server's refusal before the guard's own page.

export function fetchPageDataAhead(location: { pathname: string; search: string }): void {
  const path = location.pathname === '/' ? HOME_PATH : location.pathname;
  const view = layoutRouteAt(path)?.view;
  if (view?.kind === 'page' && view.page === 'Dashboard')
    fetchDashboardAhead(queryClient, new URLSearchParams(location.search));
}
