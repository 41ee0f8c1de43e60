import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bulkInsert, intArray, unnestRows } from '../../db/bulk';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Engine } from '../../engine';
import { scheduleJob } from '../../jobs/schedule';
import { awardEvents, foldPoints } from '../points';
import { PROJECTION_LOCK_KEY } from '../statistics/projection-queue';
import { rollupSteps } from '../statistics/rollups';
import { collectSteps } from './collects';
import { shareCountersLock } from './rebuild';

// What newly stored behaviour events move besides themselves: the statistics rollups, the collect state, the
// counters of companies and products and the points (ledger, users' points and levels), each event once. The
// rollups and the collect state move in the statement that has the events in hand (../statistics/rollups.ts,
// ./collects.ts); `projectEvents` moves the counters and points by increments. With `statistics.projection:
// inline` the ingestion does both in its own transaction; with `queued` it queues the events (their keys and what
// the projections read) in the statement that stores them, and the projection job (`projectQueue`, one node at a
// time under an advisory lock) takes up to QUEUE_BATCH of them at once, moving the rollups and the collect state in
// the statement that takes them, then the rest, in one transaction. A queued batch therefore touches each counter,
// rollup row and user row once for many ingestion calls, and the calls themselves take no lock a concurrent call
// waits for.
// A queued run buffers what moves wide rows with many indexes: the counters' increments go to
// `behaviour_counter_delta` and the users' points to `user_points_delta` (narrow rows, one index each), and the
// fold (`foldDeltas`) adds them to the companies, products and users every FOLD_EVERY_MS while the queue stays
// full and when it empties, so each of those rows is written once per fold instead of once per run. The inline
// projection writes them directly.
// Lock order (every writer takes them in this order, each set sorted by key): the rollups' rows, the collect rows,
// the counters' advisory lock shared, the counters' delta rows, companies, products, users, the users' delta rows.

/** A stored event as the projections read it. */
export type ProjectedEvent = {
  eventId: string;
  type: string;
  occurredAt: string;
  userId?: number | null;
  companyId?: number | null;
  productId?: number | null;
};

export type ProjectionContext = {
  db: Db;
  engine: Engine;
  now: Date;
  /** Queued runs: the counters and points go to their delta tables for the fold. */
  buffered?: boolean;
};

/** Moves the counters and points by the events (stored for the first time; the caller's transaction; the rollups
 * and the collect state have moved in the statement that stored or took them). */
export async function projectEvents(
  ctx: ProjectionContext,
  events: readonly ProjectedEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await applyCounters(ctx, events);
  await awardEvents(ctx.db, ctx.engine, [...events], ctx.now, { buffered: ctx.buffered === true });
}

/** Most queued events one projection transaction takes. */
export const QUEUE_BATCH = 20_000;

/** A queued event as the counters and points read it. */
type StoredRow = {
  event_id: string;
  type: string;
  user_id: number | null;
  company_id: number | null;
  product_id: number | null;
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
    if (!rowsOf<{ ok: boolean }>(lock)[0]?.ok) return { ran: false, projected: 0 };
    // the rollups and the collect state move in the statement that takes the events (../statistics/rollups.ts,
    // ./collects.ts), which answers what the counters and points read of each
    const taken = await tx.execute(sql`
      with taken as (
        delete from behaviour_projection_queue
        where ctid = any(array(select ctid from behaviour_projection_queue limit ${limit}))
        returning event_id, type, user_id, company_id, product_id, keyword, results_count, language, duration,
          created_at
      ), ${rollupSteps('taken', options.timeZone)}, ${collectSteps('taken')}
      select event_id, type, user_id, company_id, product_id, created_at from taken`);
    const rows = rowsOf<StoredRow>(taken);
    if (rows.length === 0) return { ran: true, projected: 0 };
    const events: ProjectedEvent[] = rows.map((r) => ({
      eventId: r.event_id,
      type: r.type,
      occurredAt: new Date(r.created_at).toISOString(),
      userId: r.user_id,
      companyId: r.company_id,
      productId: r.product_id,
    }));
    await projectEvents(
      {
        db: tx as unknown as Db,
        engine,
        now: options.now ?? new Date(),
        buffered: true,
      },
      events,
    );
    return { ran: true, projected: events.length };
  });
}

/** How long a node lets projected counters and points wait for the fold while events keep coming (at rest, the
 * fold follows the queue's emptying by one look). */
export const FOLD_EVERY_MS = 10_000;

/** A node's fold state: whether it has projected since its last fold, and when that fold ran. */
export type FoldState = { unfolded: boolean; foldedAt: number };

/**
 * Projects the queue until it is empty (or another node's run holds the lock); answers how many events it
 * projected. With a node's `fold` state (the projection job's), it folds the buffered counters and points every
 * FOLD_EVERY_MS while events keep coming, and on the first look that finds the queue empty; without one, it folds
 * at its end if it projected anything.
 */
export async function drainQueue(
  db: Db,
  engine: Engine,
  options: { timeZone: string; now?: Date; limit?: number; fold?: FoldState },
): Promise<number> {
  const state = options.fold ?? { unfolded: false, foldedAt: performance.now() };
  const fold = async () => {
    if (!(await foldDeltas(db, engine)).ran) return;
    state.unfolded = false;
    state.foldedAt = performance.now();
  };
  let total = 0;
  for (;;) {
    const { ran, projected } = await projectQueue(db, engine, options);
    total += projected;
    if (projected > 0) state.unfolded = true;
    if (!ran) return total;
    if (state.unfolded && performance.now() - state.foldedAt >= FOLD_EVERY_MS) await fold();
    if (projected < (options.limit ?? QUEUE_BATCH)) break;
  }
  if (state.unfolded && (options.fold === undefined || total === 0)) await fold();
  return total;
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
  if (ctx.buffered) return bufferCounters(ctx.db, companyDeltas, productDeltas);
  await bumpCounters(ctx, 'company', companyDeltas, ['collect_num', 'share_num']);
  await bumpCounters(ctx, 'product', productDeltas, ['collect_num', 'share_num', 'click_num']);
}

const DELTA_COLUMNS = [
  ['target', 'text'],
  ['target_id', 'int'],
  ['collect_num', 'int'],
  ['share_num', 'int'],
  ['click_num', 'int'],
] as const;

/** Adds a run's increments to the counters' delta rows (in key order), one statement. */
async function bufferCounters(db: Db, companies: Map<number, Delta>, products: Map<number, Delta>) {
  const rows: [string, number, number, number, number][] = [];
  for (const [target, deltas] of [
    ['company', companies],
    ['product', products],
  ] as const)
    for (const [id, d] of [...deltas].sort((a, b) => a[0] - b[0]))
      if (d.collect !== 0 || d.share !== 0 || d.click !== 0)
        rows.push([target, id, d.collect, d.share, d.click]);
  if (rows.length === 0) return;
  const add = sql.join(
    ['collect_num', 'share_num', 'click_num'].map(
      (c) => sql`${sql.identifier(c)} = t.${sql.identifier(c)} + excluded.${sql.identifier(c)}`,
    ),
    sql`, `,
  );
  await db.execute(
    bulkInsert(
      'behaviour_counter_delta',
      DELTA_COLUMNS,
      rows,
      sql`on conflict (target, target_id) do update set ${add}`,
    ),
  );
}

/**
 * Adds the buffered counters and points to the companies, products and users and deletes them, in one
 * transaction under the projection's lock (so no run adds to them meanwhile), unless another node's run holds it.
 */
export async function foldDeltas(db: Db, engine: Engine): Promise<{ ran: boolean; folded: number }> {
  return db.transaction(async (tx) => {
    const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${PROJECTION_LOCK_KEY}) as ok`);
    if (!rowsOf<{ ok: boolean }>(lock)[0]?.ok) return { ran: false, folded: 0 };
    const ctx = { db: tx as unknown as Db, engine };
    await shareCountersLock(ctx.db);
    const taken = (
      (await tx.execute(
        sql`delete from behaviour_counter_delta returning target, target_id, collect_num, share_num, click_num`,
      )) as unknown as {
        rows: {
          target: string;
          target_id: number;
          collect_num: number;
          share_num: number;
          click_num: number;
        }[];
      }
    ).rows;
    const deltas = { company: new Map<number, Delta>(), product: new Map<number, Delta>() };
    for (const r of taken)
      deltas[r.target as 'company' | 'product'].set(Number(r.target_id), {
        collect: Number(r.collect_num),
        share: Number(r.share_num),
        click: Number(r.click_num),
      });
    await bumpCounters(ctx, 'company', deltas.company, ['collect_num', 'share_num']);
    await bumpCounters(ctx, 'product', deltas.product, ['collect_num', 'share_num', 'click_num']);
    const users = await foldPoints(tx);
    return { ran: true, folded: taken.length + users };
  });
}

/**
 * Adds the deltas to the counters of a table's records in two statements: the rows are locked in id order first
 * (so concurrent batches take turns without deadlocking), then one update from a list of values moves them all.
 * A counter never goes below zero.
 */
async function bumpCounters(
  ctx: { db: Db; engine: Engine },
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
  // a node's first look folds whatever a node that stopped left buffered
  const fold: FoldState = { unfolded: true, foldedAt: 0 };
  scheduleJob(app, {
    name: 'behaviour: projection of queued events',
    everyMs: PROJECTION_EVERY_MS,
    run: () => drainQueue(app.db, engine, { timeZone, fold }),
  });
}
