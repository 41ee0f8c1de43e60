import { t } from '@organiser/domain';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { ok, okSchema } from '../../plugins/envelope';
import { notQueued } from '../statistics/projection-queue';

// The counters of companies and products (collectNum, shareNum; and clickNum of products) are a projection of the
// behaviour events that the ingestion keeps by increments. This rebuilds them from the events of a period in one
// transaction: each counter becomes what the period's events add up to (collects minus uncollects, never below
// zero; shares; product views), and records without events in the period get zero. Ingestion takes the counters'
// advisory lock shared and the rebuild takes it alone, so no batch lands half-counted during a rebuild. Events
// still queued for the projection are left out (the projection adds them after), and the increments buffered for
// the fold are dropped (their events are counted here). Run it with a period that covers every event since the
// counters began (the default: all events).

/** Arbitrary constant naming the counters' advisory lock. */
export const COUNTERS_LOCK_KEY = 7_310_402_301;

/** The menu the rebuild's permission sits under (the behaviour events are read under the search history). */
const MENU = '/searchManage/search_history_list';

export type RebuildResult = { companies: number; products: number };

/** Held by each ingestion batch while it moves the counters. */
export async function shareCountersLock(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${COUNTERS_LOCK_KEY})`);
}

export async function rebuildCounters(
  db: Db,
  period: { from?: Date | null; to?: Date | null } = {},
): Promise<RebuildResult> {
  const from = (period.from ?? new Date(0)).toISOString();
  const to = (period.to ?? new Date('9999-12-31T00:00:00Z')).toISOString();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${COUNTERS_LOCK_KEY})`);
    await tx.execute(sql`delete from behaviour_counter_delta`);
    const inPeriod = sql`created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz
      and ${notQueued('behaviour_event')}`;
    const companies = rowsOf<{ id: number }>(
      await tx.execute(sql`
        with agg as (
          select company_id as id,
            greatest(sum(case type when 'collect' then 1 when 'uncollect' then -1 else 0 end), 0)::int as collect,
            sum(case when type = 'share' then 1 else 0 end)::int as share
          from behaviour_event
          where product_id is null and company_id is not null and ${inPeriod}
          group by company_id
        ), target as (
          select c.id, coalesce(a.collect, 0) as collect, coalesce(a.share, 0) as share
          from company c left join agg a on a.id = c.id
        )
        update company c set collect_num = target.collect, share_num = target.share
        from target
        where c.id = target.id
          and (c.collect_num is distinct from target.collect or c.share_num is distinct from target.share)
        returning c.id`),
    );
    const products = rowsOf<{ id: number }>(
      await tx.execute(sql`
        with agg as (
          select product_id as id,
            greatest(sum(case type when 'collect' then 1 when 'uncollect' then -1 else 0 end), 0)::int as collect,
            sum(case when type = 'share' then 1 else 0 end)::int as share,
            sum(case when type = 'view_product' then 1 else 0 end)::int as click
          from behaviour_event
          where product_id is not null and ${inPeriod}
          group by product_id
        ), target as (
          select p.id, coalesce(a.collect, 0) as collect, coalesce(a.share, 0) as share, coalesce(a.click, 0) as click
          from product p left join agg a on a.id = p.id
        )
        update product p set collect_num = target.collect, share_num = target.share, click_num = target.click
        from target
        where p.id = target.id
          and (p.collect_num is distinct from target.collect or p.share_num is distinct from target.share
            or p.click_num is distinct from target.click)
        returning p.id`),
    );
    return { companies: companies.length, products: products.length };
  });
}

const period = z
  .strictObject({
    from: z
      .string()
      .datetime({ offset: true })
      .nullish()
      .describe('First moment counted (default: the beginning)'),
    to: z
      .string()
      .datetime({ offset: true })
      .nullish()
      .describe('First moment not counted (default: no end)'),
  })
  .refine((p) => !p.from || !p.to || new Date(p.from) < new Date(p.to), {
    path: ['to'],
    message: 'to must be after from',
  });

/** `POST /api/behaviour/rebuild_counters`: the rebuild as an organiser's action (its own resource permission). */
export const rebuildCountersRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/behaviour/rebuild_counters',
    {
      config: {
        access: {
          kind: 'resource',
          menu: MENU,
          name: t('Rebuild company and product counters', '重建企业与产品计数'),
        },
      },
      schema: {
        tags: ['behaviour'],
        operationId: 'behaviour_rebuild_counters',
        summary:
          'Rebuild the collect, share and click counters of companies and products from the behaviour events of a period',
        body: period,
        response: {
          200: okSchema(
            z.object({
              companies: z.number().int().describe('Companies whose counters changed'),
              products: z.number().int().describe('Products whose counters changed'),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { from, to } = request.body;
      return ok(
        await rebuildCounters(app.db, {
          from: from ? new Date(from) : null,
          to: to ? new Date(to) : null,
        }),
      );
    },
  );
};
