import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type FirstScreenInput, type PublicConfig, TOKEN_COOKIE } from '@organiser/domain';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { readCookie } from '../http/cookies';
import type { InlinedAnswers } from './signed-in-answers';

// The signed-in dashboard's first screen as markup: the console's own components rendered by its server build
// (apps/console/src/server/first-screen.tsx, built into apps/console/dist-server beside the console's files) from
// the answers already made for the page (./signed-in-answers.ts), so that the page paints the screen, its charts
// drawn, before the console's code has arrived. The build is loaded on the first signed-in page a node serves, in
// the background (about 75 MB of memory, paid only where someone signs in); until it has loaded, and whenever it
// cannot render, the page is sent as before and the console renders it in the browser.

type FirstScreenModule = {
  prepareFirstScreen: (config: PublicConfig) => Promise<void>;
  renderFirstScreen: (input: FirstScreenInput) => Promise<string | null>;
};

/** The markup of a signed-in page's first screen for `#root`, or null when there is none (yet). */
export type FirstScreen = (
  request: FastifyRequest,
  inlined: InlinedAnswers,
  config: PublicConfig,
) => Promise<string | null>;

/** Whether this node renders first screens: the console's server build is there. */
export const firstScreenFile = (consoleDist: string) =>
  path.join(path.dirname(path.resolve(consoleDist)), 'dist-server', 'first-screen.js');

/** The renderer: `load` starts loading the server build (once), `ready` says whether it has loaded. */
export function firstScreenRenderer(consoleDist: string, log: FastifyBaseLogger) {
  const file = firstScreenFile(consoleDist);
  if (!existsSync(file)) return undefined;
  let started = false;
  let loaded: FirstScreenModule | undefined;
  const load = (config: PublicConfig) => {
    if (started) return;
    started = true;
    void (import(pathToFileURL(file).href) as Promise<FirstScreenModule>)
      .then(async (module) => {
        await module.prepareFirstScreen(config);
        loaded = module;
      })
      .catch((error: unknown) => {
        // left off for this node's life: the console renders its screens itself, as it does without the build
        log.warn({ err: error }, 'the first screen renderer could not be loaded');
      });
  };
  const render: FirstScreen = async (request, inlined, config) => {
    if (!loaded) return null;
    const token = readCookie(request.headers.cookie, TOKEN_COOKIE);
    if (!token) return null;
    return loaded.renderFirstScreen({
      url: request.url,
      config,
      lang: inlined.lang,
      token,
      answers: inlined.answers,
      cookies: {
        sidebarStatus: readCookie(request.headers.cookie, 'sidebarStatus') ?? undefined,
        size: readCookie(request.headers.cookie, 'size') ?? undefined,
      },
    });
  };
  return { render, load, ready: () => loaded !== undefined };
}
