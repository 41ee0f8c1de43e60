import { type ListFilter, supplierOverview } from '@organiser/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { rowsOf } from '../../db/rows';
import {
  type ReportContext,
  type ReportParamValues,
  type ReportResult,
  registerReportRoutes,
} from '../../engine';
import type { AppModule } from '../../extensions';

// The supplier overview report: live companies counted by audit status, company category or country, and
// optionally by day, week or month of registration (UTC). A supplier account counts its own company only.

const NONE = { en: 'Not set', zh: '未设置' };

type Aggregate = {
  key: string | number | null;
  period_start: string | null;
  period_end: string | null;
  n: number;
};

/** Conditions of the report's declared filters on the company table. */
function filterConditions(filters: ListFilter[]): SQL[] {
  const out: SQL[] = [];
  for (const f of filters) {
    if (f.field === 'auditStatus' && f.op === 'in')
      out.push(
        sql`c.audit_status in (${sql.join(
          f.values.map((v) => sql`${String(v)}`),
          sql`, `,
        )})`,
      );
  }
  return out;
}

async function labelsOf(ctx: ReportContext, groupBy: string, keys: (string | number)[]) {
  const labels = new Map<string | number, { en: string; zh: string }>();
  if (groupBy === 'auditStatus') {
    const field = supplierOverview.fields.auditStatus;
    if (field?.kind === 'enum') for (const o of field.options) labels.set(o.value, o.label);
    return labels;
  }
  if (keys.length === 0) return labels;
  const list = sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  );
  const result =
    groupBy === 'category'
      ? await ctx.db.execute(
          sql`select id as key, en_name as en, zh_name as zh from company_category where id in (${list})`,
        )
      : await ctx.db.execute(
          sql`select code as key, name_en as en, name_zh as zh from region where code in (${list})`,
        );
  for (const r of (result as { rows: { key: string | number; en: string | null; zh: string | null }[] })
    .rows) {
    const en = r.en || r.zh || String(r.key);
    labels.set(r.key, { en, zh: r.zh || en });
  }
  return labels;
}

/** The report's query: one aggregate over the company table, then labels, sort and the page in memory (a
 * report has one row per group and period, a few hundred at most). */
export async function supplierOverviewQuery(
  ctx: ReportContext,
  params: ReportParamValues,
): Promise<ReportResult> {
  const groupBy = params.groupBy ?? 'auditStatus';
  const where: SQL[] = [sql`c.deleted_at is null`, ...filterConditions(params.filters)];
  if (ctx.rowScope) where.push(sql`c.id = ${ctx.rowScope.companyId}`);
  if (params.periodFrom) where.push(sql`c.created_at >= ${`${params.periodFrom}T00:00:00Z`}::timestamptz`);
  if (params.periodTo)
    where.push(sql`c.created_at < (${params.periodTo}::date + 1)::timestamp at time zone 'UTC'`);
  const key =
    groupBy === 'category' ? sql`cat.id` : groupBy === 'country' ? sql`c.country_code` : sql`c.audit_status`;
  const from =
    groupBy === 'category'
      ? sql`company c left join lateral unnest(c.category_ids) as cat(id) on true`
      : sql`company c`;
  // The unit is one of the declared granularities (checked by the route), never caller text.
  if (params.granularity && !['day', 'week', 'month'].includes(params.granularity))
    throw new Error(`granularity ${params.granularity}`);
  const unit = params.granularity ? sql.raw(`'${params.granularity}'`) : null;
  const start = unit ? sql`date_trunc(${unit}, c.created_at at time zone 'UTC')` : null;
  const periodStart = start ? sql`to_char(${start}, 'YYYY-MM-DD')` : sql`null::text`;
  const periodEnd = start
    ? sql`to_char(${start} + ${sql.raw(`interval '1 ${params.granularity}'`)} - interval '1 day', 'YYYY-MM-DD')`
    : sql`null::text`;
  const aggregates = rowsOf<Aggregate>(
    await ctx.db.execute(sql`
      select ${key} as key, ${periodStart} as period_start, ${periodEnd} as period_end, count(distinct c.id)::int as n
      from ${from}
      where ${sql.join(where, sql` and `)}
      group by 1, 2, 3`),
  );
  const labels = await labelsOf(
    ctx,
    groupBy,
    aggregates.map((a) => a.key).filter((k): k is string | number => k !== null),
  );
  const rows = aggregates.map((a) => ({
    group: (a.key === null ? NONE : (labels.get(a.key) ?? { en: String(a.key), zh: String(a.key) }))[
      ctx.lang
    ],
    auditStatus: groupBy === 'auditStatus' ? a.key : null,
    categoryId: groupBy === 'category' && a.key !== null ? Number(a.key) : null,
    countryCode: groupBy === 'country' ? a.key : null,
    periodStart: a.period_start ?? params.periodFrom ?? null,
    periodEnd: a.period_end ?? params.periodTo ?? null,
    companies: Number(a.n),
  }));
  const { field, order } = params.sort;
  const sign = order === 'desc' ? -1 : 1;
  const compare = (x: unknown, y: unknown) =>
    x === y
      ? 0
      : x === null
        ? 1
        : y === null
          ? -1
          : typeof x === 'number' && typeof y === 'number'
            ? x - y
            : String(x).localeCompare(String(y), ctx.lang);
  rows.sort(
    (a, b) =>
      sign * compare(a[field as keyof typeof a], b[field as keyof typeof b]) ||
      compare(a.group, b.group) ||
      compare(a.periodStart, b.periodStart),
  );
  const offset = (params.page - 1) * params.pageSize;
  return { rows: rows.slice(offset, offset + params.pageSize), total: rows.length };
}

/** `GET /api/supplier_overview/list` and `/export`, behind the report's own menu. */
export const supplierOverviewRoutes: FastifyPluginAsync = async (app) => {
  registerReportRoutes(app, supplierOverview, supplierOverviewQuery);
};

export const supplierOverviewModule: AppModule = {
  name: 'supplier-overview',
  register: (ext) => ext.routes(supplierOverviewRoutes),
};
