import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

// What each user has collected now (`user_collect`): the state of the latest collect or uncollect event of each
// (user, company or product), ordered by the event's time and then its id, so that a batch arriving late or out
// of order never leaves an older state behind. The ingestion moves it in the transaction that stores the events
// (`applyCollects`); `rebuildUserCollects` recomputes it from every event and then equals what it held.
// A collect naming a product is a product collect (its company is the product's), otherwise a company collect.

/** What the collect state reads of a stored event. */
export type CollectEvent = {
  eventId: string;
  type: string;
  occurredAt: string | Date;
  userId?: number | null;
  companyId?: number | null;
  productId?: number | null;
};

type Pair = {
  userId: number;
  target: 'company' | 'product';
  targetId: number;
  companyId: number;
  collected: boolean;
  createdAt: string | null;
  updatedAt: string;
  lastEventId: string;
};

const later = (a: { at: string; id: string }, b: { at: string; id: string }) =>
  a.at > b.at || (a.at === b.at && a.id > b.id);

/** The collect state a set of events leaves, per (user, target) (pure: the property test uses it too). */
export function collectStates(
  events: readonly CollectEvent[],
  productCompany: ReadonlyMap<number, number | null>,
): Pair[] {
  const pairs = new Map<string, Pair>();
  for (const e of events) {
    if ((e.type !== 'collect' && e.type !== 'uncollect') || e.userId == null) continue;
    const onProduct = e.productId != null;
    const targetId = onProduct ? e.productId! : e.companyId;
    const companyId = onProduct ? productCompany.get(e.productId!) : e.companyId;
    if (targetId == null || companyId == null) continue;
    const target = onProduct ? 'product' : 'company';
    const at = new Date(e.occurredAt).toISOString();
    const key = `${e.userId}:${target}:${targetId}`;
    const collect = e.type === 'collect';
    const pair = pairs.get(key);
    if (!pair) {
      pairs.set(key, {
        userId: e.userId,
        target,
        targetId,
        companyId,
        collected: collect,
        createdAt: collect ? at : null,
        updatedAt: at,
        lastEventId: e.eventId,
      });
      continue;
    }
    if (collect && (pair.createdAt === null || at < pair.createdAt)) pair.createdAt = at;
    if (later({ at, id: e.eventId }, { at: pair.updatedAt, id: pair.lastEventId })) {
      pair.collected = collect;
      pair.updatedAt = at;
      pair.lastEventId = e.eventId;
    }
  }
  // rows in key order, so that concurrent batches lock them in the same order
  return [...pairs.values()].sort(
    (a, b) => a.userId - b.userId || a.target.localeCompare(b.target) || a.targetId - b.targetId,
  );
}

const CHUNK = 500;

/** Moves the collect state by newly stored events (each event once, in the storing transaction). */
export async function applyCollects(
  db: Db,
  events: readonly CollectEvent[],
  productCompany: ReadonlyMap<number, number | null>,
): Promise<void> {
  const pairs = collectStates(events, productCompany);
  for (let i = 0; i < pairs.length; i += CHUNK) {
    const values = sql.join(
      pairs
        .slice(i, i + CHUNK)
        .map(
          (p) =>
            sql`(${p.userId}::int, ${p.target}, ${p.targetId}::int, ${p.companyId}::int, ${p.collected}::boolean, ${p.createdAt}::timestamptz, ${p.updatedAt}::timestamptz, ${p.lastEventId})`,
        ),
      sql`, `,
    );
    // event ids compare byte by byte (collation C), as the rebuild orders them
    const newer = sql`(excluded.updated_at, excluded.last_event_id collate "C") > (c.updated_at, c.last_event_id collate "C")`;
    await db.execute(sql`
      insert into user_collect as c
        (user_id, target, target_id, company_id, collected, created_at, updated_at, last_event_id)
      values ${values}
      on conflict (user_id, target, target_id) do update set
        created_at = least(c.created_at, excluded.created_at),
        collected = case when ${newer} then excluded.collected else c.collected end,
        last_event_id = case when ${newer} then excluded.last_event_id else c.last_event_id end,
        updated_at = greatest(c.updated_at, excluded.updated_at)`);
  }
}

/** Recomputes every user's collect state from all the events, in one transaction. */
export async function rebuildUserCollects(db: Db): Promise<{ pairs: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from user_collect`);
    await tx.execute(sql`
      with ev as (
        select e.user_id, case when e.product_id is null then 'company' else 'product' end as target,
          coalesce(e.product_id, e.company_id) as target_id,
          case when e.product_id is null then e.company_id else p.company_id end as company_id,
          e.type, e.created_at, e.event_id
        from behaviour_event e left join product p on p.id = e.product_id
        where e.type in ('collect', 'uncollect') and e.user_id is not null
      ), ranked as (
        select *, row_number() over (
            partition by user_id, target, target_id order by created_at desc, event_id collate "C" desc) as n,
          min(created_at) filter (where type = 'collect') over (partition by user_id, target, target_id) as first
        from ev where target_id is not null and company_id is not null
      )
      insert into user_collect
        (user_id, target, target_id, company_id, collected, created_at, updated_at, last_event_id)
      select user_id, target, target_id, company_id, type = 'collect', first, created_at, event_id
      from ranked where n = 1`);
    const counted = await tx.execute(sql`select count(*)::int as n from user_collect`);
    const rows = (counted as unknown as { rows: { n: number }[] }).rows;
    return { pairs: Number(rows[0]?.n ?? 0) };
  });
}
