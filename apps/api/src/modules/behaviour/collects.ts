import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

// What each user has collected now (`user_collect`): the state of the latest collect or uncollect event of each
// (user, company or product), ordered by the event's time and then its id, so that a batch arriving late or out
// of order never leaves an older state behind. One definition (`collectSteps`) moves it by a set of events, in the
// statement that has them in hand (as the statistics rollups move: ../statistics/rollups.ts): the ingestion's own
// with the inline projection, the queued run's, and `rebuildUserCollects`, which recomputes it from every event
// and then equals what it held. A collect naming a product is a product collect (its company is the product's),
// otherwise a company collect.

/**
 * The steps that move the collect state by the collects and uncollects of the common table expression `source`
 * (the columns of a stored event), to follow it in the same WITH list: per (user, target) the batch's latest
 * event, which replaces the stored state only when it is later (time, then event id byte by byte), and the first
 * collect's time, which moves the stored one back only. The rows go in key order, so that concurrent statements
 * lock them in the same order. Applying the same events again changes nothing.
 */
export function collectSteps(source: string): SQL {
  const newer = sql`(excluded.updated_at, excluded.last_event_id collate "C") > (c.updated_at, c.last_event_id collate "C")`;
  return sql`collect_last as (
      select distinct on (e.user_id, e.target, e.target_id) e.user_id, e.target, e.target_id, e.company_id,
        e.type = 'collect' as collected,
        min(e.created_at) filter (where e.type = 'collect')
          over (partition by e.user_id, e.target, e.target_id) as first,
        e.created_at, e.event_id
      from (
        select s.user_id, case when s.product_id is null then 'company' else 'product' end as target,
          coalesce(s.product_id, s.company_id) as target_id,
          case when s.product_id is null then s.company_id else p.company_id end as company_id,
          s.type, s.created_at, s.event_id
        from ${sql.identifier(source)} s left join product p on p.id = s.product_id
        where s.type in ('collect', 'uncollect') and s.user_id is not null
      ) e
      where e.target_id is not null and e.company_id is not null
      order by e.user_id, e.target, e.target_id, e.created_at desc, e.event_id collate "C" desc),
    collect_state as (insert into user_collect as c
        (user_id, target, target_id, company_id, collected, created_at, updated_at, last_event_id)
      select user_id, target, target_id, company_id, collected, first, created_at, event_id from collect_last
      order by user_id, target, target_id
      on conflict (user_id, target, target_id) do update set
        created_at = least(c.created_at, excluded.created_at),
        collected = case when ${newer} then excluded.collected else c.collected end,
        last_event_id = case when ${newer} then excluded.last_event_id else c.last_event_id end,
        updated_at = greatest(c.updated_at, excluded.updated_at))`;
}

/** Recomputes every user's collect state from all the events, in one transaction. */
export async function rebuildUserCollects(db: Db): Promise<{ pairs: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from user_collect`);
    await tx.execute(sql`
      with ev as (
        select event_id, type, user_id, company_id, product_id, created_at from behaviour_event
        where type in ('collect', 'uncollect') and user_id is not null
      ), ${collectSteps('ev')}
      select 1`);
    const counted = await tx.execute(sql`select count(*)::int as n from user_collect`);
    const rows = rowsOf<{ n: number }>(counted);
    return { pairs: Number(rows[0]?.n ?? 0) };
  });
}
