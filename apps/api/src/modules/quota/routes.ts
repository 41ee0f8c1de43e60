import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { ok, okSchema } from '../../plugins/envelope';
import { companyQuotaUsages, QUOTA_KEYS, type QuotaKey } from '../../quota/quota';

// The company form shows this month's usage beside each monthly limit.

const usageSchema = z.object(
  Object.fromEntries(QUOTA_KEYS.map((key) => [key, z.number().int()])) as Record<QuotaKey, z.ZodNumber>,
);

export const quotaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/quota/usage/:companyId',
    {
      config: { access: { kind: 'menu', url: '/company/company_list' } },
      schema: {
        tags: ['quota'],
        summary: "A company's usage of each monthly limit in the current month (UTC)",
        params: z.object({ companyId: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: {
          200: okSchema(z.object({ period: z.string().describe('YYYY-MM (UTC)'), usage: usageSchema })),
        },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      const user = request.auth!.user;
      // A supplier account sees only its own company.
      if (user.type === 'company' && !user.isRoot && user.companyId !== companyId) {
        throw new AppError('forbidden');
      }
      return ok(await companyQuotaUsages(db, { companyId }));
    },
  );
};
