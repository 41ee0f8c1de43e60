import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@organiser/domain';
import { and, count, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { systemLog } from '../../db/schema';
import { ok, okSchema } from '../../plugins/envelope';

// The system log list behind /systemManage/system_log_list, newest first.

/** Totals stop counting here: an exact count over a big log costs more than the page itself. */
export const TOTAL_CAP = 10_000;

const dateOrTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

const querySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  account: z.string().trim().max(200).optional(),
  /** Part of the called url (case-insensitive). */
  url: z.string().trim().max(500).optional(),
  success: z.enum(['true', 'false']).optional(),
  /** From this day (UTC) or instant, inclusive. */
  startDate: dateOrTime.optional(),
  /** To this day (UTC, inclusive) or instant (exclusive). */
  endDate: dateOrTime.optional(),
});

const entrySchema = z.object({
  id: z.number().int(),
  account: z.string(),
  companyId: z.number().int().nullable(),
  url: z.string(),
  method: z.string(),
  ip: z.string(),
  requestArgs: z.unknown(),
  responseArgs: z.unknown(),
  success: z.boolean(),
  statusCode: z.number().int(),
  errorMessage: z.string().nullable(),
  durationMs: z.number().int(),
  createdAt: z.string(),
});

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function endOf(value: string): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(Date.parse(`${value}T00:00:00Z`) + 86_400_000);
  return new Date(value);
}

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/system_log/list',
    {
      config: { access: { kind: 'menu', url: '/systemManage/system_log_list' } },
      schema: {
        tags: ['system'],
        summary: 'System log: mutating calls and login attempts, newest first',
        querystring: querySchema,
        response: {
          200: okSchema(
            z.object({
              list: z.array(entrySchema),
              total: z.number().int().describe(`Capped at ${TOTAL_CAP}`),
              page: z.number().int(),
              size: z.number().int(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const where: SQL[] = [];
      if (q.account) where.push(eq(systemLog.account, q.account));
      if (q.url) where.push(ilike(systemLog.url, `%${escapeLike(q.url)}%`));
      if (q.success) where.push(eq(systemLog.success, q.success === 'true'));
      if (q.startDate) where.push(gte(systemLog.createdAt, new Date(q.startDate)));
      if (q.endDate) where.push(lt(systemLog.createdAt, endOf(q.endDate)));
      const condition = where.length ? and(...where) : undefined;
      const rows = await db
        .select()
        .from(systemLog)
        .where(condition)
        .orderBy(desc(systemLog.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      const capped = db
        .select({ one: sql`1` })
        .from(systemLog)
        .where(condition)
        .limit(TOTAL_CAP)
        .as('capped');
      const [total] = await db.select({ n: count() }).from(capped);
      return ok({
        list: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        total: Number(total?.n ?? 0),
        page: q.page,
        size: q.size,
      });
    },
  );
};
