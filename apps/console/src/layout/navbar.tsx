import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Breadcrumb, Button } from 'antd';
import { memo, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LangSelect } from '../components/lang-select';
import { toggleSidebar, useApp } from '../state/app-settings';
import type { Crumb } from './breadcrumb-items';
import { ErrorLogDialog } from './error-log-dialog';
import { HeaderSearch } from './header-search';
import { NavbarBadges } from './navbar-badges';
import { ErrorLogButton, ScreenfullButton, SizeSelect } from './navbar-tools';
import { SettingsDrawer } from './settings-drawer';
import { UserMenu } from './user-menu';

/**
 * The top bar: hamburger, breadcrumb, header search, live badges (unreplied consults, unread conversations), error log, size,
 * language, settings and the user menu; full screen on desktop only. On a phone every tool stays reachable (the
 * language can be changed there too) and the breadcrumb shows the current page only.
 */
export function Navbar({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useTranslation();
  const isOpen = useApp((s) => s.isSidebarOpen);
  const isMobile = useApp((s) => s.device === 'mobile');
  const [isLogOpen, setLogOpen] = useState(false);
  const openLog = useCallback(() => setLogOpen(true), []);
  const closeLog = useCallback(() => setLogOpen(false), []);
  // on a phone the bar keeps its tools (search, size, language) and shows only the current page's crumb
  const visibleCrumbs = isMobile ? crumbs.slice(-1) : crumbs;
  return (
    <div className="app-navbar">
      <Button
        type="text"
        className="app-hamburger"
        aria-label={t('layout.toggleSidebar')}
        aria-expanded={isOpen}
        icon={isOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={toggleSidebar}
      />
      <Breadcrumb
        className="app-breadcrumb"
        aria-label={t('layout.breadcrumb')}
        items={visibleCrumbs.map((c, i) => ({
          key: `${i}:${c.title}`,
          title:
            c.to && i < visibleCrumbs.length - 1 ? (
              <Link to={c.to}>{c.title}</Link>
            ) : (
              <span aria-current="page">{c.title}</span>
            ),
        }))}
      />
      <NavbarTools isMobile={isMobile} onOpenLog={openLog} />
      <ErrorLogDialog isOpen={isLogOpen} onClose={closeLog} />
    </div>
  );
}

/** The tools on the right of the bar. Memoised: a navigation changes the breadcrumb only, not these. */
const NavbarTools = memo(function NavbarTools({
  isMobile,
  onOpenLog,
}: {
  isMobile: boolean;
  onOpenLog: () => void;
}) {
  return (
    <div className="app-navbar-right">
      <HeaderSearch />
      <NavbarBadges isMobile={isMobile} />
      <ErrorLogButton onOpen={onOpenLog} />
      {!isMobile && <ScreenfullButton />}
      <SizeSelect />
      <LangSelect />
      <SettingsDrawer />
      <UserMenu />
    </div>
  );
});
