import type { PublicConfig } from '@organiser/domain';
import { createRoot } from 'react-dom/client';
import { setApiBase } from './api/client';
import { fetchPublicConfig } from './api/user';
import { AppRoot } from './app/app-root';
import { decideGuard } from './app/guard';
import { removeLoginShell } from './app/login-shell';
import { requestSession } from './app/session-request';
import './app/global.css';
import { applyTextSet, initI18n, initialLanguage } from './i18n/i18n';
import { initAppState } from './state/app-settings';
import { installErrorLog } from './state/error-log';
import { sessionStore } from './state/session';

// Boot: language first (stored → browser → English), then the deployment's public configuration, before anything
// of the console renders. The server writes that configuration into the page it serves
// (<script id="public-config" type="application/json">), which saves a round trip; the dev server and other hosts
// of the built files do not, and then it is fetched.

const root = createRoot(document.getElementById('root')!);

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

/** A page behind the guard with a token needs the session's calls: they start before anything renders. */
function startSessionCalls(): void {
  const token = sessionStore.get().token;
  if (!token) return;
  const { pathname, search } = window.location;
  if (decideGuard({ pathname, search, hasToken: true, isReady: false }).kind === 'load')
    requestSession(token);
}

async function boot(): Promise<void> {
  installErrorLog();
  await initI18n(initialLanguage());
  try {
    const config = inlinedConfig() ?? (await fetchPublicConfig());
    applyTextSet(config.site.texts);
    setApiBase(config.site.apiBase);
    initAppState(config.ui);
    startSessionCalls();
    root.render(<AppRoot config={config} />);
  } catch (error) {
    console.error(error);
    const { BootError } = await import('./app/boot-error');
    removeLoginShell();
    root.render(<BootError onRetry={() => void boot()} />);
  }
}

void boot();
