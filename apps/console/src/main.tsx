import { createRoot } from 'react-dom/client';
import { setApiBase } from './api/client';
import { fetchPublicConfig } from './api/user';
import { AppRoot } from './app/app-root';
import { BootError } from './app/boot-error';
import './app/global.css';
import { applyTextSet, initI18n, initialLanguage } from './i18n/i18n';
import { initAppState } from './state/app-settings';
import { installErrorLog } from './state/error-log';

// Boot (issue 3 item 1): language first (stored → browser → English), then the deployment's public
// configuration, before anything of the console renders.

const root = createRoot(document.getElementById('root')!);

async function boot(): Promise<void> {
  installErrorLog();
  await initI18n(initialLanguage());
  try {
    const config = await fetchPublicConfig();
    applyTextSet(config.site.texts);
    setApiBase(config.site.apiBase);
    initAppState(config.ui);
    root.render(<AppRoot config={config} />);
  } catch (error) {
    console.error(error);
    root.render(<BootError onRetry={() => void boot()} />);
  }
}

void boot();
