import { type SQL, sql } from 'drizzle-orm';

// The statistics rollups: per day (in the deployment's time zone) and company, product, user, user and company,
// user and product, and search keyword. One definition (`rollupSteps`) moves them by a set of events, as the
// common table expressions of the statement that has those events in hand: the ingestion's own statement with the
// events it has just stored (`statistics.projection: inline`), the queued projection's statement with the events
// it takes from the queue, and the rebuild's with the events of a date range (./rebuild.ts), so what the
// increments build and what a rebuild makes are the same aggregation. Each rollup is one
// `INSERT … SELECT … GROUP BY … ON CONFLICT DO UPDATE SET n = n + excluded.n`, its rows in key order so that
// concurrent statements take their row locks in the same order (no deadlock). Unique visitors stay exact: a
// visitor row per (company, day, user) is inserted first, and only those that were new count.

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The zone's offset from UTC at a whole second `ms` (milliseconds to add to UTC to get the wall clock). */
function offsetAt(timeZone: string, ms: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatOf(timeZone).formatToParts(ms))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  // years before 100 would be read as 19xx by Date.UTC; the offset is what matters, so correct the year
  const fixed = parts.year! < 100 ? new Date(wall).setUTCFullYear(parts.year!) : wall;
  return fixed - ms;
}

/** Offsets per zone and quarter of an hour (UTC), for quarters with no change of offset inside. */
const quarterOffsets = new Map<string, Map<number, number>>();
const QUARTER_MS = 15 * 60_000;

/** The calendar day ('YYYY-MM-DD') of a moment in a time zone. The zone's offset is asked of Intl once per quarter
 * of an hour (every zone's changes of offset since 1970 fall on a quarter; a quarter with a change inside is asked
 * each time), so a batch of events costs a few Intl calls instead of one each. */
export function dayIn(timeZone: string, at: Date | string): string {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`not a moment: ${String(at)}`);
  let zone = quarterOffsets.get(timeZone);
  if (!zone) {
    formatOf(timeZone); // an unknown zone throws here, before anything is cached
    zone = new Map();
    quarterOffsets.set(timeZone, zone);
  }
  const quarter = Math.floor(ms / QUARTER_MS);
  let offset = zone.get(quarter);
  if (offset === undefined) {
    const start = quarter * QUARTER_MS;
    const first = offsetAt(timeZone, start);
    const last = offsetAt(timeZone, start + QUARTER_MS - 1000);
    if (first === last) {
      if (zone.size > 100_000) zone.clear();
      zone.set(quarter, first);
      offset = first;
    } else offset = offsetAt(timeZone, Math.floor(ms / 1000) * 1000);
  }
  return new Date(ms + offset).toISOString().slice(0, 10);
}

/** The counts every day rollup keeps of its events (page views, product views, their duration in seconds, …). */
const COUNT_COLUMNS = [
  'page_views',
  'product_views',
  'duration',
  'collects',
  'uncollects',
  'shares',
  'downloads',
  'price_requests',
  'contact_exchanges',
];

/** The counts of a group of `rollup_ev` rows, named as their columns. */
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

/** A search's keyword as the keyword rollups count it (trimmed, lower case) and its language ('' when unknown). */
const KEYWORD = `lower(btrim(keyword)), coalesce(language, '')`;
const SEARCHED = `type = 'search' and keyword is not null and keyword <> ''`;

/** One rollup's step: its rows (`select`, in key order) inserted, or added to the row of the same key. */
function addTo(step: string, table: string, columns: string[], key: string[], select: string) {
  const counts = columns.filter((c) => !key.includes(c) && c !== 'company_id');
  const add = counts.map((c) => `${c} = t.${c} + excluded.${c}`).join(', ');
  return `${step} as (insert into ${table} as t (${columns.join(', ')})
    ${select}
    on conflict (${key.join(', ')}) do update set ${add})`;
}

const STEPS = [
  // only a visitor not yet seen that day adds to the company's unique visitors
  `rollup_visitor as (insert into stat_company_visitor (company_id, day, user_id)
    select distinct company_id, day, user_id from rollup_ev
    where company_id is not null and user_id is not null and type in ('view_company', 'view_product')
    order by company_id, day, user_id
    on conflict do nothing returning company_id, day)`,
  addTo(
    'rollup_company',
    'stat_company_day',
    ['company_id', 'day', 'unique_visitors', ...COUNT_COLUMNS],
    ['company_id', 'day'],
    `select company_id, day, coalesce(v.n, 0), ${COUNT_COLUMNS.join(', ')}
    from (select company_id, day, ${COUNTS} from rollup_ev where company_id is not null group by company_id, day) e
    left join (select company_id, day, count(*)::int as n from rollup_visitor group by company_id, day) v
      using (company_id, day)
    order by company_id, day`,
  ),
  addTo(
    'rollup_product',
    'stat_product_day',
    ['product_id', 'day', 'company_id', ...COUNT_COLUMNS],
    ['product_id', 'day'],
    `select product_id, day, owner, ${COUNTS} from rollup_ev
    where product_id is not null and owner is not null
    group by product_id, day, owner order by product_id, day`,
  ),
  addTo(
    'rollup_user',
    'stat_user_day',
    ['user_id', 'day', 'events', 'searches', 'leads', 'logins', ...COUNT_COLUMNS],
    ['user_id', 'day'],
    `select user_id, day, count(*)::int, count(*) filter (where type = 'search')::int,
      count(*) filter (where type = 'post_lead')::int, count(*) filter (where type = 'login')::int, ${COUNTS}
    from rollup_ev where user_id is not null group by user_id, day order by user_id, day`,
  ),
  addTo(
    'rollup_user_company',
    'stat_user_company_day',
    ['user_id', 'company_id', 'day', ...COUNT_COLUMNS],
    ['user_id', 'company_id', 'day'],
    `select user_id, company_id, day, ${COUNTS} from rollup_ev
    where user_id is not null and company_id is not null
    group by user_id, company_id, day order by user_id, company_id, day`,
  ),
  addTo(
    'rollup_user_product',
    'stat_user_product_day',
    ['user_id', 'product_id', 'day', 'company_id', ...COUNT_COLUMNS],
    ['user_id', 'product_id', 'day'],
    `select user_id, product_id, day, owner, ${COUNTS} from rollup_ev
    where user_id is not null and product_id is not null and owner is not null
    group by user_id, product_id, day, owner order by user_id, product_id, day`,
  ),
  addTo(
    'rollup_keyword',
    'stat_keyword_day',
    ['day', 'keyword', 'language', 'searches', 'empty_searches', 'results_total'],
    ['day', 'keyword', 'language'],
    `select day, ${KEYWORD}, count(*)::int, count(*) filter (where results_count = 0)::int,
      coalesce(sum(results_count), 0)::bigint
    from rollup_ev where ${SEARCHED} group by 1, 2, 3 order by 1, 2, 3`,
  ),
  `rollup_keyword_user as (insert into stat_keyword_user (keyword, language, day, user_id)
    select distinct ${KEYWORD}, day, user_id from rollup_ev where ${SEARCHED} and user_id is not null
    order by 1, 2, 3, 4
    on conflict do nothing)`,
].join(',\n');

/**
 * The steps that move every rollup by the events of the common table expression `source` (the columns of a stored
 * event: type, user_id, company_id, product_id, keyword, results_count, language, duration, created_at), to follow
 * it in the same WITH list: `with source as (…), ${rollupSteps('source', zone)} select …`. Each event counts on
 * its calendar day in `timeZone`, a product's event for the product's company too. Call it once per event: the
 * steps add.
 */
export function rollupSteps(source: string, timeZone: string): SQL {
  return sql`rollup_ev as (
    select (s.created_at at time zone ${timeZone})::date as day, s.type, s.user_id, s.product_id,
      p.company_id as owner, coalesce(s.company_id, p.company_id) as company_id,
      s.keyword, s.language, s.results_count, coalesce(s.duration, 0) as dur
    from ${sql.identifier(source)} s left join product p on p.id = s.product_id),
  ${sql.raw(STEPS)}`;
}
