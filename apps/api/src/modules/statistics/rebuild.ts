import { DEFAULT_STATISTICS_TIME_ZONE } from '@organiser/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notQueued, PROJECTION_LOCK_KEY } from './projection-queue';

// Rebuilds the statistics rollups of a date range (days in the deployment's time zone, both ends included)
// from the behaviour events, in one transaction: the range's rows are removed, then each rollup is filled by
// one aggregate over the events of the range (read through the `created_at` index, partition by partition).
// Afterwards the rollups equal a direct aggregation of the events, whatever the increments did before. With the
// queued projection, it holds the projection's lock (no run is under way while it reads) and leaves the events
// still queued to the projection, which adds them after it.

const COUNTS = `
  count(*) filter (where type = 'view_company')::int as page_views,
  count(*) filter (where type = 'view_product')::int as product_views,
  coalesce(sum(dur) filter (where type in ('view_company', 'view_product')), 0)::bigint as duration,
  count(*) filter (where type = 'collect')::int as collects,
  count(*) filter (where type = 'uncollect')::int as uncollects,
  count(*) filter (where type = 'share')::int as shares,
  count(*) filter (where type = 'download')::int as downloads,
  count(*) filter (where type = 'request_price')::int as price_requests,
  count(*) filter (where type = 'exchange_contacts')::int as contact_exchanges`;

const COUNT_COLUMNS =
  'page_views, product_views, duration, collects, uncollects, shares, downloads, price_requests, contact_exchanges';

const ROLLUPS = [
  'stat_company_visitor',
  'stat_company_day',
  'stat_product_day',
  'stat_user_day',
  'stat_user_company_day',
  'stat_user_product_day',
  'stat_keyword_day',
  'stat_keyword_user',
];

/** One statement per rollup, each over the events of the range (`ev`). */
const FILL: string[] = [
  `insert into stat_company_visitor (day, company_id, user_id)
   select distinct day, company_id, user_id from ev
   where company_id is not null and user_id is not null and type in ('view_company', 'view_product')`,
  `insert into stat_company_day (day, company_id, unique_visitors, ${COUNT_COLUMNS})
   select day, company_id,
     count(distinct user_id) filter (where type in ('view_company', 'view_product'))::int, ${COUNTS}
   from ev where company_id is not null group by day, company_id`,
  `insert into stat_product_day (day, product_id, company_id, ${COUNT_COLUMNS})
   select day, product_id, owner, ${COUNTS}
   from ev where product_id is not null and owner is not null group by day, product_id, owner`,
  `insert into stat_user_day (day, user_id, events, searches, leads, logins, ${COUNT_COLUMNS})
   select day, user_id, count(*)::int, count(*) filter (where type = 'search')::int,
     count(*) filter (where type = 'post_lead')::int, count(*) filter (where type = 'login')::int, ${COUNTS}
   from ev where user_id is not null group by day, user_id`,
  `insert into stat_user_company_day (day, user_id, company_id, ${COUNT_COLUMNS})
   select day, user_id, company_id, ${COUNTS}
   from ev where user_id is not null and company_id is not null group by day, user_id, company_id`,
  `insert into stat_user_product_day (day, user_id, product_id, company_id, ${COUNT_COLUMNS})
   select day, user_id, product_id, owner, ${COUNTS}
   from ev where user_id is not null and product_id is not null and owner is not null
   group by day, user_id, product_id, owner`,
  `insert into stat_keyword_day (day, keyword, language, searches, empty_searches, results_total)
   select day, lower(btrim(keyword)), coalesce(language, ''), count(*)::int,
     count(*) filter (where results_count = 0)::int, coalesce(sum(results_count), 0)::bigint
   from ev where type = 'search' and keyword is not null and keyword <> ''
   group by day, lower(btrim(keyword)), coalesce(language, '')`,
  `insert into stat_keyword_user (day, keyword, language, user_id)
   select distinct day, lower(btrim(keyword)), coalesce(language, ''), user_id
   from ev where type = 'search' and keyword is not null and keyword <> '' and user_id is not null`,
];

/** The events of the range as the rollups read them (the day in the time zone, the product's company). */
function eventsOfRange(timeZone: string, from: string, to: string): SQL {
  return sql`with ev as (
    select (e.created_at at time zone ${timeZone})::date as day, e.type, e.user_id, e.product_id,
      p.company_id as owner, coalesce(e.company_id, p.company_id) as company_id,
      e.keyword, e.language, e.results_count, coalesce(e.duration, 0) as dur
    from behaviour_event e left join product p on p.id = e.product_id
    where e.created_at >= (${from}::date)::timestamp at time zone ${timeZone}
      and e.created_at < ((${to}::date) + 1)::timestamp at time zone ${timeZone}
      and ${notQueued('e')}
  ) `;
}

export type RebuildResult = { from: string; to: string; timeZone: string; companyDays: number };

/** Rebuilds the rollups of the days `from` to `to` ('YYYY-MM-DD', in `timeZone`). */
export async function rebuildRollups(
  db: Db,
  range: { from: string; to: string; timeZone?: string },
): Promise<RebuildResult> {
  const timeZone = range.timeZone ?? DEFAULT_STATISTICS_TIME_ZONE;
  const { from, to } = range;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PROJECTION_LOCK_KEY})`);
    for (const table of ROLLUPS)
      await tx.execute(
        sql`delete from ${sql.identifier(table)} where day between ${from}::date and ${to}::date`,
      );
    for (const statement of FILL)
      await tx.execute(sql.join([eventsOfRange(timeZone, from, to), sql.raw(statement)]));
    const counted = await tx.execute(
      sql`select count(*)::int as n from stat_company_day where day between ${from}::date and ${to}::date`,
    );
    const rows =
      (counted as unknown as { rows?: { n: number }[] }).rows ?? (counted as unknown as { n: number }[]);
    return { from, to, timeZone, companyDays: Number(rows[0]?.n ?? 0) };
  });
}
