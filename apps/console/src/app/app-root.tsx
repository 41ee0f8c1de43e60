import { type PublicConfig, themeVariables } from '@organiser/domain';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { fetchPublicConfig } from '../api/user';
import { i18n } from '../i18n/i18n';
import { type ChartPicture, ChartSnapshotContext } from '../pages/dashboard/chart-snapshots';
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

/** What every screen reads around the router: the configuration (and its reload), the language and the theme's
 * variables. The browser's console puts its router inside; the server's first screen a static one. */
export function AppProviders({ config: initial, children }: { config: PublicConfig; children: ReactNode }) {
  const [config, setConfig] = useState(initial);
  // run-time settings (site name, upload limits) change the configuration without a reload of the page
  const reload = useCallback(async () => {
    setConfig(await fetchPublicConfig());
  }, []);
  useThemeVariables();
  return (
    <ConfigContext.Provider value={config}>
      <ConfigReloadContext.Provider value={reload}>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
      </ConfigReloadContext.Provider>
    </ConfigContext.Provider>
  );
}

/**
 * The console; `chartPictures` are the dashboard's charts as the server drew them into the page, if it did, and
 * `onShown` is called once its first screen is in the page.
 */
export function AppRoot({
  config,
  chartPictures,
  onShown,
}: {
  config: PublicConfig;
  chartPictures?: ChartPicture | null;
  onShown?: () => void;
}) {
  const [router] = useState(createAppRouter);
  // runs after every effect of the first screen's components: their listeners are in place
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first render
  useEffect(() => onShown?.(), []);
  return (
    <AppProviders config={config}>
      <ChartSnapshotContext.Provider value={chartPictures ?? null}>
        {/* without transitions every page visited commits, so a quick second click cannot drop the
            first page's tab (tabs are added when a page is shown) */}
        <RouterProvider router={router} useTransitions={false} />
      </ChartSnapshotContext.Provider>
    </AppProviders>
  );
}
