import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { intArray, unnestRows } from '../../db/bulk';
import type { Db } from '../../db/client';
import type { Engine } from '../../engine';
import { scheduleJob } from '../../jobs/schedule';
import { awardEvents } from '../points';
import { applyRollups, type RollupEvent } from '../statistics/rollups';
import { applyCollects } from './collects';
import { shareCountersLock } from './rebuild';

// What newly stored behaviour events move besides themselves: the counters of companies and products, the points
// (ledger, users' points and levels), the statistics rollups and the collect state. `projectEvents` moves them all
// by increments for a set of events, each event once: the ingestion calls it in its own transaction
// (`statistics.projection: inline`), or queues the events' keys in the statement that stores them (`queued`) and
// the projection job (`projectQueue`, one node at a time under an advisory lock) takes up to QUEUE_BATCH keys at
// once, projects those events and deletes the keys in one transaction. A queued batch therefore touches each
// counter, rollup row and user row once for many ingestion calls, and the calls themselves take no lock a
// concurrent call waits for.
// Lock order (every writer takes them in this order, each set sorted by key): the counters' advisory lock shared,
// companies, products, users, the rollups' rows, the collect rows.

/** A stored event as the projections read it (what the rollups read, with its id and time). */
export type ProjectedEvent = RollupEvent & { eventId: string; occurredAt: string };

export type ProjectionContext = { db: Db; engine: Engine; now: Date; timeZone: string };

/** Moves every projection by the events (stored for the first time; the caller's transaction).
 * `productCompany`: the company of each product they name. */
export async function projectEvents(
  ctx: ProjectionContext,
  events: readonly ProjectedEvent[],
  productCompany: ReadonlyMap<number, number | null>,
): Promise<void> {
  if (events.length === 0) return;
  await applyCounters(ctx, events);
  await awardEvents(ctx.db, ctx.engine, [...events], ctx.now);
  await applyRollups(ctx, events, productCompany);
  await applyCollects(ctx.db, events, productCompany);
}

/** Arbitrary constant naming the projection job's advisory lock. */
export const PROJECTION_LOCK_KEY = 7_310_402_311;
/** Most queued events one projection transaction takes. */
export const QUEUE_BATCH = 20_000;

type StoredRow = {
  event_id: string;
  type: string;
  user_id: number | null;
  company_id: number | null;
  product_id: number | null;
  keyword: string | null;
  results_count: number | null;
  language: string | null;
  duration: number | null;
  created_at: string | Date;
};

/**
 * Projects up to `limit` queued events and deletes their keys, in one transaction, unless another node's run holds
 * the lock (then answers `ran: false`). Answers how many it projected.
 */
export async function projectQueue(
  db: Db,
  engine: Engine,
  options: { timeZone: string; now?: Date; limit?: number },
): Promise<{ ran: boolean; projected: number }> {
  const limit = options.limit ?? QUEUE_BATCH;
  return db.transaction(async (tx) => {
    const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${PROJECTION_LOCK_KEY}) as ok`);
    if (!(lock as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok) return { ran: false, projected: 0 };
    const taken = await tx.execute(sql`
      with taken as (
        delete from behaviour_projection_queue
        where ctid = any(array(select ctid from behaviour_projection_queue limit ${limit}))
        returning event_id, created_at)
      select e.event_id, e.type, e.user_id, e.company_id, e.product_id, e.keyword, e.results_count, e.language,
        e.duration, e.created_at
      from taken k join behaviour_event e on e.event_id = k.event_id and e.created_at = k.created_at`);
    const rows = (taken as unknown as { rows: StoredRow[] }).rows;
    if (rows.length === 0) return { ran: true, projected: 0 };
    const events: ProjectedEvent[] = rows.map((r) => ({
      eventId: r.event_id,
      type: r.type,
      occurredAt: new Date(r.created_at).toISOString(),
      userId: r.user_id,
      companyId: r.company_id,
      productId: r.product_id,
      keyword: r.keyword,
      resultsCount: r.results_count,
      lang: r.language,
      duration: r.duration,
    }));
    const productIds = [...new Set(events.map((e) => e.productId).filter((v): v is number => v != null))];
    const owners =
      productIds.length === 0
        ? []
        : (
            (await tx.execute(
              sql`select id, company_id from product where id = any(${intArray(productIds)})`,
            )) as unknown as { rows: { id: number; company_id: number | null }[] }
          ).rows;
    const productCompany = new Map(
      owners.map((r) => [Number(r.id), r.company_id == null ? null : Number(r.company_id)] as const),
    );
    await projectEvents(
      { db: tx as unknown as Db, engine, now: options.now ?? new Date(), timeZone: options.timeZone },
      events,
      productCompany,
    );
    return { ran: true, projected: events.length };
  });
}

/** Projects the queue until it is empty (or another node's run holds the lock); answers how many it projected. */
export async function drainQueue(
  db: Db,
  engine: Engine,
  options: { timeZone: string; now?: Date; limit?: number },
): Promise<number> {
  let total = 0;
  for (;;) {
    const { ran, projected } = await projectQueue(db, engine, options);
    total += projected;
    if (!ran || projected < (options.limit ?? QUEUE_BATCH)) return total;
  }
}

type Delta = { collect: number; share: number; click: number };

/** The counters of companies and products follow the new events by increments, one update per record. */
async function applyCounters(ctx: ProjectionContext, events: readonly ProjectedEvent[]) {
  const companyDeltas = new Map<number, Delta>();
  const productDeltas = new Map<number, Delta>();
  const bump = (map: Map<number, Delta>, key: number, field: keyof Delta, by: number) => {
    const d = map.get(key) ?? { collect: 0, share: 0, click: 0 };
    d[field] += by;
    map.set(key, d);
  };
  for (const e of events) {
    const onProduct = e.productId != null;
    const target = onProduct ? productDeltas : companyDeltas;
    const key = (onProduct ? e.productId : e.companyId) as number;
    if (e.type === 'collect') bump(target, key, 'collect', 1);
    else if (e.type === 'uncollect') bump(target, key, 'collect', -1);
    else if (e.type === 'share') bump(target, key, 'share', 1);
    else if (e.type === 'view_product') bump(productDeltas, e.productId as number, 'click', 1);
  }
  if (companyDeltas.size + productDeltas.size === 0) return;
  // a rebuild of the counters (rebuild.ts) waits for the batches under way, and they for it
  await shareCountersLock(ctx.db);
  await bumpCounters(ctx, 'company', companyDeltas, ['collect_num', 'share_num']);
  await bumpCounters(ctx, 'product', productDeltas, ['collect_num', 'share_num', 'click_num']);
}

/**
 * Adds the deltas to the counters of a table's records in two statements: the rows are locked in id order first
 * (so concurrent batches take turns without deadlocking), then one update from a list of values moves them all.
 * A counter never goes below zero.
 */
async function bumpCounters(
  ctx: ProjectionContext,
  name: 'company' | 'product',
  deltas: Map<number, Delta>,
  columns: ('collect_num' | 'share_num' | 'click_num')[],
) {
  const moved = [...deltas]
    .filter(([, d]) => d.collect !== 0 || d.share !== 0 || (columns.includes('click_num') && d.click !== 0))
    .sort((a, b) => a[0] - b[0]);
  if (moved.length === 0) return;
  const target = sql.identifier(ctx.engine.get(name)!.def.table);
  await ctx.db.execute(
    sql`select id from ${target} where id = any(${intArray(moved.map(([id]) => id))}) order by id for update`,
  );
  const values = unnestRows(
    'v',
    [
      ['id', 'int'],
      ['collect', 'int'],
      ['share', 'int'],
      ['click', 'int'],
    ],
    moved.map(([id, d]) => [id, d.collect, d.share, d.click]),
  );
  const field = { collect_num: 'collect', share_num: 'share', click_num: 'click' } as const;
  const set = sql.join(
    columns.map(
      (c) =>
        sql`${sql.identifier(c)} = greatest(coalesce(t.${sql.identifier(c)}, 0) + v.${sql.identifier(field[c])}, 0)`,
    ),
    sql`, `,
  );
  await ctx.db.execute(sql`update ${target} as t set ${set} from (${values}) as v where t.id = v.id`);
}

/** How often each node looks at the queue (`statistics.projection: queued`). */
export const PROJECTION_EVERY_MS = 200;

/** With `statistics.projection: queued`, runs the projection on every node's timer until the queue is empty. */
export function scheduleProjection(app: FastifyInstance, engine: Engine): void {
  const { projection, timeZone } = app.config.deployment.statistics;
  if (projection !== 'queued') return;
  scheduleJob(app, {
    name: 'behaviour: projection of queued events',
    everyMs: PROJECTION_EVERY_MS,
    run: () => drainQueue(app.db, engine, { timeZone }),
  });
}
