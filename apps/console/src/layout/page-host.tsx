import type { FlatRoute } from '@organiser/domain';
import { findRoute } from '@organiser/domain';
import {
  memo,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { type Location, Route, Routes, UNSAFE_LocationContext, UNSAFE_RouteContext } from 'react-router';
import { ProgressFallback } from '../app/root-frame';
import { Loading } from '../components/loading';
import { PageErrorBoundary } from '../components/page-error-boundary';
import { resolvePage } from '../pages/registry';
import { UnavailablePage } from '../pages/unavailable/unavailable-page';
import type { TagView } from '../state/tags-view';

type Slot = { path: string; route: FlatRoute; location: Location; version: number; isActive: boolean };

function PageFallback() {
  return (
    <>
      <ProgressFallback />
      <Loading className="app-page-loading" />
    </>
  );
}

/**
 * The router's location and route for a page as they were when it was opened. A page renders its own location
 * (`<Routes location>`), but the router's `Routes` also reads the router's current location and route, and gives
 * the page a new location context whenever they change: every navigation rendered every page kept behind a tab
 * again, tables and all. Read here instead, where a change renders only this component: its children are the same
 * elements as before, and the values it provides stay as they were.
 */
export function OwnRouting({ children }: { children: ReactNode }) {
  const route = useContext(UNSAFE_RouteContext);
  const location = useContext(UNSAFE_LocationContext);
  const [opened] = useState(() => ({ route, location }));
  return (
    <UNSAFE_LocationContext.Provider value={opened.location}>
      <UNSAFE_RouteContext.Provider value={opened.route}>{children}</UNSAFE_RouteContext.Provider>
    </UNSAFE_LocationContext.Provider>
  );
}

/** A page and its boundaries. Memoised: a navigation re-renders the host, and the pages kept behind other tabs
 * (whose path, route, location and version did not change) are skipped instead of rendered again. */
const PageSlot = memo(
  function PageSlot({ slot }: { slot: Slot }) {
    const Page = resolvePage(slot.route.view)?.Component;
    const params = findRoute([slot.route], slot.path)?.params ?? {};
    const element = Page ? (
      <Page route={slot.route} params={params} />
    ) : (
      <UnavailablePage route={slot.route} />
    );
    return (
      <PageErrorBoundary name={slot.route.name}>
        <Suspense fallback={<PageFallback />}>
          {/* each page sees its own location (a background tab keeps the URL state it had) and its params */}
          <OwnRouting>
            <Routes location={slot.location}>
              <Route path={slot.route.fullPath} element={element} />
            </Routes>
          </OwnRouting>
        </Suspense>
      </PageErrorBoundary>
    );
  },
  (before, after) =>
    before.slot.path === after.slot.path &&
    before.slot.route === after.slot.route &&
    before.slot.location === after.slot.location &&
    before.slot.version === after.slot.version,
);

type Props = {
  location: Location;
  route: FlatRoute;
  views: TagView[];
  flat: FlatRoute[];
  /** Keep background tabs mounted (tags view on). */
  isKeepAlive: boolean;
};

/**
 * Renders the current page and keeps the pages of other open tabs mounted but hidden, keyed by path, so their
 * state (filters, page, scroll, unsaved input) survives switching tabs. Routes marked
 * `noCache` (forms) are not kept. Refresh bumps a tab's version, which remounts its page.
 */
export function PageHost({ location, route, views, flat, isKeepAlive }: Props) {
  const locations = useRef(new Map<string, Location>());
  const scroll = useRef(new Map<string, number>());
  const activePath = useRef(location.pathname);
  locations.current.set(location.pathname, location);

  // forget closed tabs
  for (const path of [...locations.current.keys()]) {
    if (path !== location.pathname && !views.some((v) => v.path === path)) {
      locations.current.delete(path);
      scroll.current.delete(path);
    }
  }

  useEffect(() => {
    const onScroll = () => scroll.current.set(activePath.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // The tabs open before this render: a page that was not among them is opened anew (from the menu, a link, a
  // closed tab reopened) and starts at the top, whatever position was last seen at that path.
  const openBefore = useRef(new Set<string>());
  useLayoutEffect(() => {
    activePath.current = location.pathname;
    if (!openBefore.current.has(location.pathname)) scroll.current.delete(location.pathname);
    window.scrollTo?.(0, scroll.current.get(location.pathname) ?? 0);
  }, [location.pathname]);
  useEffect(() => {
    openBefore.current = new Set([...views.map((v) => v.path), location.pathname]);
  });

  const slots: Slot[] = [];
  const current = views.find((v) => v.path === location.pathname);
  if (isKeepAlive) {
    for (const view of views) {
      if (view.path === location.pathname || view.noCache) continue;
      const kept = locations.current.get(view.path);
      const keptRoute = kept && findRoute(flat, view.path)?.route;
      if (kept && keptRoute) {
        slots.push({
          path: view.path,
          route: keptRoute,
          location: kept,
          version: view.version,
          isActive: false,
        });
      }
    }
  }
  slots.push({ path: location.pathname, route, location, version: current?.version ?? 0, isActive: true });
  // stable order keeps React from remounting a page when it moves between active and background
  const order = new Map(views.map((v, i) => [v.path, i]));
  slots.sort(
    (a, b) => (order.get(a.path) ?? Number.MAX_SAFE_INTEGER) - (order.get(b.path) ?? Number.MAX_SAFE_INTEGER),
  );

  return (
    <>
      {slots.map((slot) => (
        <div key={slot.path} className="app-page" hidden={!slot.isActive} data-page={slot.route.name}>
          <PageSlot key={slot.version} slot={slot} />
        </div>
      ))}
    </>
  );
}
