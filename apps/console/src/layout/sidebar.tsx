import { LOGO_DATA_URI } from '@organiser/domain';
import { Menu } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../i18n/use-lang';
import { useVisibleRoutes } from '../navigation/visible-routes-context';
import { usePublicConfig } from '../state/config-context';
import { useSession } from '../state/session';
import { useStore } from '../state/store';
import { openTarget, tagsStore } from '../state/tags-view';
import { ancestorKeys, buildMenuItems, externalLinkItems, LINK_KEY } from './menu-items';
import { useOpenWhenReady, usePrefetchRoute } from './use-prefetch-route';

type Props = { selectedKey: string; isCollapsed: boolean; hasLogo: boolean };

/** The sidebar menu of the permitted routes, keyboard reachable through antd's menu. */
export function Sidebar({ selectedKey, isCollapsed, hasLogo }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const config = usePublicConfig();
  const { tree } = useVisibleRoutes();
  const views = useStore(tagsStore);
  const prefetch = usePrefetchRoute();
  const open = useOpenWhenReady();
  const permissions = useSession((s) => s.permissions);
  // an entry whose page is open in a tab shows that tab as it was (its filters and page), not a fresh page
  const items = useMemo(
    () => [
      ...buildMenuItems(tree, lang, '', (path) => openTarget(views, path), { prefetch, open }),
      ...externalLinkItems(permissions, lang),
    ],
    [tree, lang, views, prefetch, open, permissions],
  );
  const [openKeys, setOpenKeys] = useState<string[]>(() => ancestorKeys(items, selectedKey) ?? []);

  // Opening a page opens its group; groups the user opened stay open (several at once), so moving between
  // groups does not fold away the one just used.
  useEffect(() => {
    const ancestors = ancestorKeys(items, selectedKey);
    if (ancestors?.length) setOpenKeys((keys) => [...new Set([...keys, ...ancestors])]);
  }, [items, selectedKey]);

  const product = config.site.title[lang] || config.site.title.en;
  return (
    <>
      {hasLogo && (
        <Link to="/" className="app-sidebar-logo" aria-label={product}>
          <img src={LOGO_DATA_URI} alt="" width={32} height={32} />
          {!isCollapsed && <span>{product}</span>}
        </Link>
      )}
      <nav aria-label={t('layout.mainMenu')} className="app-sidebar-nav">
        <Menu
          mode="inline"
          theme="dark"
          items={items}
          selectedKeys={[selectedKey]}
          inlineCollapsed={isCollapsed}
          {...(isCollapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
          onClick={({ key, domEvent }) => {
            // a click on the link itself is handled by the link (which also allows middle-click to a new tab)
            if ((domEvent.target as HTMLElement).closest('a')) return;
            if (key.startsWith(LINK_KEY)) {
              const link = permissions.find((p) => `${LINK_KEY}${p.id}` === key);
              if (link) window.open(link.url, '_blank', 'noopener,noreferrer');
              return;
            }
            open(openTarget(tagsStore.get(), key));
          }}
        />
      </nav>
    </>
  );
}
