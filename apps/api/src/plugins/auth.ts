import { pickLang, TOKEN_COOKIE } from '@organiser/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { authenticate, readToken } from '../access/sessions';
import { AppError } from '../errors';
import { readCookie } from '../http/cookies';
import { AuthCache, registerAuthCache, shareAuthInvalidations } from '../security/auth-cache';
import { hasPermission } from '../security/permissions';

// Every request: pick the message language (onRequest), then, unless the route is public, turn the token into
// `request.auth` and enforce the route's `config.access`. The check runs in preParsing:
// after the security headers and the rate limit (onRequest hooks, so a refusal carries the headers and counts
// against the limit), and before the body is read, so a refused caller cannot make the server parse, validate
// or store anything.

const DOCS_URLS = ['/api/openapi.json', '/api/docs'];

export function isDocsUrl(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return DOCS_URLS.some((u) => path === u || path.startsWith(`${u}/`));
}

/** Who may read the OpenAPI document and Swagger UI: `apiDocs` of the deployment, else staff in production. */
export function docsAccess(app: FastifyInstance): 'public' | 'staff' {
  return app.config.deployment.apiDocs ?? (app.config.server.isProduction ? 'staff' : 'public');
}

/**
 * The API documents list every route and its access rule: with `staff`, only signed-in organiser staff read
 * them. A browser opening /api/docs sends the console's token cookie; API clients send X-Token.
 */
async function enforceDocs(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const token = readToken(request.headers) ?? readCookie(request.headers.cookie, TOKEN_COOKIE);
  const auth = await authenticate(app.db, app.config.deployment, token);
  request.auth = auth;
  if (auth.user.type !== 'admin') throw new AppError('forbidden');
}

async function enforce(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  if (isDocsUrl(request.url) && docsAccess(app) === 'staff') return enforceDocs(app, request);
  const access = request.routeOptions.config?.access;
  // No access = no route (the 404 handler); public routes need no token.
  if (!access || access.kind === 'public') return;
  const token = readToken(request.headers);
  // checked by authenticateFromBody once the body is read
  if (!token && access.kind === 'login' && access.tokenInBody) return;
  const auth = await authenticate(app.db, app.config.deployment, token);
  request.auth = auth;
  if (access.kind === 'login' || auth.user.isRoot) return;
  const allowed =
    access.kind === 'menu'
      ? await hasPermission(app.db, { userId: auth.user.id, type: 'menu', method: '', url: access.url })
      : await hasPermission(app.db, {
          userId: auth.user.id,
          type: 'resource',
          method: access.permissionMethod ?? (request.method === 'HEAD' ? 'GET' : request.method),
          url: request.routeOptions.url ?? '',
        });
  if (!allowed) throw new AppError('forbidden');
}

/**
 * preValidation of a route whose access says `tokenInBody`: without a header token, the body's `token` signs the
 * caller in (clients of the original system send it so); without either, the usual refusal.
 */
export async function authenticateFromBody(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  if (request.auth) return;
  const sent = (request.body as { token?: unknown } | undefined)?.token;
  const token = typeof sent === 'string' && sent.trim() ? sent.trim() : null;
  request.auth = await authenticate(this.db, this.config.deployment, token);
}

export function setupAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    const lang = typeof query?.lang === 'string' ? query.lang : null;
    request.lang = pickLang(lang, request.headers['accept-language'] ?? null);
  });
}

/** The access check; registered after helmet and the rate limit (see above). */
export function setupAccessCheck(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    await enforce(app, request);
    return payload;
  });
}

/** The in-process session and permission cache of this app (AUTH_CACHE_MS), its invalidations (and those of
 * the run-time settings) shared with the other API nodes through Redis when there is one. */
export async function setupAuthCache(app: FastifyInstance, redis: Redis | null): Promise<void> {
  const { server } = app.config;
  const unregister = registerAuthCache(app.db, new AuthCache(server.authCacheMs));
  const unshare =
    // shared even without an auth cache: run-time settings announce their changes on the same channel
    redis
      ? await shareAuthInvalidations(redis, server.redisPrefix, (error) =>
          app.log.warn({ err: error }, 'auth cache invalidation through redis failed'),
        )
      : null;
  app.addHook('onClose', async () => {
    unshare?.();
    unregister();
  });
}
