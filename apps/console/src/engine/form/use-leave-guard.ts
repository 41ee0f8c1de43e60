import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useBeforeUnload, useBlocker, useLocation } from 'react-router';
import { useEngineText } from '../../messages';
import { settingsStore } from '../../state/app-settings';
import { tagsStore } from '../../state/tags-view';

/** The page stays mounted in its tab when the user moves to another page (tags view on, a page that is kept,
 * its tab still open): what is typed in it is not lost, so only leaving it for good asks. */
const staysOpen = (path: string) =>
  settingsStore.get().tagsView && tagsStore.get().some((view) => view.path === path && !view.noCache);

/**
 * Warns before unsaved changes are lost: a confirm box when the user moves to another page of the console (menu,
 * tab, back button) and the page would not be kept in its tab, the browser's own prompt on reload or close.
 * `allowNext()` lets one navigation through (after a save).
 */
export function useLeaveGuard(isDirty: boolean) {
  const t = useEngineText();
  const { modal } = App.useApp();
  const dirty = useRef(isDirty);
  dirty.current = isDirty;
  const allowed = useRef(false);
  // the page's own path: a page kept in a background tab never stops the user leaving another page
  const ownPath = useRef(useLocation().pathname);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.current &&
      !allowed.current &&
      currentLocation.pathname === ownPath.current &&
      currentLocation.pathname !== nextLocation.pathname &&
      !staysOpen(currentLocation.pathname),
  );

  // one question per blocked navigation, however often the page renders meanwhile
  const isAsking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || isAsking.current) return;
    isAsking.current = true;
    modal.confirm({
      title: t('form.leaveTitle'),
      content: t('form.leaveText'),
      okText: t('form.leave'),
      okButtonProps: { danger: true },
      cancelText: t('form.stay'),
      onOk: () => {
        isAsking.current = false;
        blocker.proceed?.();
      },
      onCancel: () => {
        isAsking.current = false;
        blocker.reset?.();
      },
    });
  }, [blocker, modal, t]);

  useBeforeUnload((event) => {
    if (!dirty.current || allowed.current) return;
    event.preventDefault();
    // older browsers need returnValue set to show their prompt
    event.returnValue = '';
  });

  return {
    allowNext: () => {
      allowed.current = true;
    },
  };
}
