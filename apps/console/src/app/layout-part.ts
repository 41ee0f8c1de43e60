import { readyLazy } from './ready-lazy';

/** The frame around every signed-in page (menu, navbar, tabs), loaded when first needed or ahead of it
 * (./frame-parts.ts), then rendered without suspending. */
export const appLayout = readyLazy(
  () => import('../layout/app-layout'),
  (m) => m.AppLayout,
);
