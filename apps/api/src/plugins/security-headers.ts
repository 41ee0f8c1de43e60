import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { HELD_INPUT_SCRIPT_HASH } from './held-input-script';
import { LOGIN_SHELL_SCRIPT_HASH } from './login-shell';

// The security headers of every answer (helmet): the content security policy of the console's pages (its
// own scripts, the login page's one inline script, the API and file origins the deployment names), framing
// by the console only, and the rest of helmet's defaults. The headers do not depend on the request: helmet
// works them out once, at start, and every answer gets that list (helmet's own Fastify plugin builds its
// middleware again on every request, which cost a cheap list request about 4 % of its time).

/** Helmet's headers that only a document (a page, an SVG opened on its own) reads. */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

export async function setupSecurityHeaders(app: FastifyInstance): Promise<void> {
  const { server, deployment } = app.config;
  const apiOrigins = Object.values(deployment.site.variants)
    .map((v) => (v?.apiBase ? originOf(v.apiBase) : null))
    .filter((o): o is string => Boolean(o));
  const fileOrigin = server.s3 ? originOf(server.s3.publicUrl) : null;
  const options: HelmetOptions = {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // the login page's first HTML picks its language with one small inline script (plugins/login-shell.ts); the
        // dashboard's rendered first screen holds early clicks with another (plugins/held-input-script.ts)
        scriptSrc: ["'self'", LOGIN_SHELL_SCRIPT_HASH, HELD_INPUT_SCRIPT_HASH],
        // antd writes its styles into <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(fileOrigin ? [fileOrigin] : [])],
        mediaSrc: ["'self'", 'blob:', ...(fileOrigin ? [fileOrigin] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...apiOrigins],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  };
  const { set, removed } = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    const res = reply.raw;
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    done();
  });
}

/** What helmet's middleware does to an answer with these options, in its order: the headers it sets and
 * those it removes. None of the options depends on the request (no nonce, no directive computed per request). */
function helmetHeaders(options: HelmetOptions): { set: [string, string][]; removed: string[] } {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string) {
      set.push([name, value]);
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return { set, removed };
}
