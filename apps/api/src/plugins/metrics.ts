import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../errors';

// GET /metrics in Prometheus' text format (docs/operations.md "Metrics"): request durations by route pattern
// (never the raw URL, whose ids and queries would make a series per record) and status, the PostgreSQL
// pool's connections, whether the rate limits fell back to counting on this node (Redis unreachable), event-loop lag, process memory and the rest of prom-client's process metrics.
// Answered to callers on this machine that did not come through a proxy, and, when METRICS_TOKEN is set,
// to requests with `Authorization: Bearer <METRICS_TOKEN>`; refused to everyone else. METRICS=false: no route.

export const METRICS_PATH = '/metrics';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(.+)$/i.exec(header) : null;
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1].trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** On this machine and not forwarded: a reverse proxy on the same host would otherwise open it to everyone. */
function isLocal(request: FastifyRequest): boolean {
  const address = request.raw.socket.remoteAddress ?? '';
  return LOOPBACK.has(address) && request.headers['x-forwarded-for'] === undefined;
}

export function setupMetrics(app: FastifyInstance): void {
  const { metricsEnabled, metricsToken } = app.config.server;
  if (!metricsEnabled) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  // node-postgres pool (PostgreSQL only; the embedded database has one connection in-process).
  const pool = (app.db as unknown as { $client?: unknown }).$client as pg.Pool | undefined;
  if (pool && typeof (pool as pg.Pool).totalCount === 'number') {
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    gauge('db_pool_connections', 'Open connections of the database pool', () => pool.totalCount);
    gauge('db_pool_idle_connections', 'Idle connections of the database pool', () => pool.idleCount);
    gauge(
      'db_pool_waiting_requests',
      'Statements waiting for a free connection of the database pool',
      () => pool.waitingCount,
    );
  }

  // Read at scrape time: the rate limits' counters are set up after this plugin.
  if (app.config.server.redisUrl) {
    new Gauge({
      name: 'rate_limit_per_node',
      help: 'Whether the rate limits are counted on this node only because Redis is unreachable (1) or shared through Redis (0)',
      registers: [registry],
      collect() {
        this.set(app.hasDecorator('sharedState') && app.sharedState.rateLimitsShared() ? 0 : 1);
      },
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route === METRICS_PATH) return;
    duration.observe(
      { method: request.method, route: route ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get(
    METRICS_PATH,
    { config: { access: { kind: 'public' }, systemLog: false }, schema: { hide: true } },
    async (request, reply) => {
      if (!isLocal(request) && !(metricsToken && bearerMatches(request, metricsToken)))
        throw new AppError('forbidden');
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
}
