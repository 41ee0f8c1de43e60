import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type PublicConfig, TOKEN_COOKIE } from '@organiser/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';

// The console's index.html, as the server sends it for every page path. Two things are added to the built file so
// the first screen does not wait on round trips it can be spared:
// - the deployment's public configuration, inlined as JSON (the console reads it instead of calling /api/config);
// - for a visitor without a session cookie, who is about to see the login page, a preload of the captcha, so the
//   picture is fetched while the scripts download instead of after they have run.
// Each variant is rendered and compressed once, on first use, and again when the configuration changes (the site
// name and upload limits staff set at run time are part of it).

/** Pages a visitor without a session can open without being sent to the login page. */
const PUBLIC_PAGES = /^\/(404|401|auth-redirect|redirect\/)/;

/** JSON that cannot close the <script> element it is embedded in, nor start an HTML comment. */
const inlineJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

type Variant = { identity: Buffer; br?: Buffer; gzip?: Buffer };

export function createConsolePage(
  indexHtml: string,
  config: PublicConfig,
  current: () => Promise<PublicConfig> = async () => config,
) {
  let configJson = '';
  let configTag = '';
  const variants = new Map<string, Variant>();

  const render = (preloadCaptcha: boolean): Variant => {
    const key = preloadCaptcha ? 'login' : 'plain';
    const cached = variants.get(key);
    if (cached) return cached;
    // The captcha is preloaded only when the API is on this origin (a site variant may name another API base).
    const preload =
      preloadCaptcha && !config.site.apiBase
        ? '<link rel="preload" href="/api/user/captcha" as="fetch" crossorigin="anonymous">'
        : '';
    const tags = `${preload}${configTag}`;
    const html = indexHtml.includes('</head>')
      ? indexHtml.replace('</head>', `${tags}</head>`)
      : indexHtml.replace(/^(<!doctype html>)?/i, `$1${tags}`);
    const variant: Variant = { identity: Buffer.from(html, 'utf8') };
    variants.set(key, variant);
    return variant;
  };

  return {
    async send(request: FastifyRequest, reply: FastifyReply) {
      const json = inlineJson(await current());
      if (json !== configJson) {
        configJson = json;
        configTag = `<script id="public-config" type="application/json">${json}</script>`;
        variants.clear();
      }
      const path = request.url.split('?')[0] ?? '/';
      const cookies = request.headers.cookie ?? '';
      const hasSession = cookies.split(';').some((c) => c.trim().startsWith(`${TOKEN_COOKIE}=`));
      const variant = render(!hasSession && !PUBLIC_PAGES.test(path));
      const accepts = String(request.headers['accept-encoding'] ?? '');
      reply
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept-Encoding, Cookie')
        .type('text/html; charset=utf-8');
      if (/\bbr\b/.test(accepts)) {
        variant.br ??= brotliCompressSync(variant.identity, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 9 },
        });
        return reply.header('Content-Encoding', 'br').send(variant.br);
      }
      if (/\bgzip\b/.test(accepts)) {
        variant.gzip ??= gzipSync(variant.identity, { level: 9 });
        return reply.header('Content-Encoding', 'gzip').send(variant.gzip);
      }
      return reply.send(variant.identity);
    },
  };
}
