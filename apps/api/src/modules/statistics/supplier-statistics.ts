import { type ListFilter, supplierStatistics } from '@organiser/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rowScopeOf } from '../../access/row-scope';
import { rowsOf } from '../../db/rows';
import type { ReportParamValues, ReportResult } from '../../engine';
import { AppError } from '../../errors';
import { ok, okSchema } from '../../http/envelope';
import { type Period, registerStatisticsReport, resolvePeriod, type StatisticsContext } from './period';

// Supplier statistics (`GET /api/page_view/list`, `/export`, and `/trend` for one company's days): per company
// over a period, read from the daily rollups (`stat_company_day`, by day), the consults received and replied
// (an index range over `consult_time`) and the requirements revealed (by company and time). Every company
// of the filters is a row, those without behaviour with zeros. A supplier account sees its own company only.

type Ctx = StatisticsContext;

/** The SQL of each sortable field (the route has checked the field is one of the report's). */
const SORTS: Record<string, string> = {
  companyId: 'c.id',
  companyName: 'c.name',
  pageViews: 'page_views',
  pageViewsChange: 'page_views_change',
  uniqueVisitors: 'unique_visitors',
  productViews: 'product_views',
  averageDuration: 'average_duration',
  collects: 'collects',
  shares: 'shares',
  consultsReceived: 'consults_received',
  consultsReplied: 'consults_replied',
  replyRate: 'reply_rate',
  requirementsRevealed: 'requirements_revealed',
};

function filterConditions(filters: ListFilter[]): SQL[] {
  const out: SQL[] = [];
  for (const f of filters) {
    if (f.op !== 'eq') continue;
    if (f.field === 'categoryId') out.push(sql`${Number(f.value)}::int = any(c.category_ids)`);
    if (f.field === 'vipPackageId') out.push(sql`c.vip_package_id = ${Number(f.value)}`);
    if (f.field === 'countryCode') out.push(sql`c.country_code = ${String(f.value).toUpperCase()}`);
  }
  return out;
}

/** The moment a day of the time zone starts. */
const startOf = (day: string, timeZone: string) => sql`(${day}::date)::timestamp at time zone ${timeZone}`;
const endOf = (day: string, timeZone: string) =>
  sql`((${day}::date) + 1)::timestamp at time zone ${timeZone}`;

type Row = Record<string, string | number | null>;

export async function supplierStatisticsQuery(
  ctx: Ctx,
  params: ReportParamValues,
): Promise<ReportResult & { period: Period }> {
  const period = resolvePeriod(params, ctx.timeZone, ctx.now, ctx.lang);
  const where: SQL[] = [sql`c.deleted_at is null`, ...filterConditions(params.filters)];
  if (ctx.rowScope) where.push(sql`c.id = ${ctx.rowScope.companyId}`);
  const scoped = (column: string) =>
    ctx.rowScope ? sql` and ${sql.raw(column)} = ${ctx.rowScope.companyId}` : sql``;
  const lo = startOf(period.from, ctx.timeZone);
  const hi = endOf(period.to, ctx.timeZone);
  const sortColumn = SORTS[params.sort.field] ?? 'page_views';
  const order = params.sort.order === 'asc' ? 'asc' : 'desc';
  const offset = (params.page - 1) * params.pageSize;
  const result = await ctx.db.execute(sql`
    with cur as (
      select company_id, sum(page_views)::int as page_views, sum(unique_visitors)::int as unique_visitors,
        sum(product_views)::int as product_views, sum(duration)::bigint as duration,
        sum(collects)::int as collects, sum(shares)::int as shares
      from stat_company_day where day between ${period.from}::date and ${period.to}::date${scoped('company_id')}
      group by company_id),
    prev as (
      select company_id, sum(page_views)::int as page_views from stat_company_day
      where day between ${period.previousFrom}::date and ${period.previousTo}::date${scoped('company_id')}
      group by company_id),
    cons as (
      select company_id, count(*)::int as received, count(*) filter (where is_feedback)::int as replied
      from consult where consult_time >= ${lo} and consult_time < ${hi}${scoped('company_id')}
      group by company_id),
    rev as (
      select company_id, count(*)::int as revealed from buy_requirement_reveal
      where created_at >= ${lo} and created_at < ${hi}${scoped('company_id')} group by company_id),
    rows as (
      select c.id as company_id, c.name as company_name,
        coalesce(cur.page_views, 0) as page_views, coalesce(cur.unique_visitors, 0) as unique_visitors,
        coalesce(cur.product_views, 0) as product_views,
        case when coalesce(cur.page_views, 0) + coalesce(cur.product_views, 0) > 0
          then round(cur.duration::numeric / (cur.page_views + cur.product_views))::int end as average_duration,
        coalesce(cur.collects, 0) as collects, coalesce(cur.shares, 0) as shares,
        case when coalesce(prev.page_views, 0) > 0
          then round((coalesce(cur.page_views, 0) - prev.page_views) * 100.0 / prev.page_views, 1)::float8 end
          as page_views_change,
        coalesce(cons.received, 0) as consults_received, coalesce(cons.replied, 0) as consults_replied,
        case when coalesce(cons.received, 0) > 0 then round(cons.replied * 100.0 / cons.received, 1)::float8 end
          as reply_rate,
        coalesce(rev.revealed, 0) as requirements_revealed
      from company c
        left join cur on cur.company_id = c.id left join prev on prev.company_id = c.id
        left join cons on cons.company_id = c.id left join rev on rev.company_id = c.id
      where ${sql.join(where, sql` and `)})
    select *, count(*) over ()::int as total from rows c
    order by ${sql.raw(sortColumn)} ${sql.raw(order)} nulls last, c.company_id
    limit ${params.pageSize} offset ${offset}`);
  const found = rowsOf<Row>(result);
  const rows = found.map((r) => ({
    companyId: Number(r.company_id),
    companyName: r.company_name,
    pageViews: Number(r.page_views),
    pageViewsChange: r.page_views_change == null ? null : Number(r.page_views_change),
    uniqueVisitors: Number(r.unique_visitors),
    productViews: Number(r.product_views),
    averageDuration: r.average_duration == null ? null : Number(r.average_duration),
    collects: Number(r.collects),
    shares: Number(r.shares),
    consultsReceived: Number(r.consults_received),
    consultsReplied: Number(r.consults_replied),
    replyRate: r.reply_rate == null ? null : Number(r.reply_rate),
    requirementsRevealed: Number(r.requirements_revealed),
  }));
  let total = found.length > 0 ? Number(found[0]!.total) : 0;
  if (found.length === 0 && offset > 0) {
    const counted = await ctx.db.execute(
      sql`select count(*)::int as n from company c where ${sql.join(where, sql` and `)}`,
    );
    total = Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0);
  }
  return { rows, total, period };
}

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    'a real date YYYY-MM-DD',
  );
export const trendQuery = z
  .object({
    companyId: z.coerce.number().int().positive().max(2147483647),
    periodFrom: day.optional(),
    periodTo: day.optional(),
  })
  .strict()
  .refine((q) => !q.periodFrom || !q.periodTo || q.periodFrom <= q.periodTo, {
    path: ['periodFrom'],
    message: 'must not be after periodTo',
  });

const trendPoint = z.object({
  day: z.string(),
  pageViews: z.number().int(),
  uniqueVisitors: z.number().int(),
  productViews: z.number().int(),
  collects: z.number().int(),
  shares: z.number().int(),
});

/** One company's days of the period (every day, zeros included). */
export async function companyTrend(ctx: Ctx, companyId: number, period: Period) {
  const result = await ctx.db.execute(sql`
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(s.page_views, 0)::int as page_views,
      coalesce(s.unique_visitors, 0)::int as unique_visitors, coalesce(s.product_views, 0)::int as product_views,
      coalesce(s.collects, 0)::int as collects, coalesce(s.shares, 0)::int as shares
    from generate_series(${period.from}::date, ${period.to}::date, interval '1 day') as d(day)
      left join stat_company_day s on s.company_id = ${companyId} and s.day = d.day::date
    order by d.day`);
  return rowsOf<Row>(result).map((r) => ({
    day: String(r.day),
    pageViews: Number(r.page_views),
    uniqueVisitors: Number(r.unique_visitors),
    productViews: Number(r.product_views),
    collects: Number(r.collects),
    shares: Number(r.shares),
  }));
}

/** The report's routes (list and export through the report kit) and the trend of one company. */
export const supplierStatisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const timeZone = app.config.deployment.statistics.timeZone;
  registerStatisticsReport(app, supplierStatistics, supplierStatisticsQuery);
  app.get(
    '/page_view/trend',
    {
      config: { access: { kind: 'menu', url: supplierStatistics.permission.menu } },
      schema: {
        tags: [supplierStatistics.name],
        operationId: 'pageViewTrend',
        summary: 'One company’s statistics per day of the period (for the trend chart)',
        querystring: trendQuery,
        response: {
          200: okSchema(z.object({ from: z.string(), to: z.string(), days: z.array(trendPoint) })),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const scope = rowScopeOf(request);
      if (scope && scope.companyId !== q.companyId) throw new AppError('notFound');
      const ctx: Ctx = { db: app.db, lang: request.lang, rowScope: scope, timeZone, now: new Date() };
      const exists = await app.db.execute(
        sql`select 1 from company where id = ${q.companyId} and deleted_at is null`,
      );
      if (rowsOf<unknown>(exists).length === 0) throw new AppError('notFound');
      const period = resolvePeriod(q, timeZone, ctx.now, request.lang);
      return ok({ from: period.from, to: period.to, days: await companyTrend(ctx, q.companyId, period) });
    },
  );
};
