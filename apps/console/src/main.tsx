import type { PublicConfig } from '@organiser/domain';
import { createRoot } from 'react-dom/client';
import { setApiBase } from './api/client';
import { forgetInlinedAnswers, readInlinedAnswers } from './api/inlined-answers';
import { fetchPublicConfig } from './api/user';
import { AppRoot } from './app/app-root';
import { holdEarlyInput, isServerRendered } from './app/early-input';
import { preloadFrameParts, preloadPageAt } from './app/frame-parts';
import { decideGuard } from './app/guard';
import { removeLoginShell } from './app/login-shell';
import { adoptSession, requestSession, takeSession } from './app/session-request';
import './app/global.css';
import { applySiteTexts, initI18n, initialLanguage } from './i18n/i18n';
import { takeChartSnapshots } from './pages/dashboard/chart-snapshots';
import { settleDashboardAhead, startDashboardAhead } from './pages/dashboard/dashboard-ahead';
import { initAppState } from './state/app-settings';
import { installErrorLog } from './state/error-log';
import { sessionStore } from './state/session';

// Boot: language first (stored → browser → English), then the deployment's public configuration, before anything
// of the console renders. The server writes that configuration into the page it serves
// (<script id="public-config" type="application/json">), which saves a round trip; the dev server and other hosts
// of the built files do not, and then it is fetched.

const rootElement = document.getElementById('root')!;
const root = createRoot(rootElement);
// a screen the server rendered: what is clicked or pressed on it waits for the console's own screen
const releaseEarlyInput = isServerRendered(rootElement) ? holdEarlyInput(rootElement) : () => undefined;

/** The session and the dashboard's figures taken from the page's answers into the stores the first render reads.
 * A session the answers do not make (a call not answered, no role) is left to the session loader. */
async function settleFromPage(token: string): Promise<void> {
  const [session, { queryClient }] = await Promise.all([
    takeSession(token).catch(() => null),
    import('./app/query-client'),
  ]);
  if (!session) {
    requestSession(token);
    return;
  }
  adoptSession(session);
  await settleDashboardAhead(window.location, queryClient);
}

function inlinedConfig(): PublicConfig | null {
  const element = document.getElementById('public-config');
  if (!element?.textContent) return null;
  try {
    const config = JSON.parse(element.textContent) as PublicConfig;
    // used once: a retry after a failure fetches a fresh copy
    element.remove();
    return config;
  } catch {
    return null;
  }
}

/** The token of a visitor opening a page behind the guard, who needs the session's calls and the signed-in frame. */
function signedInToken(): string | null {
  const token = sessionStore.get().token;
  if (!token) return null;
  const { pathname, search } = window.location;
  return decideGuard({ pathname, search, hasToken: true, isReady: false }).kind === 'load' ? token : null;
}

async function boot(): Promise<void> {
  installErrorLog();
  const token = signedInToken();
  // the frame's and the page's code load beside the language, the configuration and the session's calls, and the
  // first render waits for them: no part of the frame then suspends (a failure is left to the routes, which load it
  // again)
  const frame = token
    ? Promise.all([preloadFrameParts(), preloadPageAt(window.location.pathname)]).catch(() => undefined)
    : undefined;
  await initI18n(initialLanguage());
  try {
    const config = inlinedConfig() ?? (await fetchPublicConfig());
    applySiteTexts(config.site.texts);
    setApiBase(config.site.apiBase);
    initAppState(config.ui);
    if (token) {
      // the calls below are answered from the page when the server wrote their answers into it
      const answered = readInlinedAnswers(token);
      requestSession(token);
      // the dashboard's figures and charts' code beside the session's calls
      startDashboardAhead(window.location);
      forgetInlinedAnswers();
      // answered by the page: the session and the figures are in hand, and the first render shows the screen
      // ready (as the server rendered it, when it did) instead of the session loader's spinner first
      if (answered) await settleFromPage(token);
    }
    await frame;
    // the server's pictures of the dashboard's charts, taken before the render replaces its markup
    root.render(
      <AppRoot config={config} chartPictures={takeChartSnapshots(rootElement)} onShown={releaseEarlyInput} />,
    );
  } catch (error) {
    console.error(error);
    const { BootError } = await import('./app/boot-error');
    removeLoginShell();
    releaseEarlyInput();
    root.render(<BootError onRetry={() => void boot()} />);
  }
}

void boot();
