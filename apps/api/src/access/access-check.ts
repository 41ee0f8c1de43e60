import { TOKEN_COOKIE } from '@organiser/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { readCookie } from '../http/cookies';
import { authenticateOpenCall } from '../open/keys';
import { hasPermission } from './permission-checks';
import { authenticate, readToken } from './sessions';

// The access check of every request: unless the route is public, the token becomes `request.auth` and the
// route's `config.access` (route-access.ts) is enforced against the caller's permissions; role `root` passes
// every check. The auth plugin runs it before the body is read (plugins/auth.ts).

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

/** Refuses the request (401, 403) unless its caller may call its route. */
export async function checkRouteAccess(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  if (isDocsUrl(request.url) && docsAccess(app) === 'staff') return enforceDocs(app, request);
  const access = request.routeOptions.config?.access;
  // No access = no route (the 404 handler); public routes need no token.
  if (!access || access.kind === 'public') return;
  if (access.kind === 'apiKey') return authenticateOpenCall(app, request, access.scope);
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
