import { LoadingOutlined } from '@ant-design/icons';
import type { PublicConfig } from '@organiser/domain';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { registerFeedback } from '../api/feedback';
import { i18n } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';
import { useApp, useSettings } from '../state/app-settings';
import { ConfigContext } from './config-context';
import { createAppRouter } from './router';
import { antdSize, buildTheme, readableColour, readableOnDark } from './theme';

/** Hands antd's context-aware message and modal (theme, locale) to the HTTP client. */
function FeedbackBridge() {
  const { message, modal } = AntdApp.useApp();
  useEffect(() => registerFeedback({ message, modal }), [message, modal]);
  return null;
}

/** antd follows the language, the size choice and the settings drawer live (spec §2, §9). */
export function ThemedProviders({ children }: { children: ReactNode }) {
  const lang = useLang();
  const size = useApp((s) => s.size);
  const themeColor = useSettings((s) => s.themeColor);
  const isDark = useSettings((s) => s.darkMode);
  const theme = useMemo(() => buildTheme({ themeColor, isDark, size }), [themeColor, isDark, size]);
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--app-primary', readableColour(themeColor));
    root.setProperty(
      '--app-link',
      isDark ? readableOnDark(themeColor, '#141414') : readableColour(themeColor),
    );
    document.documentElement.dataset.theme = isDark ? 'dark' : 'light';
  }, [themeColor, isDark]);
  return (
    <ConfigProvider
      locale={lang === 'zh' ? zhCN : enUS}
      componentSize={antdSize(size)}
      theme={theme}
      // the spinner of a busy button is decoration: the button keeps its name ("Log in", not "loading Log in"),
      // also while the spinner's exit animation lags on a slow machine
      button={{ loadingIcon: <LoadingOutlined aria-hidden /> }}
    >
      <AntdApp message={{ maxCount: 3 }}>
        <FeedbackBridge />
        {children}
      </AntdApp>
    </ConfigProvider>
  );
}

export function AppRoot({ config }: { config: PublicConfig }) {
  const [router] = useState(createAppRouter);
  return (
    <ConfigContext.Provider value={config}>
      <I18nextProvider i18n={i18n}>
        <ThemedProviders>
          {/* without transitions every page visited commits, so a quick second click cannot drop the
                first page's tab (tabs are added when a page is shown) */}
          <RouterProvider router={router} useTransitions={false} />
        </ThemedProviders>
      </I18nextProvider>
    </ConfigContext.Provider>
  );
}
