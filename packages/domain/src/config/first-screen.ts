import type { Language } from './constants';
import type { PublicConfig } from './schema';

/**
 * What the server gives the console's server build to render a signed-in page's first screen
 * (apps/console/src/server/first-screen.tsx, loaded by apps/api/src/plugins/first-screen.ts): what the browser
 * would have at boot.
 */
export type FirstScreenInput = {
  /** The page's path and query. */
  url: string;
  config: PublicConfig;
  lang: Language;
  /** The session's token (the page's cookie). */
  token: string;
  /** The answers written into the page, by call (`GET /api/dashboard?…`). */
  answers: Record<string, unknown>;
  /** The sidebar's and the size's cookies (`sidebarStatus`, `size`). */
  cookies: { sidebarStatus?: string; size?: string };
};
