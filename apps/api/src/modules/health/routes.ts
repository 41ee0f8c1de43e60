import { toPublicConfig } from '@organiser/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ping } from '../../db/client';
import { AppError } from '../../errors';
import { ok, okSchema } from '../../plugins/envelope';

// The public deployment config the console boots with, and the health probes.

const READY_TIMEOUT_MS = 2000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicConfig = toPublicConfig(app.config.deployment);

  app.get(
    '/config',
    {
      config: { access: { kind: 'public' } },
      schema: {
        tags: ['system'],
        summary: 'The public part of the deployment configuration (no token needed)',
        response: { 200: okSchema(z.record(z.string(), z.unknown())) },
      },
    },
    async () => ok(publicConfig as unknown as Record<string, unknown>),
  );

  app.get(
    '/healthz',
    {
      config: { access: { kind: 'public' }, rateLimit: false },
      schema: {
        tags: ['system'],
        summary: 'The process is up',
        response: { 200: okSchema(z.literal(true)) },
      },
    },
    async () => ok(true as const),
  );

  app.get(
    '/readyz',
    {
      config: { access: { kind: 'public' }, rateLimit: false },
      schema: {
        tags: ['system'],
        summary: 'The database answers (503 when it does not)',
        response: { 200: okSchema(z.literal(true)) },
      },
    },
    async (request) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          ping(app.db),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('database ping timed out')), READY_TIMEOUT_MS);
          }),
        ]);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        throw new AppError('unavailable');
      } finally {
        clearTimeout(timer);
      }
      return ok(true as const);
    },
  );
};
