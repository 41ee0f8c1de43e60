import {
  consult,
  STATISTICS_MAX_DAYS,
  supplierStatistics,
  userConduct,
  userManager,
} from '@organiser/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasPermission } from '../../access/permission-checks';
import { createEngine, rowScopeOf } from '../../engine';
import type { AppModule } from '../../extensions';
import { ok, okSchema } from '../../plugins/envelope';
import { resolvePeriod } from '../statistics/period';
import { dayIn } from '../statistics/rollups';
import { type Audience, dailyFigures, sumDays, topLists } from './figures';
import { FIGURES_TTL_MS, figuresMemo } from './memo';
import { ownCompany } from './own-company';
import { WAITING_KINDS, waitingWork } from './waiting';

// `GET /api/dashboard`: what the signed-in person's dashboard shows, each part only when the person may open
// the list or report it comes from (checked here, per menu), and a supplier account only of its own company:
// the waiting work with links to the filtered lists, today's and the period's key figures beside the day and
// period before, the days of the period for the charts, the most viewed companies and products and the most
// searched keywords, and a supplier's own company (audit state, completeness, limits used this month). The figures
// and charts of an audience and period are computed once per FIGURES_TTL_MS (memo.ts); the waiting work every time.

const DAY_MS = 86_400_000;
const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD')
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    'a real date YYYY-MM-DD',
  );

export const dashboardQuery = z
  .object({
    periodFrom: day.optional().describe('First day of the period (default: 29 days before periodTo)'),
    periodTo: day.optional().describe('Last day of the period (default: today in statistics.timeZone)'),
    lang: z.enum(['en', 'zh']).optional(),
  })
  .strict();

const keyFigures = z.object({
  visits: z.number().int().describe('Company and product page views'),
  uniqueVisitors: z
    .number()
    .int()
    .describe('Signed-in visitors, counted once a day (over a period: the days added up)'),
  newUsers: z.number().int().describe('Marketplace accounts (buyers and traders) created'),
  consults: z.number().int(),
  consultsReplied: z.number().int(),
  replyRate: z.number().nullable().describe('Consults replied in percent of those received'),
});

const dayFigures = z.object({
  day: z.string(),
  visits: z.number().int(),
  uniqueVisitors: z.number().int(),
  newUsers: z.number().int(),
  consults: z.number().int(),
  consultsReplied: z.number().int(),
});

const ranked = z.array(
  z.object({ id: z.number().int().nullable(), name: z.string(), value: z.number().int() }),
);

export const dashboardSchema = z.object({
  today: z.string(),
  period: z.object({
    from: z.string(),
    to: z.string(),
    days: z.number().int(),
    previousFrom: z.string(),
    previousTo: z.string(),
  }),
  scope: z.enum(['marketplace', 'company']),
  waiting: z.array(
    z.object({
      kind: z.enum(WAITING_KINDS),
      count: z.number().int(),
      link: z.string().describe('The console list, filtered to these rows'),
      list: z.string().describe('The list call answering the same rows'),
    }),
  ),
  shown: z.object({
    visits: z.boolean(),
    newUsers: z.boolean(),
    consults: z.boolean(),
    keywords: z.boolean(),
  }),
  figures: z
    .object({ today: keyFigures, yesterday: keyFigures, period: keyFigures, previous: keyFigures })
    .nullable(),
  days: z.array(dayFigures),
  top: z.object({ companies: ranked.nullable(), products: ranked.nullable(), keywords: ranked.nullable() }),
  company: z
    .object({
      id: z.number().int(),
      name: z.string(),
      auditStatus: z.string().nullable(),
      auditReason: z.string().nullable(),
      status: z.string().nullable(),
      complete: z.boolean(),
      requiredFields: z.number().int(),
      filledFields: z.number().int(),
      quotaPeriod: z.string(),
      quotas: z.array(
        z.object({ key: z.string(), used: z.number().int(), limit: z.number().int().nullable() }),
      ),
    })
    .nullable()
    .describe("A supplier account's own company; null for staff"),
});

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const engine = createEngine(app.config.deployment);
  const timeZone = app.config.deployment.statistics.timeZone;
  const remembered = figuresMemo();
  app.get(
    '/dashboard',
    {
      config: { access: { kind: 'login' } },
      schema: {
        tags: ['dashboard'],
        operationId: 'dashboard',
        summary: `The signed-in person's dashboard: waiting work, key figures, chart data (a period of at most ${STATISTICS_MAX_DAYS} days)`,
        description: `The figures, series and top tens may lag the events by up to ${FIGURES_TTL_MS / 1000} s (computed once that long for everyone who sees the same); the waiting work is counted on every call.`,
        querystring: dashboardQuery,
        response: { 200: okSchema(dashboardSchema) },
      },
    },
    async (request) => {
      const user = request.auth!.user;
      const rowScope = rowScopeOf(request);
      const now = new Date();
      const period = resolvePeriod(request.query, timeZone, now, request.lang);
      const granted = new Map<string, Promise<boolean>>();
      const may = (url: string) => {
        if (user.isRoot) return Promise.resolve(true);
        let found = granted.get(url);
        if (!found) {
          found = hasPermission(app.db, { userId: user.id, type: 'menu', method: '', url });
          granted.set(url, found);
        }
        return found;
      };
      const audience: Audience = {
        companyId: rowScope?.companyId ?? null,
        visits: await may(supplierStatistics.permission.menu),
        newUsers: !rowScope && (await may(userManager.permission.menu)),
        consults: await may(consult.permission.menu),
        keywords: !rowScope && (await may(userConduct.permission.menu)),
      };
      const today = dayIn(timeZone, now);
      const yesterday = dayBefore(today);
      const anyFigure = audience.visits || audience.newUsers || audience.consults;
      const ranges = [{ from: period.previousFrom, to: period.to }];
      if (today > period.to || yesterday < period.previousFrom) ranges.push({ from: yesterday, to: today });
      const key = JSON.stringify([audience, period, today]);
      const days = anyFigure
        ? await remembered(`days:${key}`, async () =>
            (await Promise.all(ranges.map((r) => dailyFigures(app.db, audience, r, timeZone)))).flat(),
          )
        : [];
      const top = await remembered(`top:${key}`, () => topLists(app.db, audience, period));
      const dayOnce = new Map(days.map((d) => [d.day, d]));
      const all = [...dayOnce.values()];
      return ok({
        today,
        period,
        scope: rowScope ? ('company' as const) : ('marketplace' as const),
        waiting: await waitingWork(app.db, engine, user, may, rowScope),
        shown: {
          visits: audience.visits,
          newUsers: audience.newUsers,
          consults: audience.consults,
          keywords: audience.keywords,
        },
        figures: anyFigure
          ? {
              today: sumDays(all, today, today),
              yesterday: sumDays(all, yesterday, yesterday),
              period: sumDays(all, period.from, period.to),
              previous: sumDays(all, period.previousFrom, period.previousTo),
            }
          : null,
        days: all.filter((d) => d.day >= period.from && d.day <= period.to),
        top,
        company: rowScope ? await ownCompany(app.db, engine, rowScope.companyId) : null,
      });
    },
  );
};

export const dashboardModule: AppModule = {
  name: 'dashboard',
  register: (ext) => ext.routes(dashboardRoutes),
};
