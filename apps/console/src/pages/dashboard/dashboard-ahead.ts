import { isHomePath, type PeriodInAddress, periodInAddress } from '@organiser/domain';
import { callApi } from '../../api/call';
import { readyLazy } from '../../app/ready-lazy';
import { loadECharts } from '../../components/load-echarts';
import { sessionStore } from '../../state/session';

// What the dashboard fetches: its figures for the period in the address, the charts' code and ECharts. A cold load
// of the dashboard asks for all three as the boot starts, beside the session's calls and before the frame's code
// has arrived (this module is part of the boot's code, so nothing it needs waits on the frame): the figures'
// answer is kept here until the page's query takes it, and the code is in the module cache when the page needs it.
// Only the dashboard: every signed-in person may open it, and its answer leaves out what they may not see, while
// a list asked for ahead for someone the guard then refuses would show the server's refusal before its own page.

/** The charts, rendered at once (without a fallback and React's 300 ms throttle on revealing what suspended) when
 * their code was asked for ahead and has arrived. */
export const dashboardCharts = readyLazy(
  () => import('./dashboard-charts'),
  (m) => m.default,
);
/** The charts' code. */
export const loadCharts = dashboardCharts.preload;

type Figures = Awaited<ReturnType<typeof askFigures>>;

const askFigures = async (period: PeriodInAddress) => (await callApi('dashboard', { query: period })).content;

/** The period in the address and the cache key of its figures. */
function periodIn(search: URLSearchParams): { period: PeriodInAddress; key: string[] } {
  const period = periodInAddress(search);
  return { period, key: ['dashboard', period.periodFrom ?? '', period.periodTo ?? ''] };
}

/** The figures asked for at boot with the session of then, until the page's query takes them (once: a refetch asks
 * again). Another session's page never takes them: they are that session's figures, or its refusal. */
let ahead: { key: string; token: string | null; figures: Promise<Figures> } | undefined;

function takeAhead(key: string): Promise<Figures> | undefined {
  if (ahead?.key !== key || ahead.token !== sessionStore.get().token) return undefined;
  const { figures } = ahead;
  ahead = undefined;
  return figures;
}

/** The figures of the period in the address: the page's query. */
export function dashboardQuery(search: URLSearchParams) {
  const { period, key } = periodIn(search);
  return {
    queryKey: key,
    queryFn: (): Promise<Figures> => takeAhead(key.join('\n')) ?? askFigures(period),
  };
}

/** At boot, on the dashboard's address: asks for the figures of its period and loads the charts' code and ECharts. */
export function startDashboardAhead(location: { pathname: string; search: string }): void {
  if (!isHomePath(location.pathname)) return;
  const { period, key } = periodIn(new URLSearchParams(location.search));
  const figures = askFigures(period);
  // a failure is the page's to show when it takes the answer; none is reported before
  figures.catch(() => undefined);
  ahead = { key: key.join('\n'), token: sessionStore.get().token, figures };
  loadCharts().catch(() => undefined);
  loadECharts().catch(() => undefined);
}

/**
 * The figures asked for at boot, put into the page's cache (`client`, the console's query client) once they have
 * arrived, and the charts' code, so that the dashboard's first render shows the figures and the charts (the
 * server's pictures of them, when it drew them) without suspending: used when the page carried the figures (they
 * arrive at once). Nothing is put there on a refusal or a failure, which the page's own query then meets and shows.
 */
export async function settleDashboardAhead(
  location: { pathname: string; search: string },
  client: { setQueryData: (key: string[], data: Figures) => unknown },
): Promise<void> {
  if (!isHomePath(location.pathname)) return;
  const { key } = periodIn(new URLSearchParams(location.search));
  const figures = takeAhead(key.join('\n'));
  if (!figures) return;
  try {
    const [answer] = await Promise.all([figures, loadCharts().catch(() => undefined)]);
    client.setQueryData(key, answer);
  } catch {
    // the page asks again and shows what it gets
  }
}
