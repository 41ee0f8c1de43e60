import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LOGO_DATA_URI, type PublicConfig, TOKEN_COOKIE, themeVariables } from '@organiser/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  fillLoginShell,
  LOGIN_SHELL_ID,
  type LoginShellFill,
  loginShellBody,
  loginShellHead,
} from './login-shell';

// The console's index.html, as the server sends it for every page path. Two things are added to the built file so
// the first screen does not wait on round trips it can be spared:
// - the deployment's public configuration, inlined as JSON (the console reads it instead of calling /api/config);
// - for a visitor without a session cookie, who is about to see the login page, a captcha of its own in the form
//   (made per request by `fillLogin`), so the form works as it paints; without `fillLogin`, a preload of the
//   captcha, so the picture is fetched while the scripts download instead of after they have run;
// - for that visitor too, the login form as static HTML in place of the boot spinner (./login-shell.ts), and the
//   console's boot stylesheet inlined instead of linked, so the page paints from the first response without
//   waiting on any other request (the form is the same markup the console's login page renders).
// Each variant is rendered and compressed once, on first use (the login page's per-visitor parts are filled and
// compressed on each request), and again when the configuration changes (the site
// name and upload limits staff set at run time are part of it).

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
  // The deployment's theme (its colour, dark or light) as the console sets it on <html> before its first paint;
  // a user's own choice applies from sign-in on.
  const theme = Object.entries(themeVariables(config.ui.themeColor, config.ui.darkMode))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  // replacements are functions: a `$` in the configured texts must not be read as a replacement pattern
  return styled
    .replace(
      /<html\b/i,
      (tag) => `${tag} data-theme="${config.ui.darkMode ? 'dark' : 'light'}" style="${theme}"`,
    )
    .replace('</head>', () => `${loginShellHead()}</head>`)
    .replace(BOOT_SPLASH, '')
    .replace('<div id="root">', () => `${loginShellBody(config)}<div id="root">`);
}

/** One visitor's parts of the login page (its captcha, a refused post's message), made per request. */
export type LoginFill = (request: FastifyRequest, reply: FastifyReply) => Promise<LoginShellFill>;

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

export function createConsolePage(
  indexHtml: string,
  config: PublicConfig,
  current: () => Promise<PublicConfig> = async () => config,
  readAsset: (href: string) => string | null = () => null,
  fillLogin?: LoginFill,
) {
  // The tab's icon from the page itself: one request less on every first load (the file stays for other uses)
  const pageHtml = indexHtml.replace(/href="\/favicon\.svg"/, () => `href="${LOGO_DATA_URI}"`);
  let configJson = '';
  let configTag = '';
  let live = config;
  const pages = new Map<string, string>();
  const variants = new Map<string, Variant>();

  /** The page's text; the login variant's with the slots its visitors' parts go into. */
  const render = (forLogin: boolean): string => {
    const key = forLogin ? 'login' : 'plain';
    const cached = pages.get(key);
    if (cached !== undefined) return cached;
    // The captcha is preloaded only when the API is on this origin (a site variant may name another API base) and
    // the page does not carry one of its own.
    const preload =
      forLogin && !live.site.apiBase && !fillLogin
        ? '<link rel="preload" href="/api/user/captcha" as="fetch" crossorigin="anonymous">'
        : '';
    const tags = `${preload}${configTag}`;
    const page = forLogin ? withLoginShell(pageHtml, live, readAsset) : pageHtml;
    const html = page.includes('</head>')
      ? page.replace('</head>', () => `${tags}</head>`)
      : page.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}${tags}`);
    pages.set(key, html);
    return html;
  };

  /** A page the same for every visitor, rendered and compressed once per configuration. */
  const shared = (forLogin: boolean): Variant => {
    const key = forLogin ? 'login' : 'plain';
    let variant = variants.get(key);
    if (!variant) {
      const html = render(forLogin);
      variant = { identity: Buffer.from(forLogin ? fillLoginShell(html) : html, 'utf8') };
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
      const path = request.url.split('?')[0] ?? '/';
      const cookies = request.headers.cookie ?? '';
      const hasSession = cookies.split(';').some((c) => c.trim().startsWith(`${TOKEN_COOKIE}=`));
      const forLogin = !hasSession && !PUBLIC_PAGES.test(path);
      reply
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept-Encoding, Cookie')
        .type('text/html; charset=utf-8');
      if (forLogin && fillLogin && !live.site.apiBase) {
        const html = fillLoginShell(render(true), await fillLogin(request, reply));
        return sendVariant(request, reply, { identity: Buffer.from(html, 'utf8') }, PER_REQUEST_QUALITY);
      }
      // made once per variant and configuration: the smallest page is worth the slowest setting
      return sendVariant(request, reply, shared(forLogin), constants.BROTLI_MAX_QUALITY);
    },
  };
}
