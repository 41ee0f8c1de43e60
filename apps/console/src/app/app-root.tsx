import { type PublicConfig, themeVariables } from '@organiser/domain';
import { useCallback, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { fetchPublicConfig } from '../api/user';
import { i18n } from '../i18n/i18n';
import { useSettings } from '../state/app-settings';
import { ConfigContext, ConfigReloadContext } from '../state/config-context';
import { createAppRouter } from './router';

/** The theme colour and dark mode as CSS variables, for the plain-CSS screens (login) and the console's own CSS. */
function useThemeVariables() {
  const themeColor = useSettings((s) => s.themeColor);
  const isDark = useSettings((s) => s.darkMode);
  useEffect(() => {
    const root = document.documentElement.style;
    for (const [name, value] of Object.entries(themeVariables(themeColor, isDark)))
      root.setProperty(name, value);
    document.documentElement.dataset.theme = isDark ? 'dark' : 'light';
  }, [themeColor, isDark]);
}

export function AppRoot({ config: initial }: { config: PublicConfig }) {
  const [router] = useState(createAppRouter);
  const [config, setConfig] = useState(initial);
  // run-time settings (site name, upload limits) change the configuration without a reload of the page
  const reload = useCallback(async () => {
    setConfig(await fetchPublicConfig());
  }, []);
  useThemeVariables();
  return (
    <ConfigContext.Provider value={config}>
      <ConfigReloadContext.Provider value={reload}>
        <I18nextProvider i18n={i18n}>
          {/* without transitions every page visited commits, so a quick second click cannot drop the
              first page's tab (tabs are added when a page is shown) */}
          <RouterProvider router={router} useTransitions={false} />
        </I18nextProvider>
      </ConfigReloadContext.Provider>
    </ConfigContext.Provider>
  );
}
