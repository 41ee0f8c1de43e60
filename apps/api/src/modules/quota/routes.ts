import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createEngine, heldQuotaCounts } from '../../engine';
import { AppError } from '../../errors';
import { ok, okSchema } from '../../plugins/envelope';
import { companyQuotaUsages, QUOTA_KEYS, type QuotaKey } from '../../quota/quota';

// A company's usage of each limit: this month's count of the monthly ones (enquiries, replies, contact
// reveals, site letters), and what it has now of the ones counted at once (live products, standout cards,
// its video).

const usageSchema = z.object(
  Object.fromEntries(QUOTA_KEYS.map((key) => [key, z.number().int()])) as Record<QuotaKey, z.ZodNumber>,
);

export const quotaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const engine = createEngine(app.config.deployment);
  app.get(
    '/quota/usage/:companyId',
    {
      config: { access: { kind: 'menu', url: '/company/company_list' } },
      schema: {
        tags: ['quota'],
        operationId: 'quota_usage',
        summary:
          "A company's usage of each limit: this month's (UTC) for the monthly ones, what it has now for products, standout cards and videos",
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
      const monthly = await companyQuotaUsages(db, { companyId });
      const held = await heldQuotaCounts(db, engine, companyId);
      return ok({ period: monthly.period, usage: { ...monthly.usage, ...held } });
    },
  );
};
