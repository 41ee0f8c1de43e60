import { pickLang } from '@organiser/domain';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { checkRouteAccess } from '../access/access-check';
import { AuthCache, registerAuthCache, shareAuthInvalidations } from '../access/auth-cache';

// Every request: pick the message language (onRequest), then, unless the route is public, turn the token into
// `request.auth` and enforce the route's `config.access` (access/access-check.ts). The check runs in preParsing:
// after the security headers and the rate limit (onRequest hooks, so a refusal carries the headers and counts
// against the limit), and before the body is read, so a refused caller cannot make the server parse, validate
// or store anything.

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
    await checkRouteAccess(app, request);
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
