import { pickLang } from '@organiser/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../errors';
import { AuthCache, registerAuthCache, shareAuthInvalidations } from '../modules/auth/auth-cache';
import { authenticate, readToken } from '../modules/auth/sessions';
import { hasPermission } from '../modules/auth/user-info';

// Every request: pick the message language, then, unless the route is public, turn the token into
// `request.auth` and enforce the route's `config.access` (TEAM.md "Access"). This runs in onRequest, before
// the body is read, so a refused caller cannot make the server parse, validate or store anything.

async function enforce(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const access = request.routeOptions.config?.access;
  // No access = no route (the 404 handler); public routes need no token.
  if (!access || access.kind === 'public') return;
  const auth = await authenticate(app.db, app.config.deployment, readToken(request.headers));
  request.auth = auth;
  if (access.kind === 'login' || auth.user.isRoot) return;
  const allowed =
    access.kind === 'menu'
      ? await hasPermission(app.db, { userId: auth.user.id, type: 'menu', method: '', url: access.url })
      : await hasPermission(app.db, {
          userId: auth.user.id,
          type: 'resource',
          method: request.method === 'HEAD' ? 'GET' : request.method,
          url: request.routeOptions.url ?? '',
        });
  if (!allowed) throw new AppError('forbidden');
}

export function setupAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    const lang = typeof query?.lang === 'string' ? query.lang : null;
    request.lang = pickLang(lang, request.headers['accept-language'] ?? null);
    await enforce(app, request);
  });
}

/** The in-process session and permission cache of this app (AUTH_CACHE_MS), its invalidations shared with
 * the other API nodes through Redis when there is one. */
export async function setupAuthCache(app: FastifyInstance, redis: Redis | null): Promise<void> {
  const { server } = app.config;
  const unregister = registerAuthCache(app.db, new AuthCache(server.authCacheMs));
  const unshare =
    redis && server.authCacheMs > 0
      ? await shareAuthInvalidations(redis, server.redisPrefix, (error) =>
          app.log.warn({ err: error }, 'auth cache invalidation through redis failed'),
        )
      : null;
  app.addHook('onClose', async () => {
    unshare?.();
    unregister();
  });
}
