import { LoadingOutlined } from '@ant-design/icons';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect, useMemo } from 'react';
import { Outlet } from 'react-router';
import { useLang } from '../i18n/use-lang';
import { useApp, useSettings } from '../state/app-settings';
import { antdSize, buildTheme } from './theme';

// antd's providers (locale, size, theme tokens, the context-aware message and modal) for every screen but the
// login page, which is plain HTML and CSS so that it is small and paints early; this module is loaded lazily.

/** antd follows the language, the size choice and the settings drawer live (spec §2, §9). */
export function ThemedProviders({ children }: { children: ReactNode }) {
  const lang = useLang();
  const size = useApp((s) => s.size);
  const themeColor = useSettings((s) => s.themeColor);
  const isDark = useSettings((s) => s.darkMode);
  const theme = useMemo(() => buildTheme({ themeColor, isDark, size }), [themeColor, isDark, size]);
  const locale = lang === 'zh' ? zhCN : enUS;
  useEffect(() => {
    // the static toasts and dialogs of the HTTP client (api/feedback.ts) follow the theme and the language too
    ConfigProvider.config({
      holderRender: (children) => (
        <ConfigProvider locale={locale} componentSize={antdSize(size)} theme={theme}>
          {children}
        </ConfigProvider>
      ),
    });
  }, [locale, size, theme]);
  return (
    <ConfigProvider
      locale={locale}
      componentSize={antdSize(size)}
      theme={theme}
      // the spinner of a busy button is decoration: the button keeps its name ("Log in", not "loading Log in"),
      // also while the spinner's exit animation lags on a slow machine
      button={{ loadingIcon: <LoadingOutlined aria-hidden /> }}
    >
      <AntdApp message={{ maxCount: 3 }}>{children}</AntdApp>
    </ConfigProvider>
  );
}

/** Layout route around every screen that uses antd. */
export default function ThemedFrame() {
  return (
    <ThemedProviders>
      <Outlet />
    </ThemedProviders>
  );
}
