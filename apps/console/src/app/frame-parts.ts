import { HOME_PATH } from '@organiser/domain';
import { appLayout } from './layout-part';
import { readyLazy } from './ready-lazy';

// The signed-in frame's parts, each loaded when first needed or ahead of it (./preload-frame.ts), and then rendered
// without suspending.

/** antd's providers around every screen but the login page. */
export const themedFrame = readyLazy(
  () => import('./themed-providers'),
  (m) => m.default,
);

/** The guard's shell with the server-state cache. */
export const protectedArea = readyLazy(
  () => import('./protected-shell'),
  (m) => m.ProtectedArea,
);

/** The three, loaded together. */
export const preloadFrameParts = () =>
  Promise.all([themedFrame.preload(), protectedArea.preload(), appLayout.preload()]);

/** The code of the page at a path (`/` leads to the home page), by the whole catalogue: the guard decides later
 * whether it shows. */
export async function preloadPageAt(pathname: string): Promise<unknown> {
  const [navigation, pages] = await Promise.all([
    import('../navigation/visible-routes'),
    import('../pages/registry'),
  ]);
  const path = pathname === '/' ? HOME_PATH : pathname;
  return pages.resolvePage(navigation.layoutRouteAt(path)?.view)?.preload();
}
