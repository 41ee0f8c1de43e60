import { PassThrough, type Transform } from 'node:stream';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import {
  isHomePath,
  LOGO_DATA_URI,
  type PublicConfig,
  TOKEN_COOKIE,
  themeVariables,
} from '@organiser/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FirstScreen } from './first-screen';
import { HELD_INPUT_SCRIPT } from './held-input-script';
import {
  fillLoginShell,
  LOGIN_SHELL_ID,
  type LoginShellFill,
  loginShellBody,
  loginShellHead,
} from './login-shell';
import type { InlinedAnswers, SignedInPage } from './signed-in-answers';

// The console's index.html, as the server sends it for every page path. Some things are added to the built file so
// the first screen does not wait on round trips it can be spared:
// - the deployment's public configuration, inlined as JSON (the console reads it instead of calling /api/config);
// - for a visitor without a session cookie, who is about to see the login page, a captcha of its own in the form
//   (made per request by `fillLogin`), so the form works as it paints; without `fillLogin`, a preload of the
//   captcha, so the picture is fetched while the scripts download instead of after they have run;
// - for that visitor too, the login form as static HTML in place of the boot spinner (./login-shell.ts), and the
//   console's boot stylesheet inlined instead of linked, so the page paints from the first response without
//   waiting on any other request (the form is the same markup the console's login page renders).
// - for a visitor with a session, on a page behind the guard, the preloads the build wrote for a signed-in first
//   screen (the frame's code and stylesheet, and on the dashboard its charts' code), so they download beside the
//   entry's code instead of after it has run, and the answers that first screen asks for at boot (the session's
//   calls, the dashboard's figures), made while the page is served (`fillSignedIn`, ./signed-in-answers.ts);
//   every other page leaves those preloads out;
// - on the dashboard, the first screen itself rendered from those answers (`firstScreen`, ./first-screen.ts),
//   its stylesheets linked instead of preloaded, so the page paints the screen with its charts drawn, and the
//   theme's variables on <html> as the console sets them.
// Each variant is rendered and compressed once, on first use (the per-visitor parts of the login page and of a
// signed-in page are filled and compressed on each request), and again when the configuration changes (the site
// name and upload limits staff set at run time are part of it).

/** A preload the console's build wrote for one kind of first screen (`signed-in`, `home`). */
const FIRST_SCREEN_LINK = /\s*<link [^>]*data-first-screen="([\w-]+)"[^>]*>/g;

/** The page's text with the first-screen preloads of these kinds only. */
const withFirstScreens = (html: string, kinds: readonly string[]) =>
  html.replace(FIRST_SCREEN_LINK, (link, kind: string) => (kinds.includes(kind) ? link : ''));

/** The page a request gets: the login form, a signed-in first screen (the dashboard's, rendered by the server or
 * not, or another), or neither. */
type PageKind = 'login' | 'plain' | 'signed-in' | 'home' | 'rendered';

/** The first-screen preloads each kind of page keeps. */
const FIRST_SCREENS: Record<PageKind, readonly string[]> = {
  login: [],
  plain: [],
  'signed-in': ['signed-in'],
  home: ['signed-in', 'home'],
  rendered: ['signed-in', 'home'],
};

/** Pages a visitor without a session can open without being sent to the login page. */
const PUBLIC_PAGES = /^\/(404|401|auth-redirect|activate|redirect\/)/;

/** JSON that cannot close the <script> element it is embedded in, nor start an HTML comment. */
const inlineJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

type Variant = { identity: Buffer; br?: Buffer; gzip?: Buffer };

/** The boot spinner inside #root (apps/console/index.html). */
const BOOT_SPLASH = /<div id="boot-splash"[^>]*>[\s\S]*?<\/div>/;
/** The stylesheet links the build writes into <head>. */
const STYLESHEET = /<link rel="stylesheet"[^>]*? href="(\/assets\/[^"]+\.css)"[^>]*>/g;

/** Where the console renders: the first screen's markup goes in its place of the boot spinner. */
const ROOT = '<div id="root">';

/**
 * The dashboard's page when the server renders its first screen: the first-screen stylesheets linked (they style
 * the markup from its first paint) instead of preloaded, and the deployment's theme on <html>, as on the login page.
 * The frame's and the charts' code is not preloaded: the screen is painted from the markup, and that code (about
 * 2 MB to compile) would compete with the first paint for the processor; the console's boot asks for it.
 */
function asRenderedScreen(html: string, config: PublicConfig) {
  return withTheme(
    html
      .replace(
        /<link rel="preload" as="style"([^>]*data-first-screen="[\w-]+"[^>]*)>/g,
        (_link, rest: string) => `<link rel="stylesheet"${rest}>`,
      )
      .replace(/\s*<link rel="modulepreload"[^>]*data-first-screen="[\w-]+"[^>]*>/g, ''),
    config,
  );
}

/** The deployment's theme (its colour, dark or light) on <html>, as the console sets it before its first paint;
 * a user's own choice applies from sign-in on. */
function withTheme(html: string, config: PublicConfig) {
  const theme = Object.entries(themeVariables(config.ui.themeColor, config.ui.darkMode))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return html.replace(
    /<html\b/i,
    (tag) => `${tag} data-theme="${config.ui.darkMode ? 'dark' : 'light'}" style="${theme}"`,
  );
}

/**
 * The login variant's page: the static login form before #root (the spinner removed), and each stylesheet of the
 * build inlined when its file can be read. The link stays, disabled: a browser does not fetch a disabled
 * stylesheet, and the console's chunk loader, which adds a stylesheet a lazy chunk needs unless a link to it is in
 * the page, finds it and does not fetch it either.
 */
function withLoginShell(html: string, config: PublicConfig, readAsset: (href: string) => string | null) {
  if (!html.includes('<div id="root">') || html.includes(`id="${LOGIN_SHELL_ID}"`)) return html;
  const styled = html.replace(STYLESHEET, (link, href: string) => {
    const css = readAsset(href);
    if (css === null) return link;
    // `</` cannot occur in built CSS outside a string; escaped anyway so it can never close the element
    return `<style>${css.replace(/<\//g, '<\\/')}</style>${link.replace(/>$/, ' disabled>')}`;
  });
  // replacements are functions: a `$` in the configured texts must not be read as a replacement pattern
  return withTheme(styled, config)
    .replace('</head>', () => `${loginShellHead()}</head>`)
    .replace(BOOT_SPLASH, '')
    .replace('<div id="root">', () => `${loginShellBody(config)}<div id="root">`);
}

/** One visitor's parts of the login page (its captcha, a refused post's message), made per request. */
export type LoginFill = (request: FastifyRequest, reply: FastifyReply) => Promise<LoginShellFill>;

/** The answers a signed-in page's first screen will ask for, made per request (./signed-in-answers.ts). */
export type SignedInFill = (request: FastifyRequest, page: SignedInPage) => Promise<InlinedAnswers | null>;

/** The element the console reads the answers from at boot (apps/console/src/api/inlined-answers.ts). */
export const INLINED_ANSWERS_ID = 'inlined-answers';

/**
 * Brotli's quality for a page made per request (the login page with its own captcha): a few kilobytes more than
 * the best setting, for a fraction of a millisecond instead of several.
 */
const PER_REQUEST_QUALITY = 5;

function sendVariant(request: FastifyRequest, reply: FastifyReply, variant: Variant, quality: number) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) {
    variant.br ??= brotliCompressSync(variant.identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: quality },
    });
    return reply.header('Content-Encoding', 'br').send(variant.br);
  }
  if (/\bgzip\b/.test(accepts)) {
    variant.gzip ??= gzipSync(variant.identity, { level: quality === PER_REQUEST_QUALITY ? 6 : 9 });
    return reply.header('Content-Encoding', 'gzip').send(variant.gzip);
  }
  return reply.send(variant.identity);
}

/**
 * A page sent in two parts: `head` at once, so the browser starts on the files it names while the server makes
 * the rest, and what `rest` makes when it is ready (compressed as one stream, flushed between the two). The rest
 * is started once the head has been handed on, so that work (the embedded database's queries run on this thread)
 * never holds the head back.
 */
function sendInTwoParts(
  request: FastifyRequest,
  reply: FastifyReply,
  head: string,
  rest: () => Promise<string>,
) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  let stream: Transform;
  let flush = (done: () => void) => done();
  if (/\bbr\b/.test(accepts)) {
    const br = createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: PER_REQUEST_QUALITY } });
    flush = (done) => br.flush(constants.BROTLI_OPERATION_FLUSH, done);
    stream = br;
    reply.header('Content-Encoding', 'br');
  } else if (/\bgzip\b/.test(accepts)) {
    const gzip = createGzip({ level: 6 });
    flush = (done) => gzip.flush(constants.Z_SYNC_FLUSH, done);
    stream = gzip;
    reply.header('Content-Encoding', 'gzip');
  } else stream = new PassThrough();
  stream.write(head);
  flush(() =>
    setImmediate(() => {
      void rest().then((text) => stream.end(text));
    }),
  );
  return reply.send(stream);
}

export function createConsolePage(
  indexHtml: string,
  config: PublicConfig,
  current: () => Promise<PublicConfig> = async () => config,
  readAsset: (href: string) => string | null = () => null,
  fillLogin?: LoginFill,
  fillSignedIn?: SignedInFill,
  firstScreen?: { render: FirstScreen; load: (config: PublicConfig) => void; ready: () => boolean },
) {
  // The tab's icon from the page itself: one request less on every first load (the file stays for other uses)
  const pageHtml = indexHtml.replace(/href="\/favicon\.svg"/, () => `href="${LOGO_DATA_URI}"`);
  let configJson = '';
  let configTag = '';
  let live = config;
  const pages = new Map<string, string>();
  const variants = new Map<string, Variant>();

  /** The page's text; the login variant's with the slots its visitors' parts go into. */
  const render = (key: PageKind): string => {
    const forLogin = key === 'login';
    const cached = pages.get(key);
    if (cached !== undefined) return cached;
    // The captcha is preloaded only when the API is on this origin (a site variant may name another API base) and
    // the page does not carry one of its own.
    const preload =
      forLogin && !live.site.apiBase && !fillLogin
        ? '<link rel="preload" href="/api/user/captcha" as="fetch" crossorigin="anonymous">'
        : '';
    const tags = `${preload}${configTag}`;
    const kept = withFirstScreens(pageHtml, FIRST_SCREENS[key]);
    const page = forLogin
      ? withLoginShell(kept, live, readAsset)
      : key === 'rendered'
        ? asRenderedScreen(kept, live)
        : kept;
    const html = page.includes('</head>')
      ? page.replace('</head>', () => `${tags}</head>`)
      : page.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}${tags}`);
    pages.set(key, html);
    return html;
  };

  /** A page the same for every visitor, rendered and compressed once per configuration. */
  const shared = (key: PageKind): Variant => {
    let variant = variants.get(key);
    if (!variant) {
      const html = render(key);
      variant = { identity: Buffer.from(key === 'login' ? fillLoginShell(html) : html, 'utf8') };
      variants.set(key, variant);
    }
    return variant;
  };

  return {
    async send(request: FastifyRequest, reply: FastifyReply) {
      const now = await current();
      const json = inlineJson(now);
      if (json !== configJson) {
        configJson = json;
        live = now;
        configTag = `<script id="public-config" type="application/json">${json}</script>`;
        pages.clear();
        variants.clear();
      }
      const [path = '/', query = ''] = request.url.split('?');
      const cookies = request.headers.cookie ?? '';
      const hasSession = cookies.split(';').some((c) => c.trim().startsWith(`${TOKEN_COOKIE}=`));
      const isPublic = PUBLIC_PAGES.test(path);
      const kind: PageKind =
        !hasSession && !isPublic
          ? 'login'
          : hasSession && !isPublic && path !== '/login'
            ? isHomePath(path)
              ? firstScreen?.ready() && fillSignedIn && !live.site.apiBase
                ? 'rendered'
                : 'home'
              : 'signed-in'
            : 'plain';
      reply
        // a signed-in page may carry the person's own answers: never kept by a shared cache
        .header('Cache-Control', 'private, no-cache')
        .header('Vary', 'Accept-Encoding, Cookie')
        .type('text/html; charset=utf-8');
      if (kind === 'login' && fillLogin && !live.site.apiBase) {
        const html = fillLoginShell(render('login'), await fillLogin(request, reply));
        return sendVariant(request, reply, { identity: Buffer.from(html, 'utf8') }, PER_REQUEST_QUALITY);
      }
      if (kind !== 'login' && kind !== 'plain' && fillSignedIn && !live.site.apiBase) {
        const html = render(kind);
        const end = html.lastIndexOf('</body>');
        const root = html.indexOf(ROOT);
        // the dashboard's first screen goes into #root, in the second part; every other page keeps its spinner
        const split = kind === 'rendered' && root >= 0 && root < end ? root : end;
        // the renderer is loaded on a node's first signed-in page
        firstScreen?.load(live);
        if (end >= 0) {
          const config = live;
          // the answers at the end of the page: the preloads in its head are fetched while they are made
          const rest = async () => {
            let inlined: InlinedAnswers | null = null;
            try {
              inlined = await fillSignedIn(request, { path, search: new URLSearchParams(query) });
            } catch (error) {
              // the console makes the calls itself
              request.log.warn({ err: error }, 'the answers of a signed-in page could not be made');
            }
            const screen =
              inlined && firstScreen && split === root
                ? await firstScreen.render(request, inlined, config).catch((error: unknown) => {
                    request.log.warn({ err: error }, 'the first screen could not be rendered');
                    return null;
                  })
                : null;
            const body = html.slice(split, end);
            const answers = inlined
              ? `<script id="${INLINED_ANSWERS_ID}" type="application/json">${inlineJson(inlined)}</script>`
              : '';
            // the screen is painted before any script of the console has run: the script before it holds what is
            // clicked or pressed on it until the console's boot takes over
            const shown = screen ? `${HELD_INPUT_SCRIPT}${body.replace(BOOT_SPLASH, () => screen)}` : body;
            return `${shown}${answers}${html.slice(end)}`;
          };
          return sendInTwoParts(request, reply, html.slice(0, split), rest);
        }
      }
      // made once per variant and configuration: the smallest page is worth the slowest setting
      return sendVariant(request, reply, shared(kind), constants.BROTLI_MAX_QUALITY);
    },
  };
}
