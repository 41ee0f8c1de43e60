import { DEFAULT_STATISTICS_TIME_ZONE } from '@organiser/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notQueued, PROJECTION_LOCK_KEY } from './projection-queue';
import { rollupSteps } from './rollups';

// Rebuilds the statistics rollups of a date range (days in the deployment's time zone, both ends included)
// from the behaviour events, in one transaction: the range's rows are removed, then one statement fills every
// rollup with the steps the increments use (./rollups.ts) over the events of the range (read once, through the
// `created_at` index, partition by partition).
// Afterwards the rollups equal a direct aggregation of the events, whatever the increments did before. With the
// queued projection, it holds the projection's lock (no run is under way while it reads) and leaves the events
// still queued to the projection, which adds them after it.

/** The rollups' tables. */
export const ROLLUP_TABLES = [
  'stat_company_visitor',
  'stat_company_day',
  'stat_product_day',
  'stat_user_day',
  'stat_user_company_day',
  'stat_user_product_day',
  'stat_keyword_day',
  'stat_keyword_user',
];

/** The events of the range as they were stored (`ev`), which the rollups' steps then add up (./rollups.ts). */
function eventsOfRange(timeZone: string, from: string, to: string): SQL {
  return sql`with ev as (
    select e.type, e.user_id, e.company_id, e.product_id, e.keyword, e.results_count, e.language, e.duration,
      e.created_at
    from behaviour_event e
    where e.created_at >= (${from}::date)::timestamp at time zone ${timeZone}
      and e.created_at < ((${to}::date) + 1)::timestamp at time zone ${timeZone}
      and ${notQueued('e')}
  ), ${rollupSteps('ev', timeZone)} `;
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
    for (const table of ROLLUP_TABLES)
      await tx.execute(
        sql`delete from ${sql.identifier(table)} where day between ${from}::date and ${to}::date`,
      );
    // the range's rows are gone: the steps' additions are the range's totals
    await tx.execute(sql`${eventsOfRange(timeZone, from, to)} select 1`);
    const counted = await tx.execute(
      sql`select count(*)::int as n from stat_company_day where day between ${from}::date and ${to}::date`,
    );
    return { from, to, timeZone, companyDays: Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0) };
  });
}
