import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Tooltip } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { searchLabel } from '../navigation/menu-search';
import { useVisibleRoutes } from '../navigation/visible-routes-context';
import { useSettings } from '../state/app-settings';
import { openTarget, tagsStore } from '../state/tags-view';
import { NAVBAR_TIP } from './navbar-tip';
import { useMenuSearch } from './use-menu-search';

type SearchInput = { focus: () => void; blur: () => void };

/**
 * Header menu search: a search button that opens a 210 px field; Ctrl+K / Cmd+K opens it from anywhere;
 * arrow keys and Enter pick a page; Escape or leaving the field closes it.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tree } = useVisibleRoutes();
  const isPinyinOn = useSettings((s) => s.pinyinSearch);
  const search = useMenuSearch(tree, isPinyinOn);
  const [isOpen, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const inputRef = useRef<SearchInput>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // the highlighted option, so Enter always picks what is highlighted (the select list only reacts to Enter
  // after an arrow key has moved the highlight)
  const activeRef = useRef<string | null>(null);
  const hasPickedRef = useRef(false);

  const options = useMemo(
    () => search(query).map((entry) => ({ value: entry.path, label: searchLabel(entry) })),
    [search, query],
  );

  const openSearch = () => {
    hasPickedRef.current = false;
    activeRef.current = null;
    setOpen(true);
    requestAnimationFrame(() => inputRef.current?.focus());
  };

  const close = (restoreFocus: boolean) => {
    setOpen(false);
    setQuery('');
    if (restoreFocus) buttonRef.current?.focus();
  };

  const pick = (path: string) => {
    if (hasPickedRef.current) return;
    hasPickedRef.current = true;
    close(false);
    navigate(openTarget(tagsStore.get(), path));
  };

  const openRef = useRef(openSearch);
  openRef.current = openSearch;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        openRef.current();
      }
    };
    // capture phase: a focused widget that handles its own keys (drawer, menu) does not swallow the shortcut
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  return (
    <div className={`app-header-search${isOpen ? ' is-open' : ''}`}>
      <Tooltip classNames={NAVBAR_TIP} title={isOpen ? null : t('navbar.searchShortcut')} placement="bottom">
        <Button
          ref={buttonRef}
          type="text"
          icon={<SearchOutlined />}
          aria-label={t('navbar.searchMenu')}
          aria-expanded={isOpen}
          onClick={() => {
            if (isOpen) close(false);
            else openSearch();
          }}
        />
      </Tooltip>
      {isOpen && (
        <AutoComplete
          ref={inputRef as never}
          className="app-header-search-input"
          value={query}
          options={options}
          placeholder={t('navbar.searchPlaceholder')}
          aria-label={t('navbar.searchMenu')}
          popupMatchSelectWidth={320}
          notFoundContent={query.trim() ? t('navbar.searchEmpty') : null}
          showSearch={{ filterOption: false, onSearch: setQuery }}
          defaultActiveFirstOption
          onActive={(value: string | null) => {
            activeRef.current = value;
          }}
          onSelect={(path: string) => pick(path)}
          onBlur={() => close(false)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close(true);
            if (event.key === 'Enter') {
              const active = options.find((o) => o.value === activeRef.current);
              const path = (active ?? options[0])?.value;
              if (path) {
                event.preventDefault();
                pick(path);
              }
            }
          }}
        />
      )}
    </div>
  );
}
