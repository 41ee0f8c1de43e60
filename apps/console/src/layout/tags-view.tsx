import { CloseOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pick } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';
import { useStore } from '../state/store';
import {
  closeAll,
  closeOthers,
  closeView,
  refreshView,
  type TagsOutcome,
  type TagView,
  tagsStore,
} from '../state/tags-view';

/** The tab bar of visited pages. */
export function TagsView({ currentPath }: { currentPath: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const views = useStore(tagsStore);
  const queryClient = useQueryClient();
  const stripRef = useRef<HTMLUListElement>(null);
  const navRef = useRef<HTMLElement>(null);
  // The tab menu opens inside the (sticky) header, so it moves with the tab it belongs to when the page
  // scrolls, and is never left behind under the header.
  const menuContainer = () => navRef.current ?? document.body;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the current tab or the number of tabs changes
  useEffect(() => {
    // Only the strip scrolls sideways to show the current tab: scrollIntoView would also scroll the window
    // (the strip sits in a sticky header) and undo the page's own scroll position.
    const strip = stripRef.current;
    const active = strip?.querySelector<HTMLElement>('[aria-current="page"]')?.closest('li');
    if (!strip || !active) return;
    const left = active.offsetLeft - strip.offsetLeft;
    if (left < strip.scrollLeft) strip.scrollLeft = left;
    else if (left + active.offsetWidth > strip.scrollLeft + strip.clientWidth)
      strip.scrollLeft = left + active.offsetWidth - strip.clientWidth;
  }, [currentPath, views.length]);

  const apply = (outcome: TagsOutcome) => {
    tagsStore.set(outcome.views);
    if (outcome.navigate) navigate(outcome.navigate);
  };

  /**
   * Refresh reads the page's data again and keeps what the user set up: the list's filters, page and sort (in its
   * URL) and what is typed but not yet searched. The data in view is re-fetched (every query on screen, the kept
   * background tabs included, is marked stale and the mounted ones refetch); only a page that keeps nothing
   * (a form, `noCache`) starts again.
   */
  const refresh = (view: TagView) => {
    if (view.noCache) tagsStore.set(refreshView(tagsStore.get(), view.path));
    void queryClient.invalidateQueries();
    if (view.path !== currentPath) navigate(view.fullPath);
  };

  const close = (view: TagView) => apply(closeView(tagsStore.get(), view.path, currentPath));

  const menuFor = (view: TagView): MenuProps => ({
    items: [
      { key: 'refresh', label: t('tagsView.refresh') },
      ...(view.affix ? [] : [{ key: 'close', label: t('tagsView.close') }]),
      { key: 'closeOthers', label: t('tagsView.closeOthers') },
      { key: 'closeAll', label: t('tagsView.closeAll') },
    ],
    onClick: ({ key }) => {
      if (key === 'refresh') refresh(view);
      else if (key === 'close') close(view);
      else if (key === 'closeOthers') apply(closeOthers(tagsStore.get(), view.path, currentPath));
      else if (key === 'closeAll') apply(closeAll(tagsStore.get(), currentPath));
    },
  });

  return (
    <nav ref={navRef} className="app-tags" aria-label={t('layout.openPages')}>
      <ul
        ref={stripRef}
        className="app-tags-strip"
        onWheel={(event) => {
          if (stripRef.current && event.deltaY) stripRef.current.scrollLeft += event.deltaY / 4;
        }}
      >
        {views.map((view) => {
          const isActive = view.path === currentPath;
          const title = pick(view.title, lang);
          return (
            <Dropdown
              key={view.path}
              menu={menuFor(view)}
              trigger={['contextMenu']}
              getPopupContainer={menuContainer}
            >
              <li
                className={`app-tag${isActive ? ' is-active' : ''}`}
                data-path={view.path}
                onAuxClick={(event) => {
                  // middle-click closes a tab that can be closed (template behaviour)
                  if (event.button === 1 && !view.affix) {
                    event.preventDefault();
                    close(view);
                  }
                }}
                onMouseDown={(event) => {
                  if (event.button === 1) event.preventDefault();
                }}
              >
                <button
                  type="button"
                  className="app-tag-title"
                  aria-current={isActive ? 'page' : undefined}
                  onClick={() => {
                    if (!isActive) navigate(view.fullPath);
                  }}
                >
                  {title}
                </button>
                {!view.affix && (
                  <button
                    type="button"
                    className="app-tag-close"
                    aria-label={t('tagsView.closeTab', { title })}
                    onClick={() => close(view)}
                  >
                    <CloseOutlined aria-hidden />
                  </button>
                )}
              </li>
            </Dropdown>
          );
        })}
      </ul>
    </nav>
  );
}
