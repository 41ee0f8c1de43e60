import { LoadingOutlined } from '@ant-design/icons';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
// antd's component styles, prebuilt (the theme's `zeroRuntime`): its first render of a screen generates none
import 'antd/dist/antd.css';
import { type ReactNode, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useLang } from '../i18n/use-lang';
import { useApp, useSettings } from '../state/app-settings';
import { antdSize, buildTheme } from './theme';

// antd's providers (locale, size, theme tokens, the context-aware message and modal) for every screen but the
// login page, which is plain HTML and CSS so that it is small and paints early; this module is loaded lazily.

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

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(changed: () => void): () => void {
  const query = typeof window === 'undefined' ? undefined : window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener?.('change', changed);
  return () => query?.removeEventListener?.('change', changed);
}

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && Boolean(window.matchMedia?.(REDUCED_MOTION).matches);

/** Whether the system asks for reduced motion (WCAG 2.3.3), followed live. */
const usePrefersReducedMotion = () =>
  useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);

/**
 * The spinner of a busy button is decoration: the button keeps its name ("Log in", not "loading Log in"), also
 * while the spinner's exit animation lags on a slow machine.
 */
const BUTTON_CONFIG = { loadingIcon: <LoadingOutlined aria-hidden /> };
/** At most three toasts at once. */
const MESSAGE_CONFIG = { maxCount: 3 };

/**
 * antd follows the language, the size choice and the settings drawer live. What the providers are given is the
 * same object from one render to the next unless it changed: a new one makes every component that reads them render
 * again (a new message setting gave every page kept in a tab a new `App.useApp()`, and each list drew its table
 * again on every navigation).
 */
export function ThemedProviders({ children }: { children: ReactNode }) {
  const lang = useLang();
  const size = useApp((s) => s.size);
  const themeColor = useSettings((s) => s.themeColor);
  const isDark = useSettings((s) => s.darkMode);
  const reduceMotion = usePrefersReducedMotion();
  const theme = useMemo(
    () => buildTheme({ themeColor, isDark, size, reduceMotion }),
    [themeColor, isDark, size, reduceMotion],
  );
  const locale = lang === 'zh' ? zhCN : enUS;
  useStepButtonNames();
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
    <ConfigProvider locale={locale} componentSize={antdSize(size)} theme={theme} button={BUTTON_CONFIG}>
      <AntdApp message={MESSAGE_CONFIG}>{children}</AntdApp>
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
