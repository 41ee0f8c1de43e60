import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type FirstScreenInput, type PublicConfig, TOKEN_COOKIE } from '@organiser/domain';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { readCookie } from '../http/cookies';
import type { InlinedAnswers } from './signed-in-answers';

// The signed-in dashboard's first screen as markup: the console's own components rendered by its server build
// (apps/console/src/server/first-screen.tsx, built into apps/console/dist-server beside the console's files) from
// the answers already made for the page (./signed-in-answers.ts), so that the page paints the screen, its charts
// drawn, before the console's code has arrived.
//
// The build runs in a thread of its own (first-screen-worker.js), started on the first signed-in page a node
// serves (about 80 MB of memory, paid only where someone signs in): a render never holds up this thread's other
// requests. Until it is ready, when a render takes longer than RENDER_LIMIT_MS, and whenever it cannot render,
// the page is sent without the screen and the console renders it in the browser, as it does without the build.

/** What the renderer's thread is asked and answers (apps/console/src/server/first-screen-worker.ts). */
type Request = { id: number; prepare: PublicConfig } | { id: number; render: FirstScreenInput };
type Reply = { id: number; html: string | null };

/** The longest a page waits for its first screen: past it, the page goes without. */
const RENDER_LIMIT_MS = 2_000;

/** The markup of a signed-in page's first screen for `#root`, or null when there is none (yet). */
export type FirstScreen = (
  request: FastifyRequest,
  inlined: InlinedAnswers,
  config: PublicConfig,
) => Promise<string | null>;

/** The renderer's file: the console's server build, beside its build for the browser. */
export const firstScreenFile = (consoleDist: string) =>
  path.join(path.dirname(path.resolve(consoleDist)), 'dist-server', 'first-screen-worker.js');

/** The renderer: `load` starts its thread (once), `ready` says whether it can render, `render` asks it. */
export function firstScreenRenderer(consoleDist: string, log: FastifyBaseLogger) {
  const file = firstScreenFile(consoleDist);
  if (!existsSync(file)) return undefined;
  let worker: Worker | undefined;
  let ready = false;
  let lastId = 0;
  const pending = new Map<number, (html: string | null) => void>();

  const ask = (request: Omit<Request, 'id'>, limitMs: number): Promise<string | null> => {
    const thread = worker;
    if (!thread) return Promise.resolve(null);
    const id = ++lastId;
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle(null), limitMs);
      function settle(html: string | null) {
        clearTimeout(timer);
        pending.delete(id);
        resolve(html);
      }
      pending.set(id, settle);
      thread.postMessage({ ...request, id } as Request);
    });
  };

  const load = (config: PublicConfig) => {
    if (worker) return;
    const thread = new Worker(pathToFileURL(file));
    worker = thread;
    // the thread never keeps the process from ending
    thread.unref();
    thread.on('message', (reply: Reply) => pending.get(reply.id)?.(reply.html));
    const stop = (error?: unknown) => {
      // left off for this node's life: the console renders its screens itself, as it does without the build
      if (error) log.warn({ err: error }, 'the first screen renderer stopped');
      ready = false;
      for (const settle of [...pending.values()]) settle(null);
    };
    thread.on('error', stop);
    thread.on('exit', (code) => stop(code === 0 ? undefined : new Error(`exit code ${code}`)));
    void ask({ prepare: config }, 60_000).then((done) => {
      ready = done !== null && worker === thread;
    });
  };

  const render: FirstScreen = async (request, inlined, config) => {
    const token = readCookie(request.headers.cookie, TOKEN_COOKIE);
    if (!ready || !token) return null;
    const cookie = (name: string) => readCookie(request.headers.cookie, name) ?? undefined;
    return ask(
      {
        render: {
          url: request.url,
          config,
          lang: inlined.lang,
          token,
          answers: inlined.answers,
          cookies: { sidebarStatus: cookie('sidebarStatus'), size: cookie('size') },
        },
      },
      RENDER_LIMIT_MS,
    );
  };

  return { render, load, ready: () => ready };
}
