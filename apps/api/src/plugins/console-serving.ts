import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { type PublicConfig, toPublicConfig } from '@organiser/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { createConsolePage, type LoginFill } from './console-page';
import { sendError } from './envelope';
import { firstScreenRenderer } from './first-screen';
import { DOCUMENT_ONLY_HEADERS } from './security-headers';
import { signedInAnswers } from './signed-in-answers';

// The console's build served by the API: its files (compressed as the client accepts, assets cached for
// good), every page path answered with index.html with the configuration inlined (the login page rendered
// with its form), and the not-found answers of the API and of the build.

/** The build's files that are never opened as a document (not SVG or HTML, which can run scripts). */
const SUBRESOURCE_FILE = /\.(js|mjs|css|woff2?|ttf|png|jpe?g|webp|gif|ico|map)$/;

/** A path whose last part names a file: a name with an extension, not a dotfile. */
const FILE_PATH = /\/[^/.][^/]*\.[^/]+$/;

export async function setupConsoleServing(
  app: FastifyInstance,
  page: { runTimeConfig: () => Promise<PublicConfig>; loginPageFill: LoginFill },
): Promise<void> {
  const { server, deployment } = app.config;
  const consoleIndex = path.join(server.consoleDist, 'index.html');
  const hasConsole = existsSync(consoleIndex);
  const consolePage = hasConsole
    ? createConsolePage(
        readFileSync(consoleIndex, 'utf8'),
        toPublicConfig(deployment),
        page.runTimeConfig,
        // the build's stylesheets, inlined into the login page (read once per rendered variant)
        (href) => {
          const dist = path.resolve(server.consoleDist);
          const file = path.resolve(dist, `.${href}`);
          if (!file.startsWith(dist + path.sep) || !existsSync(file)) return null;
          return readFileSync(file, 'utf8');
        },
        page.loginPageFill,
        // the answers a signed-in first screen asks for at boot, in its page
        signedInAnswers(app),
        // the dashboard's first screen rendered from them, when the console's server build is there
        firstScreenRenderer(server.consoleDist, app.log),
      )
    : null;
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: server.consoleDist,
      prefix: '/',
      // One route for every file, looked up when asked, rather than a route per file set up at every start. Only
      // a path whose last part names a file (`/assets/x.js`, `/favicon.svg`) is looked up: `/`, every page path,
      // a dotfile (the build stamp) and index.html itself get index.html with the configuration inlined (the
      // not-found handler below).
      wildcard: true,
      allowedPath: (pathname: string) => FILE_PATH.test(pathname) && !pathname.endsWith('/index.html'),
      dotfiles: 'ignore',
      index: false,
      // the build writes .br and .gz beside each asset (apps/console/vite.config.ts): sent as the client accepts
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const isAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
        // A script, stylesheet or font of the build runs under the page's policy, never as a page of its own: the
        // headers that only a document reads are left off (about 600 bytes on each of the dozens of files a page
        // loads); nosniff, the resource policy and HSTS stay.
        if (isAsset && SUBRESOURCE_FILE.test(filePath))
          for (const name of DOCUMENT_ONLY_HEADERS) res.raw.removeHeader(name);
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const isApi = urlPath === '/api' || urlPath.startsWith('/api/');
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !isApi && !urlPath.startsWith('/uploads/');
    // A file the build does not have (a chunk of an earlier build, a mistyped asset) is a 404, never the page: a
    // script or stylesheet answered with HTML fails in the browser with a misleading type error.
    if (isPage && consolePage && FILE_PATH.test(urlPath) && !urlPath.endsWith('/index.html'))
      return sendError(request, reply, new AppError('fileNotFound', { params: { url: urlPath } }));
    // History-mode console: every other page path is the console's index.html.
    if (isPage && consolePage) return consolePage.send(request, reply);
    if (isPage) return sendError(request, reply, new AppError('consoleNotBuilt'));
    return sendError(
      request,
      reply,
      new AppError('routeNotFound', { params: { method: request.method, url: urlPath } }),
    );
  });
}
