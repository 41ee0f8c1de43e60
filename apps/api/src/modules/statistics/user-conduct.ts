import { type ListFilter, userConduct } from '@organiser/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { rowsOf } from '../../db/rows';
import type { ReportParamValues, ReportResult } from '../../engine';
import { registerStatisticsReport, resolvePeriod, type StatisticsContext } from './period';

// User behaviour statistics (`GET /api/user_conduct/list`, `/export`): per marketplace user active in the period,
// from the daily rollups of users (`stat_user_day`, and per company and product for the visited counts), with
// the consults (by `consult_time`) and purchase requirements they posted. A supplier account counts only the
// behaviour towards its own company and products (the per-company rollups), and the consults sent to it.

type Ctx = StatisticsContext;
type Row = Record<string, string | number | null>;

const SORTS: Record<string, string> = {
  userId: 'user_id',
  account: 'account',
  companyViews: 'company_views',
  productViews: 'product_views',
  companiesVisited: 'companies_visited',
  productsVisited: 'products_visited',
  collects: 'collects',
  duration: 'duration',
  searches: 'searches',
  consultsPosted: 'consults_posted',
  requirementsPosted: 'requirements_posted',
  lastActive: 'last_active',
};

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterConditions(filters: ListFilter[]): SQL[] {
  const out: SQL[] = [];
  for (const f of filters)
    if (f.field === 'account' && f.op === 'like') out.push(sql`u.account ilike ${like(String(f.value))}`);
  return out;
}

/** The rollup rows of the period the user's figures come from (the supplier's own company only, if scoped). */
function activity(ctx: Ctx, from: string, to: string): SQL {
  const range = sql`day between ${from}::date and ${to}::date`;
  if (ctx.rowScope) {
    const company = ctx.rowScope.companyId;
    return sql`
      act as (
        select user_id, sum(page_views)::int as company_views, sum(product_views)::int as product_views,
          sum(collects)::int as collects, sum(duration)::bigint as duration, 0 as searches, max(day) as last_active,
          1 as companies_visited
        from stat_user_company_day where company_id = ${company} and ${range} group by user_id),
      prod as (
        select user_id, count(distinct product_id)::int as n from stat_user_product_day
        where company_id = ${company} and ${range} and product_views > 0 group by user_id)`;
  }
  return sql`
    act as (
      select d.user_id, sum(d.page_views)::int as company_views, sum(d.product_views)::int as product_views,
        sum(d.collects)::int as collects, sum(d.duration)::bigint as duration, sum(d.searches)::int as searches,
        max(d.day) as last_active,
        (select count(distinct c.company_id)::int from stat_user_company_day c
          where c.user_id = d.user_id and c.day between ${from}::date and ${to}::date
            and c.page_views + c.product_views > 0) as companies_visited
      from stat_user_day d where d.day between ${from}::date and ${to}::date group by d.user_id),
    prod as (
      select user_id, count(distinct product_id)::int as n from stat_user_product_day
      where ${range} and product_views > 0 group by user_id)`;
}

export async function userConductQuery(ctx: Ctx, params: ReportParamValues): Promise<ReportResult> {
  const period = resolvePeriod(params, ctx.timeZone, ctx.now, ctx.lang);
  const lo = sql`(${period.from}::date)::timestamp at time zone ${ctx.timeZone}`;
  const hi = sql`((${period.to}::date) + 1)::timestamp at time zone ${ctx.timeZone}`;
  const where = [sql`true`, ...filterConditions(params.filters)];
  const consultScope = ctx.rowScope ? sql` and company_id = ${ctx.rowScope.companyId}` : sql``;
  const sortColumn = SORTS[params.sort.field] ?? 'last_active';
  const order = params.sort.order === 'asc' ? 'asc' : 'desc';
  const offset = (params.page - 1) * params.pageSize;
  const result = await ctx.db.execute(sql`
    with ${activity(ctx, period.from, period.to)},
    cons as (
      select user_id, count(*)::int as n from consult
      where consult_time >= ${lo} and consult_time < ${hi} and user_id in (select user_id from act)${consultScope}
      group by user_id),
    reqs as (
      select user_id, count(*)::int as n from buy_requirement
      where ${ctx.rowScope ? sql`false` : sql`true`} and deleted_at is null and created_at >= ${lo}
        and created_at < ${hi} and user_id in (select user_id from act)
      group by user_id),
    rows as (
      select act.user_id, u.account, u.nickname, act.company_views, act.product_views, act.companies_visited,
        coalesce(prod.n, 0) as products_visited, act.collects, act.duration, act.searches,
        coalesce(cons.n, 0) as consults_posted, coalesce(reqs.n, 0) as requirements_posted,
        to_char(act.last_active, 'YYYY-MM-DD') as last_active
      from act join user_manager u on u.id = act.user_id
        left join prod on prod.user_id = act.user_id left join cons on cons.user_id = act.user_id
        left join reqs on reqs.user_id = act.user_id
      where ${sql.join(where, sql` and `)})
    select *, count(*) over ()::int as total from rows
    order by ${sql.raw(sortColumn)} ${sql.raw(order)} nulls last, user_id
    limit ${params.pageSize} offset ${offset}`);
  const found = rowsOf<Row>(result);
  const num = (v: unknown) => Number(v ?? 0);
  return {
    rows: found.map((r) => ({
      userId: num(r.user_id),
      account: r.account,
      nickname: r.nickname,
      companyViews: num(r.company_views),
      productViews: num(r.product_views),
      companiesVisited: num(r.companies_visited),
      productsVisited: num(r.products_visited),
      collects: num(r.collects),
      duration: num(r.duration),
      searches: num(r.searches),
      consultsPosted: num(r.consults_posted),
      requirementsPosted: num(r.requirements_posted),
      lastActive: r.last_active,
    })),
    total: found.length > 0 ? Number(found[0]!.total) : 0,
    period: { from: period.from, to: period.to },
  };
}

export const userConductRoutes: FastifyPluginAsync = async (app) => {
  registerStatisticsReport(app, userConduct, userConductQuery);
};
