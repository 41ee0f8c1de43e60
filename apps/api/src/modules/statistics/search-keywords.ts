import { type ListFilter, searchKeywords } from '@organiser/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { rowsOf } from '../../db/rows';
import type { ReportParamValues, ReportResult } from '../../engine';
import { AppError } from '../../errors';
import { registerStatisticsReport, resolvePeriod, type StatisticsContext } from './period';

// The search history's top keywords (`GET /api/search_keyword/list`, `/export`): per keyword and language over
// the period, from the keyword rollups only (`stat_keyword_day` for the counts, `stat_keyword_user` for the
// users, each counted once over the period: of the page's keywords only, unless the rows are sorted by users).
// Whether a row's keyword is already a hot word is read for the page's rows only. Searches belong to no company: a supplier account is refused.

type Ctx = StatisticsContext;
type Row = Record<string, string | number | boolean | null>;

const SORTS: Record<string, string> = {
  keyword: 'keyword',
  searches: 'searches',
  users: 'users',
  averageResults: 'average_results',
  zeroShare: 'zero_share',
};

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The rollup rows the filters and the keyword search keep (keywords are stored trimmed and lower-cased). */
function filterConditions(filters: ListFilter[], keyword: string | undefined): SQL[] {
  const out: SQL[] = [];
  const text = keyword?.trim().toLowerCase();
  if (text) out.push(sql`keyword like ${like(text)}`);
  for (const f of filters) {
    if (f.field === 'language' && f.op === 'in')
      out.push(
        sql`language in (${sql.join(
          f.values.map((v) => sql`${String(v)}`),
          sql`, `,
        )})`,
      );
  }
  return out;
}

/** Which of the keywords a live hot word has in either language (case ignored). */
async function hotWords(ctx: Ctx, keywords: string[]): Promise<Set<string>> {
  if (!keywords.length) return new Set();
  const list = sql.join(
    keywords.map((k) => sql`${k}`),
    sql`, `,
  );
  const result = await ctx.db.execute(sql`
    select lower(en_word) as en, lower(zh_word) as zh from search_top
    where deleted_at is null and (lower(en_word) in (${list}) or lower(zh_word) in (${list}))`);
  const rows = rowsOf<{ en: string | null; zh: string | null }>(result);
  return new Set(rows.flatMap((r) => [r.en, r.zh]).filter((w): w is string => Boolean(w)));
}

/** The users of each keyword and language over the period: of every keyword (`keys` null, when the rows are
 * sorted by them) or of the page's keywords only. */
function usersOf(where: SQL, keys: SQL | null): SQL {
  return sql`select keyword, language, count(distinct user_id)::int as users
    from stat_keyword_user where ${where}${keys ? sql` and (keyword, language) in (${keys})` : sql``}
    group by keyword, language`;
}

export async function searchKeywordsQuery(ctx: Ctx, params: ReportParamValues): Promise<ReportResult> {
  if (ctx.rowScope) throw new AppError('forbidden');
  const period = resolvePeriod(params, ctx.timeZone, ctx.now, ctx.lang);
  const where = sql.join(
    [
      sql`day between ${period.from}::date and ${period.to}::date`,
      ...filterConditions(params.filters, params.keyword),
    ],
    sql` and `,
  );
  const sortColumn = SORTS[params.sort.field] ?? 'searches';
  const order = params.sort.order === 'asc' ? 'asc' : 'desc';
  const offset = (params.page - 1) * params.pageSize;
  // sorted by users, every keyword's users are counted; otherwise only the page's (the period's rows grouped
  // once, then one index range per keyword of the page)
  const byUsers = sortColumn === 'users';
  const result = await ctx.db.execute(sql`
    with kw as (
      select keyword, language, sum(searches)::int as searches, sum(empty_searches)::int as empty,
        sum(results_total)::bigint as results
      from stat_keyword_day where ${where} group by keyword, language),
    ${byUsers ? sql`us as (${usersOf(where, null)}),` : sql``}
    rows as (
      select kw.keyword, kw.language, kw.searches, ${byUsers ? sql`coalesce(us.users, 0)` : sql`0`} as users,
        round(kw.results::numeric / nullif(kw.searches, 0), 1) as average_results,
        round(100.0 * kw.empty / nullif(kw.searches, 0), 1) as zero_share
      from kw ${byUsers ? sql`left join us on us.keyword = kw.keyword and us.language = kw.language` : sql``}
      where kw.searches > 0)
    select *, count(*) over ()::int as total from rows
    order by ${sql.raw(sortColumn)} ${sql.raw(order)} nulls last, keyword, language
    limit ${params.pageSize} offset ${offset}`);
  const found = rowsOf<Row>(result);
  if (!byUsers && found.length) {
    const keys = sql.join(
      found.map((r) => sql`(${String(r.keyword)}, ${String(r.language)})`),
      sql`, `,
    );
    const counted = await ctx.db.execute(usersOf(where, keys));
    const users = new Map(
      rowsOf<Row>(counted).map((u) => [`${u.keyword}\u0000${u.language}`, Number(u.users)]),
    );
    for (const r of found) r.users = users.get(`${r.keyword}\u0000${r.language}`) ?? 0;
  }
  const hot = await hotWords(
    ctx,
    found.map((r) => String(r.keyword)),
  );
  const num = (v: unknown) => (v == null ? null : Number(v));
  return {
    rows: found.map((r) => ({
      keyword: r.keyword,
      language: r.language === '' ? null : r.language,
      searches: Number(r.searches),
      users: Number(r.users),
      averageResults: num(r.average_results),
      zeroShare: num(r.zero_share),
      hotWord: hot.has(String(r.keyword)),
    })),
    total: found.length > 0 ? Number(found[0]!.total) : 0,
    period: { from: period.from, to: period.to },
  };
}

export const searchKeywordRoutes: FastifyPluginAsync = async (app) => {
  registerStatisticsReport(app, searchKeywords, searchKeywordsQuery);
};
