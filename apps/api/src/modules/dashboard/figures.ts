import { MARKETPLACE_USER_TYPES } from '@organiser/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Period } from '../statistics/period';

// The dashboard's figures, read from the daily rollups (stat_company_day, stat_user_day, stat_product_day,
// stat_keyword_day) and from index ranges (the accounts' creation time, the consults' time), never from the raw
// events: the days of the period and of the previous one, summed here into the key figures and their change.
// Staff see the whole marketplace; a supplier account its own company (`companyId`), nothing of another.

export type Audience = {
  /** null: the whole marketplace (staff); a number: this company only (a supplier account). */
  companyId: number | null;
  visits: boolean;
  newUsers: boolean;
  consults: boolean;
  keywords: boolean;
};

export type DayFigures = {
  day: string;
  visits: number;
  uniqueVisitors: number;
  newUsers: number;
  consults: number;
  consultsReplied: number;
};

type Raw = Record<string, string | number | null>;

/** The moment a day of the time zone starts, and the one the day after starts. */
const startOf = (day: string, timeZone: string) => sql`(${day}::date)::timestamp at time zone ${timeZone}`;
const endOf = (day: string, timeZone: string) =>
  sql`((${day}::date) + 1)::timestamp at time zone ${timeZone}`;
const dayOf = (column: SQL, timeZone: string) =>
  sql`to_char((${column} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;

/** Per day of [from, to]: what the audience may see, zeros elsewhere. */
export async function dailyFigures(
  db: Db,
  audience: Audience,
  range: { from: string; to: string },
  timeZone: string,
): Promise<DayFigures[]> {
  const { from, to } = range;
  const byDay = new Map<string, DayFigures>();
  const dayRow = (day: string) => {
    let found = byDay.get(day);
    if (!found) {
      found = { day, visits: 0, uniqueVisitors: 0, newUsers: 0, consults: 0, consultsReplied: 0 };
      byDay.set(day, found);
    }
    return found;
  };
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000)
    dayRow(new Date(at).toISOString().slice(0, 10));
  const company = audience.companyId;
  if (audience.visits) {
    const visits = rowsOf<Raw>(
      await db.execute(sql`
        select to_char(day, 'YYYY-MM-DD') as day, sum(page_views + product_views)::int as visits,
          sum(unique_visitors)::int as unique_visitors
        from stat_company_day
        where day between ${from}::date and ${to}::date${company === null ? sql`` : sql` and company_id = ${company}`}
        group by day`),
    );
    for (const v of visits) {
      const row = dayRow(String(v.day));
      row.visits = Number(v.visits);
      row.uniqueVisitors = Number(v.unique_visitors);
    }
    // the marketplace's unique visitors of a day: its signed-in users who viewed a page (one rollup row each)
    if (company === null) {
      const visitors = rowsOf<Raw>(
        await db.execute(sql`
          select to_char(day, 'YYYY-MM-DD') as day, count(*)::int as n from stat_user_day
          where day between ${from}::date and ${to}::date and (page_views > 0 or product_views > 0)
          group by day`),
      );
      for (const v of visitors) dayRow(String(v.day)).uniqueVisitors = Number(v.n);
    }
  }
  if (audience.newUsers && company === null) {
    const types = sql.join(
      MARKETPLACE_USER_TYPES.map((t) => sql`${t}`),
      sql`, `,
    );
    const users = rowsOf<Raw>(
      await db.execute(sql`
        select ${dayOf(sql`created_at`, timeZone)} as day, count(*)::int as n from user_manager
        where created_at >= ${startOf(from, timeZone)} and created_at < ${endOf(to, timeZone)}
          and deleted_at is null and type in (${types})
        group by 1`),
    );
    for (const u of users) dayRow(String(u.day)).newUsers = Number(u.n);
  }
  if (audience.consults) {
    const consults = rowsOf<Raw>(
      await db.execute(sql`
        select ${dayOf(sql`consult_time`, timeZone)} as day, count(*)::int as n,
          count(*) filter (where is_feedback)::int as replied
        from consult
        where consult_time >= ${startOf(from, timeZone)} and consult_time < ${endOf(to, timeZone)}${
          company === null ? sql`` : sql` and company_id = ${company}`
        }
        group by 1`),
    );
    for (const c of consults) {
      const row = dayRow(String(c.day));
      row.consults = Number(c.n);
      row.consultsReplied = Number(c.replied);
    }
  }
  return [...byDay.values()]
    .filter((d) => d.day >= from && d.day <= to)
    .sort((a, b) => (a.day < b.day ? -1 : 1));
}

export type KeyFigures = {
  visits: number;
  uniqueVisitors: number;
  newUsers: number;
  consults: number;
  consultsReplied: number;
  /** Replied consults in percent of those received, one decimal; null without consults. */
  replyRate: number | null;
};

const rate = (replied: number, received: number) =>
  received > 0 ? Math.round((replied * 1000) / received) / 10 : null;

/** The days between two dates (inclusive) added up. */
export function sumDays(days: DayFigures[], from: string, to: string): KeyFigures {
  const out = { visits: 0, uniqueVisitors: 0, newUsers: 0, consults: 0, consultsReplied: 0 };
  for (const d of days) {
    if (d.day < from || d.day > to) continue;
    out.visits += d.visits;
    out.uniqueVisitors += d.uniqueVisitors;
    out.newUsers += d.newUsers;
    out.consults += d.consults;
    out.consultsReplied += d.consultsReplied;
  }
  return { ...out, replyRate: rate(out.consultsReplied, out.consults) };
}

export type Ranked = { id: number | null; name: string; value: number };

/** The ten companies and products most viewed over the period, and the ten keywords most searched. */
export async function topLists(
  db: Db,
  audience: Audience,
  period: Period,
): Promise<{ companies: Ranked[] | null; products: Ranked[] | null; keywords: Ranked[] | null }> {
  const company = audience.companyId;
  const range = sql`day between ${period.from}::date and ${period.to}::date`;
  const companies =
    audience.visits && company === null
      ? rowsOf<Raw>(
          await db.execute(sql`
            select s.company_id as id, coalesce(c.name, '#' || s.company_id) as name, s.views as value
            from (select company_id, sum(page_views + product_views)::int as views from stat_company_day
                  where ${range} group by company_id order by views desc, company_id limit 10) s
              left join company c on c.id = s.company_id
            where s.views > 0 order by s.views desc, s.company_id`),
        )
      : null;
  const products = audience.visits
    ? rowsOf<Raw>(
        await db.execute(sql`
          select s.product_id as id, coalesce(p.name, '#' || s.product_id) as name, s.views as value
          from (select product_id, sum(product_views)::int as views from stat_product_day
                where ${range}${company === null ? sql`` : sql` and company_id = ${company}`}
                group by product_id order by views desc, product_id limit 10) s
            left join product p on p.id = s.product_id
          where s.views > 0 order by s.views desc, s.product_id`),
      )
    : null;
  const keywords =
    audience.keywords && company === null
      ? rowsOf<Raw>(
          await db.execute(sql`
            select null::int as id, keyword as name, sum(searches)::int as value from stat_keyword_day
            where ${range} group by keyword order by value desc, keyword limit 10`),
        )
      : null;
  const ranked = (rows: Raw[] | null) =>
    rows?.map((r) => ({
      id: r.id == null ? null : Number(r.id),
      name: String(r.name),
      value: Number(r.value),
    })) ?? null;
  return { companies: ranked(companies), products: ranked(products), keywords: ranked(keywords) };
}
