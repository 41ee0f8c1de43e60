import { LoadingOutlined } from '@ant-design/icons';
import type { PublicConfig } from '@organiser/domain';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
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

const STEP_SELECTOR = '.ant-input-number-action-up, .ant-input-number-action-down';

/**
 * antd's number inputs name their step buttons in English only ("Increase Value", "Decrease Value"), with no prop
 * to change it: the names are set in the console's language as the buttons appear and when the language changes.
 */
function useStepButtonNames() {
  const { t, i18n: instance } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is the trigger
  useEffect(() => {
    if (typeof MutationObserver === 'undefined') return;
    const names = { up: t('a11y.increase'), down: t('a11y.decrease') };
    const apply = () => {
      for (const el of document.querySelectorAll<HTMLElement>(STEP_SELECTOR)) {
        const name = el.classList.contains('ant-input-number-action-up') ? names.up : names.down;
        if (el.getAttribute('aria-label') !== name) el.setAttribute('aria-label', name);
      }
    };
    apply();
    const observer = new MutationObserver((records) => {
      if (records.some((r) => r.addedNodes.length > 0)) apply();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [t, instance.language]);
}

/** antd follows the language, the size choice and the settings drawer live (spec §2, §9). */
export function ThemedProviders({ children }: { children: ReactNode }) {
  const lang = useLang();
  const size = useApp((s) => s.size);
  const themeColor = useSettings((s) => s.themeColor);
  const isDark = useSettings((s) => s.darkMode);
  const theme = useMemo(() => buildTheme({ themeColor, isDark, size }), [themeColor, isDark, size]);
  useStepButtonNames();
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
