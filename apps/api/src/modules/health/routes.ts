import { toPublicConfig } from '@organiser/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ping } from '../../db/client';
import { AppError } from '../../errors';
import { errorEnvelopeSchema, ok, okSchema } from '../../plugins/envelope';
import { withRunTimeSettings } from '../settings/store';

// The public deployment config the console boots with, and the health probes.

const READY_TIMEOUT_MS = 2000;

type Log = { warn: (obj: object, message: string) => void };

const readinessSchema = z.object({
  ready: z.boolean(),
  shuttingDown: z
    .boolean()
    .describe('SIGTERM received: finishing the requests under way, taking no new ones'),
  database: z.enum(['ok', 'unreachable']),
  redis: z.enum(['ok', 'unreachable', 'not configured']),
  rateLimits: z
    .enum(['shared', 'per node'])
    .describe('Counted in Redis for every node, or on this node only (no Redis, or Redis unreachable)'),
  storage: z.enum(['ok', 'unreachable']),
  storageKind: z.enum(['local', 's3']),
});
type Readiness = z.infer<typeof readinessSchema>;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicConfig = toPublicConfig(app.config.deployment);

  app.get(
    '/config',
    {
      config: { access: { kind: 'public' } },
      schema: {
        tags: ['system'],
        operationId: 'system_config',
        summary: 'The public part of the deployment configuration (no token needed)',
        response: { 200: okSchema(z.record(z.string(), z.unknown())) },
      },
    },
    // the site name and upload limits staff set on the configuration screen apply at once
    async () => ok((await withRunTimeSettings(app.db, publicConfig)) as unknown as Record<string, unknown>),
  );

  app.get(
    '/healthz',
    {
      config: { access: { kind: 'public' }, rateLimit: false },
      schema: {
        tags: ['system'],
        operationId: 'system_healthz',
        summary: 'The process is up',
        response: { 200: okSchema(z.literal(true)) },
      },
    },
    async () => ok(true as const),
  );

  /** Resolves with `ok` when `check` answers within READY_TIMEOUT_MS, with `unreachable` otherwise. */
  const probe = async (name: string, check: (signal: AbortSignal) => Promise<unknown>, log: Log) => {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        check(controller.signal),
        new Promise((_, reject) => {
          timer = setTimeout(() => {
            controller.abort();
            reject(new Error(`${name} did not answer within ${READY_TIMEOUT_MS} ms`));
          }, READY_TIMEOUT_MS);
        }),
      ]);
      return 'ok' as const;
    } catch (error) {
      log.warn({ err: error }, `readiness: ${name} unreachable`);
      return 'unreachable' as const;
    } finally {
      clearTimeout(timer);
    }
  };

  app.get(
    '/readyz',
    {
      config: { access: { kind: 'public' }, rateLimit: false, systemLog: false },
      schema: {
        tags: ['system'],
        operationId: 'system_readyz',
        summary: 'Whether this node takes requests: database, Redis and storage each reported',
        description:
          '200 when the database answers, the local upload folder (if used) can be written and the node is not ' +
          'shutting down; 503 (with the same report as `content`) otherwise. Redis and a bucket are reported ' +
          'but shared by every node, so they do not decide readiness: while Redis is unreachable the rate ' +
          'limits are counted on each node (`rateLimits: per node`); while the bucket is, uploads fail.',
        response: {
          200: okSchema(readinessSchema),
          503: errorEnvelopeSchema
            .extend({ content: readinessSchema })
            .describe('Not ready: the same report'),
        },
      },
    },
    async (request, reply) => {
      const { redis, rateLimitsShared } = app.sharedState;
      const [database, storage, redisState] = await Promise.all([
        probe('database', () => ping(app.db), request.log),
        app.storage.check
          ? probe('storage', (signal) => app.storage.check!(signal), request.log)
          : ('ok' as const),
        redis
          ? redis.status === 'ready'
            ? probe('redis', () => redis.ping(), request.log)
            : ('unreachable' as const)
          : ('not configured' as const),
      ]);
      const report: Readiness = {
        // A bucket is shared by every node: taking nodes out of the balancer while it is away would turn a
        // failure of uploads into a failure of everything. A node's own upload folder is its own affair.
        ready: !app.draining && database === 'ok' && (storage === 'ok' || app.storage.kind === 's3'),
        shuttingDown: app.draining,
        database,
        redis: redisState,
        rateLimits: redis && rateLimitsShared() && redisState === 'ok' ? 'shared' : 'per node',
        storage,
        storageKind: app.storage.kind,
      };
      if (!report.ready) {
        // Answered here rather than thrown: an unready node is expected (shutting down), not a failed request.
        const error = new AppError('unavailable');
        return reply.status(503).send({
          success: false,
          code: error.code,
          message: error.messageIn(request.lang),
          content: report,
        });
      }
      return ok(report);
    },
  );
};
