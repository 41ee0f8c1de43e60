import {
  collectCompany,
  collectProduct,
  companyByStat,
  companyConduct,
  type EntityDef,
  type ListFilter,
  MARKETPLACE_USER_TYPES,
  productByStat,
  productConduct,
} from '@organiser/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { rowsOf } from '../../db/rows';
import type { ReportParamValues, ReportResult } from '../../engine';
import { AppError } from '../../errors';
import { type Period, registerStatisticsReport, resolvePeriod, type StatisticsContext } from './period';

// User behaviour towards companies (`c_user_conduct`) and towards products (`p_user_conduct`) per user over a
// period, and a user's drill-downs: the companies and products collected now (`collect_company`,
// `collect_product`, from `user_collect`) and those visited in a period (`company_by_stat`, `product_by_stat`).
// Everything is read from the rollups of days (never the events); a per-user rollup row of a company counts
// the company's page and its products, so the company page's own duration and collects are the company row's
// less its products' rows of the same day. A supplier account counts and sees only its own company and its
// products. A drill-down's user must be a marketplace user (404 otherwise); a user without behaviour has none.

type Ctx = StatisticsContext;
type Row = Record<string, unknown>;

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The report's filters as conditions on the `rows` columns (each field its column, quoted as named). */
function filterConditions(filters: ListFilter[]): SQL[] {
  const out: SQL[] = [sql`true`];
  for (const f of filters) {
    const column = sql.identifier(f.field);
    if (f.op === 'like') out.push(sql`${column} ilike ${like(String(f.value))}`);
    else if (f.op === 'eq') out.push(sql`${column} = ${Number(f.value)}`);
  }
  return out;
}

/** One page of `rows` (a CTE over the report's fields, named as its fields), sorted by a sortable field. */
async function pageOf(ctx: Ctx, def: EntityDef, params: ReportParamValues, ctes: SQL, tie: string) {
  const sortable = Object.entries(def.fields).filter(([, f]) => f.list?.sortable);
  const field = sortable.some(([n]) => n === params.sort.field) ? params.sort.field : def.defaultSort.field;
  const order = sql.raw(params.sort.order === 'asc' ? 'asc' : 'desc');
  const result = await ctx.db.execute(sql`
    with ${ctes}
    select *, count(*) over ()::int as total from rows
    where ${sql.join(filterConditions(params.filters), sql` and `)}
    order by ${sql.identifier(field)} ${order} nulls last, ${sql.identifier(tie)}
    limit ${params.pageSize} offset ${(params.page - 1) * params.pageSize}`);
  const found = rowsOf<Row>(result);
  const rows = found.map((r) => {
    const out: Row = {};
    for (const [name, f] of Object.entries(def.fields)) {
      const v = r[name];
      if (v === null || v === undefined) out[name] = null;
      else if (f.kind === 'integer') out[name] = Number(v);
      else if (f.kind === 'datetime') out[name] = new Date(v as string).toISOString();
      else out[name] = String(v);
    }
    return out;
  });
  return { rows, total: found.length > 0 ? Number(found[0]!.total) : 0 };
}

const range = (p: Period, alias = '') => sql`${sql.raw(alias)}day between ${p.from}::date and ${p.to}::date`;
const scoped = (ctx: Ctx) => (ctx.rowScope ? sql` and company_id = ${ctx.rowScope.companyId}` : sql``);
const ownCollects = (ctx: Ctx) => (ctx.rowScope ? sql` and k.company_id = ${ctx.rowScope.companyId}` : sql``);

/** Per user over the period: the company pages (their own figures, the products' taken out) and consults. */
export async function companyConductQuery(ctx: Ctx, params: ReportParamValues): Promise<ReportResult> {
  const p = resolvePeriod(params, ctx.timeZone, ctx.now, ctx.lang);
  const lo = sql`(${p.from}::date)::timestamp at time zone ${ctx.timeZone}`;
  const hi = sql`((${p.to}::date) + 1)::timestamp at time zone ${ctx.timeZone}`;
  const ctes = sql`
    up as (
      select user_id, company_id, day, sum(duration) as dur, sum(collects) as col from stat_user_product_day
      where ${range(p)}${scoped(ctx)} group by user_id, company_id, day),
    d as (
      select c.user_id, c.company_id, c.day, c.page_views as pv, c.duration - coalesce(up.dur, 0) as dur,
        c.collects - coalesce(up.col, 0) as col
      from stat_user_company_day c
        left join up on up.user_id = c.user_id and up.company_id = c.company_id and up.day = c.day
      where ${range(p, 'c.')}${ctx.rowScope ? sql` and c.company_id = ${ctx.rowScope.companyId}` : sql``}),
    act as (
      select user_id, count(distinct company_id) filter (where pv > 0)::int as companies_visited,
        sum(pv)::int as company_views, sum(dur)::bigint as duration,
        count(distinct company_id) filter (where col > 0)::int as companies_collected, max(day) as last_active
      from d where pv > 0 or col > 0 or dur > 0 group by user_id),
    cons as (
      select user_id, count(*)::int as n from consult
      where consult_time >= ${lo} and consult_time < ${hi} and user_id in (select user_id from act)${scoped(ctx)}
      group by user_id),
    rows as (
      select act.user_id as "userId", u.account, u.nickname, act.companies_visited as "companiesVisited",
        act.company_views as "companyViews", act.duration, act.companies_collected as "companiesCollected",
        coalesce(cons.n, 0) as "consultsSent", to_char(act.last_active, 'YYYY-MM-DD') as "lastActive"
      from act join user_manager u on u.id = act.user_id left join cons on cons.user_id = act.user_id)`;
  return { ...(await pageOf(ctx, companyConduct, params, ctes, 'userId')), period: p };
}

/** Per user over the period: the product pages. */
export async function productConductQuery(ctx: Ctx, params: ReportParamValues): Promise<ReportResult> {
  const p = resolvePeriod(params, ctx.timeZone, ctx.now, ctx.lang);
  const ctes = sql`
    act as (
      select user_id, count(distinct product_id) filter (where product_views > 0)::int as products_visited,
        sum(product_views)::int as product_views, sum(duration)::bigint as duration,
        count(distinct product_id) filter (where collects > 0)::int as products_collected, max(day) as last_active
      from stat_user_product_day
      where ${range(p)}${scoped(ctx)} and (product_views > 0 or collects > 0 or duration > 0)
      group by user_id),
    rows as (
      select act.user_id as "userId", u.account, u.nickname, act.products_visited as "productsVisited",
        act.product_views as "productViews", act.duration, act.products_collected as "productsCollected",
        to_char(act.last_active, 'YYYY-MM-DD') as "lastActive"
      from act join user_manager u on u.id = act.user_id)`;
  return { ...(await pageOf(ctx, productConduct, params, ctes, 'userId')), period: p };
}

/** The drill-down's user: a marketplace user, or a 404. */
async function drillUser(ctx: Ctx, params: ReportParamValues): Promise<number> {
  const userId = params.path?.userId;
  if (userId === undefined) throw new AppError('notFound');
  const types = sql.join(
    MARKETPLACE_USER_TYPES.map((v) => sql`${v}`),
    sql`, `,
  );
  const found = await ctx.db.execute(
    sql`select 1 from user_manager where id = ${userId} and type in (${types}) and deleted_at is null`,
  );
  if (rowsOf<unknown>(found).length === 0) throw new AppError('notFound');
  return userId;
}

/** A category's name in the caller's language. */
const named = (ctx: Ctx, alias: string) => {
  const a = sql.raw(alias);
  return ctx.lang === 'zh'
    ? sql`coalesce(${a}.zh_name, ${a}.en_name)`
    : sql`coalesce(${a}.en_name, ${a}.zh_name)`;
};

export async function collectCompanyQuery(ctx: Ctx, params: ReportParamValues): Promise<ReportResult> {
  const userId = await drillUser(ctx, params);
  const ctes = sql`rows as (
    select c.id as "companyId", c.name as "companyName", c.link_username as name, c.mobile, c.email,
      (select string_agg(${named(ctx, 'cc')}, ', ' order by array_position(c.category_ids, cc.id))
        from company_category cc where cc.id = any(c.category_ids)) as "categoryList",
      c.category_ids[1] as "companyCategoryId", ${named(ctx, 'v')} as "vipPackage",
      (select coalesce(sum(s.duration), 0) from stat_user_company_day s
        where s.user_id = ${userId} and s.company_id = c.id) as duration,
      coalesce(c.collect_num, 0) as "currentUserCollectCount", k.created_at as "createTime",
      k.updated_at as "updateTime"
    from user_collect k join company c on c.id = k.target_id and c.deleted_at is null
      left join vip_package v on v.id = c.vip_package_id
    where k.user_id = ${userId} and k.target = 'company' and k.collected${ownCollects(ctx)})`;
  return pageOf(ctx, collectCompany, params, ctes, 'companyId');
}

export async function collectProductQuery(ctx: Ctx, params: ReportParamValues): Promise<ReportResult> {
  const userId = await drillUser(ctx, params);
  const ctes = sql`rows as (
    select p.id as "productId", p.name, ${named(ctx, 'pc')} as "categoryList", p.category_id as "productCategory",
      c.name as "companyName", c.mobile, c.email,
      (select coalesce(sum(s.duration), 0) from stat_user_product_day s
        where s.user_id = ${userId} and s.product_id = p.id) as "productDuration",
      k.created_at as "createTime"
    from user_collect k join product p on p.id = k.target_id and p.deleted_at is null
      left join company c on c.id = p.company_id left join product_category pc on pc.id = p.category_id
    where k.user_id = ${userId} and k.target = 'product' and k.collected${ownCollects(ctx)})`;
  return pageOf(ctx, collectProduct, params, ctes, 'productId');
}

export async function companyByStatQuery(ctx: Ctx, params: ReportParamValues): Promise<ReportResult> {
  const userId = await drillUser(ctx, params);
  const p = resolvePeriod(params, ctx.timeZone, ctx.now, ctx.lang);
  const ctes = sql`
    v as (
      select company_id, sum(page_views)::int as visits, sum(product_views)::int as product_views,
        sum(duration)::bigint as duration, max(day) filter (where page_views + product_views > 0) as last_visit
      from stat_user_company_day where user_id = ${userId} and ${range(p)}${scoped(ctx)}
      group by company_id having sum(page_views) + sum(product_views) > 0),
    rows as (
      select v.company_id as "companyId", c.name as "companyName", v.visits, v.product_views as "productViews",
        v.duration, to_char(v.last_visit, 'YYYY-MM-DD') as "lastVisit"
      from v join company c on c.id = v.company_id)`;
  return { ...(await pageOf(ctx, companyByStat, params, ctes, 'companyId')), period: p };
}

export async function productByStatQuery(ctx: Ctx, params: ReportParamValues): Promise<ReportResult> {
  const userId = await drillUser(ctx, params);
  const p = resolvePeriod(params, ctx.timeZone, ctx.now, ctx.lang);
  const ctes = sql`
    v as (
      select product_id, sum(product_views)::int as views, sum(duration)::bigint as duration,
        max(day) filter (where product_views > 0) as last_visit
      from stat_user_product_day where user_id = ${userId} and ${range(p)}${scoped(ctx)}
      group by product_id having sum(product_views) > 0),
    rows as (
      select v.product_id as "productId", pr.name, c.name as "companyName", v.views, v.duration,
        to_char(v.last_visit, 'YYYY-MM-DD') as "lastVisit"
      from v join product pr on pr.id = v.product_id left join company c on c.id = pr.company_id)`;
  return { ...(await pageOf(ctx, productByStat, params, ctes, 'productId')), period: p };
}

export const userConductDetailRoutes: FastifyPluginAsync = async (app) => {
  const reports: [EntityDef, (ctx: Ctx, params: ReportParamValues) => Promise<ReportResult>][] = [
    [companyConduct, companyConductQuery],
    [productConduct, productConductQuery],
    [collectCompany, collectCompanyQuery],
    [companyByStat, companyByStatQuery],
    [collectProduct, collectProductQuery],
    [productByStat, productByStatQuery],
  ];
  for (const [def, query] of reports) registerStatisticsReport(app, def, query);
};
