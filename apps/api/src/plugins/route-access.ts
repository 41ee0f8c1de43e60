import type { FastifyInstance, RouteOptions } from 'fastify';
import type { RouteRecord } from '../fastify-decorations';
import { errorEnvelopeSchema } from './envelope';

// Every API route declares what it needs (`config.access`); the server refuses to start if one
// does not. Routes outside /api (the console's files, /uploads) and the Swagger UI's own files are public.
// Each route is also recorded in `app.routeTable` (the permission sync and the route test read it).

const DOCS_PREFIX = '/api/docs';

function isInfrastructure(url: string): boolean {
  return !url.startsWith('/api') || url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);
}

export function setupRouteAccess(app: FastifyInstance): void {
  app.decorate('routeTable', [] as RouteRecord[]);
  // paths with a GET in the table: the HEAD Fastify adds beside each is not recorded again
  const getPaths = new Set<string>();
  app.addHook('onRoute', (route: RouteOptions) => {
    route.config ??= {};
    if (!route.config.access) {
      if (!isInfrastructure(route.url)) {
        const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
        throw new Error(
          `Route ${method} ${route.url} declares no config.access (see src/access/route-access.ts)`,
        );
      }
      route.config.access = { kind: 'public' };
    }
    // Error bodies are documented (and checked) as the envelope on every described route.
    if (route.schema?.response && typeof route.schema.response === 'object') {
      const response = route.schema.response as Record<string, unknown>;
      response['4xx'] ??= errorEnvelopeSchema;
      response['5xx'] ??= errorEnvelopeSchema;
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' && route.url && getPaths.has(route.url)) continue;
      if (method === 'GET') getPaths.add(route.url);
      app.routeTable.push({ method, url: route.url, access: route.config.access });
    }
  });
}
