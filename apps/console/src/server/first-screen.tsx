import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { type FirstScreenInput, type PublicConfig, SIZES } from '@organiser/domain';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { adoptInlinedAnswers, forgetInlinedAnswers } from '../api/inlined-answers';
import { AppProviders } from '../app/app-root';
import { preloadFrameParts, preloadPageAt } from '../app/frame-parts';
import { queryClient } from '../app/query-client';
import { routes } from '../app/router';
import { adoptSession, loadSession } from '../app/session-request';
import { applySiteTexts, i18n, initI18n } from '../i18n/i18n';
import { type ChartPicture, ChartSnapshotContext } from '../pages/dashboard/chart-snapshots';
import { dashboardQuery, loadCharts } from '../pages/dashboard/dashboard-ahead';
import { appStore, initAppState } from '../state/app-settings';
import { resetToken, sessionStore } from '../state/session';

// The signed-in dashboard's first screen, rendered on the server into the page it sends: the frame (menu, navbar,
// tabs) and the dashboard with its figures and its charts drawn as SVG, so the person sees the screen with the
// page's first paint instead of after the console's code has downloaded and run. The console then renders the
// same screen over it (apps/console/src/main.tsx) and its charts take over from the pictures once ECharts has
// drawn them.
//
// The screen is the console's own components, given what the browser would have: the answers of the session's
// calls and of the dashboard's figures (made by the routes themselves, with the person's access and scope:
// apps/api/src/plugins/signed-in-answers.ts), the language, the deployment's configuration and the sidebar and
// size cookies. The console keeps its state in module-level stores, so one screen is rendered at a time, in one
// synchronous render, and the stores are emptied after it.

/** The charts' height (apps/console/src/pages/dashboard/dashboard-page.css, `.dashboard-chart`). */
const CHART_HEIGHT = 280;

use([LineChart, BarChart, GridComponent, LegendComponent, SVGRenderer]);

/** The charts' pictures: ECharts' SVG of the option, at the width given, animation off. */
const drawChart: ChartPicture = (_name, option, dark, width) => {
  const chart = init(null, dark ? 'dark' : undefined, {
    renderer: 'svg',
    ssr: true,
    width,
    height: CHART_HEIGHT,
  });
  try {
    chart.setOption({ ...option, animation: false });
    return chart.renderToSVGString({ useViewBox: true });
  } finally {
    chart.dispose();
  }
};

let ready: Promise<void> | undefined;

/** The code every first screen renders (loaded once). */
export function prepareFirstScreen(config: PublicConfig): Promise<void> {
  ready ??= (async () => {
    await initI18n('en', config.site.texts);
    await Promise.all([preloadFrameParts(), preloadPageAt('/'), loadCharts()]);
  })();
  return ready;
}

/** One render at a time: the stores are the console's module-level ones. */
let turn: Promise<unknown> = Promise.resolve();

/** The first screen's markup for `#root`, or null when the answers do not make a ready session. */
export function renderFirstScreen(input: FirstScreenInput): Promise<string | null> {
  const result = turn.then(() => render(input));
  turn = result.catch(() => undefined);
  return result;
}

async function render(input: FirstScreenInput): Promise<string | null> {
  await prepareFirstScreen(input.config);
  const url = new URL(input.url, 'http://console.invalid');
  try {
    applySiteTexts(input.config.site.texts);
    await i18n.changeLanguage(input.lang);
    initAppState(input.config.ui);
    const size = input.cookies.size;
    appStore.set({
      device: 'desktop',
      isSidebarOpen: input.cookies.sidebarStatus !== '0',
      size: SIZES.includes(size as never) ? (size as (typeof SIZES)[number]) : input.config.ui.size,
    });
    sessionStore.set((s) => ({ ...s, token: input.token, isReady: false }));
    adoptInlinedAnswers({ lang: input.lang, answers: input.answers }, input.token);
    const query = dashboardQuery(url.searchParams);
    const [session, figures] = await Promise.all([loadSession(), query.queryFn()]);
    adoptSession(session);
    queryClient.setQueryData(query.queryKey, figures);
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(url));
    if (context instanceof Response) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    // antd's theme (its CSS variables for the deployment's colour and mode) is made by the render: written
    // before the markup, inside #root, so the console's first render removes it with the markup it replaces
    const styles = createCache();
    const markup = renderToString(
      <StyleProvider cache={styles}>
        <AppProviders config={input.config}>
          <ChartSnapshotContext.Provider value={drawChart}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </ChartSnapshotContext.Provider>
        </AppProviders>
      </StyleProvider>,
    );
    return `${extractStyle(styles)}${markup}`;
  } catch {
    // a call the page did not answer, or a screen that could not render: the console renders it in the browser
    return null;
  } finally {
    forgetInlinedAnswers();
    queryClient.clear();
    resetToken();
  }
}
