import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

// An unknown query parameter is refused with `badParameter` naming it, never ignored.
// `lang` (the message language) is accepted everywhere and removed before the route's own query schema
// runs, so routes declare strict query schemas (`z.strictObject`) without it. A route without a query schema
// takes no query parameter at all.

export function setupQueryGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const url = request.routeOptions.url ?? '';
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const query = request.query as Record<string, unknown> | undefined;
    if (!query || typeof query !== 'object') return;
    if ('lang' in query) delete query.lang;
    if (!request.routeOptions.schema?.querystring) {
      const unknown = Object.keys(query)[0];
      if (unknown !== undefined) throw new AppError('badParameter', { params: { name: unknown } });
    }
    // A body-less POST of a route with a body schema reports each missing field rather than "not an object".
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
  });
}
