import { Drawer, theme } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useDocumentTitle } from '../app/document-title';
import { pick } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';
import { activeMenuOf, resolveLocation } from '../navigation/visible-routes';
import { useVisibleRoutes } from '../navigation/visible-routes-context';
import {
  appStore,
  closeSidebar,
  deviceFor,
  pageWidth,
  setDevice,
  useApp,
  useSettings,
} from '../state/app-settings';
import { useStore } from '../state/store';
import { addView, tagFor, tagsStore, withAffix } from '../state/tags-view';
import { buildCrumbs } from './breadcrumb-items';
import './layout.css';
import { Navbar } from './navbar';
import { PageHost } from './page-host';
import { Sidebar } from './sidebar';
import { TagsView } from './tags-view';
import { useIdlePrefetch } from './use-prefetch-route';

/** Desktop or mobile from the window width, on mount and on resize. */
function useDeviceWatcher() {
  useEffect(() => {
    const check = () => {
      if (!document.hidden) setDevice(deviceFor(pageWidth()));
    };
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, []);
}

/** The frame around every signed-in page. */
export function AppLayout() {
  const { t } = useTranslation();
  const lang = useLang();
  const location = useLocation();
  const visible = useVisibleRoutes();
  const { token } = theme.useToken();
  const isSidebarOpen = useApp((s) => s.isSidebarOpen);
  const isMobile = useApp((s) => s.device === 'mobile');
  const settings = useSettings((s) => s);
  const views = useStore(tagsStore);
  const mainRef = useRef<HTMLElement>(null);
  const isFirstPath = useRef(true);
  useDeviceWatcher();
  useIdlePrefetch();

  const resolution = useMemo(() => resolveLocation(location.pathname, visible), [location.pathname, visible]);
  const route = resolution.kind === 'page' ? resolution.route : undefined;
  useDocumentTitle(route ? pick(route.title, lang) : undefined);

  const affix = useMemo(
    () => visible.flat.filter((r) => r.affix && !r.isGroup).map((r) => tagFor(r, r.fullPath)),
    [visible.flat],
  );

  // every page visited becomes (or updates) a tab
  useEffect(() => {
    if (!route) return;
    tagsStore.set((list) =>
      addView(withAffix(list, affix), tagFor(route, location.pathname, location.search)),
    );
  }, [route, affix, location.pathname, location.search]);

  // mobile: the drawer closes on navigation; focus moves to the page for keyboard and screen-reader users
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of page (not of its query)
  useEffect(() => {
    if (isFirstPath.current) {
      isFirstPath.current = false;
      return;
    }
    closeSidebarOnMobile();
    // In the frame that shows the page, not in the render that made it: focusing makes the browser compute the new
    // page's styles at once, and the changes the render's other effects make would have them computed again
    // before the page is painted.
    const frame = requestAnimationFrame(() => mainRef.current?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, [location.pathname]);

  const groupRedirects = useMemo(
    () => new Map(visible.tree.filter((n) => n.redirect).map((n) => [n.path, n.redirect!])),
    [visible.tree],
  );
  const crumbs = useMemo(
    () => (route ? buildCrumbs(route, visible.flat, lang, groupRedirects) : []),
    [route, visible.flat, lang, groupRedirects],
  );

  if (location.pathname === '/error/404') return <Navigate to="/404" replace />;
  if (location.pathname === '/error/401') return <Navigate to="/401" replace />;
  if (resolution.kind === 'redirect') return <Navigate to={`${resolution.to}${location.search}`} replace />;
  if (resolution.kind === 'forbidden') return <Navigate to="/401" replace />;
  if (resolution.kind === 'not-found' || !route) return <Navigate to="/404" replace />;

  const isCollapsed = !isMobile && !isSidebarOpen;
  const sidebar = (
    <Sidebar selectedKey={activeMenuOf(route)} isCollapsed={isCollapsed} hasLogo={settings.sidebarLogo} />
  );
  const classes = [
    'app-wrapper',
    isMobile ? 'is-mobile' : 'is-desktop',
    isCollapsed ? 'is-collapsed' : '',
    settings.fixedHeader ? 'has-fixed-header' : '',
    settings.tagsView ? 'has-tags' : '',
  ];

  return (
    <div
      className={classes.filter(Boolean).join(' ')}
      style={
        {
          '--app-layout-bg': token.colorBgLayout,
          '--app-surface': token.colorBgContainer,
          '--app-border': token.colorBorderSecondary,
          '--app-text': token.colorText,
          '--app-text-secondary': token.colorTextSecondary,
        } as React.CSSProperties
      }
    >
      <a className="app-skip-link" href="#main-content">
        {t('app.skipToContent')}
      </a>
      {isMobile ? (
        <Drawer
          open={isSidebarOpen}
          onClose={closeSidebar}
          placement="left"
          size={210}
          closable={false}
          aria-label={t('layout.mainMenu')}
          className="app-sidebar-drawer"
          styles={{ body: { padding: 0 } }}
        >
          <aside className="app-sidebar is-in-drawer">{sidebar}</aside>
        </Drawer>
      ) : (
        <aside className="app-sidebar">{sidebar}</aside>
      )}
      <div className="app-main-container">
        <header className="app-header">
          <Navbar crumbs={crumbs} />
          {settings.tagsView && <TagsView currentPath={location.pathname} />}
        </header>
        <main id="main-content" ref={mainRef} tabIndex={-1} className="app-main">
          <PageHost
            location={location}
            route={route}
            views={views}
            flat={visible.flat}
            isKeepAlive={settings.tagsView}
          />
        </main>
      </div>
    </div>
  );
}

function closeSidebarOnMobile() {
  if (appStore.get().device === 'mobile') closeSidebar();
}
