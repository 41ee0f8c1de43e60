import {
  BEHAVIOUR_BATCH_MAX,
  BEHAVIOUR_TYPES,
  type BehaviourType,
  behaviourEvent,
  DEFAULT_STATISTICS_TIME_ZONE,
  type Lang,
  MARKETPLACE_USER_TYPES,
  searchHistory,
  t,
} from '@organiser/domain';
import { and, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type BulkColumn, bulkInsert, intArray } from '../../db/bulk';
import { type Engine, ensureMonthPartition } from '../../engine';
import type { OpenContext, OpenRoute } from '../../open/types';
import { enqueueEvents, projectEvents } from './projections';

// `POST /api/open/v1/events` (scope events:write): up to 500 behaviour events a batch. Each event is checked on
// its own; an event that is malformed or names an unknown user, company or product is reported with its index
// and stored nothing, the others are stored. An event carries the client's id and the time it happened: an
// event already stored with the same id and time is counted as a duplicate and changes nothing, so a retried
// batch writes once. In the one transaction of the request the new events are appended (one statement) and the
// searches join the search history; then the projections follow (projections.ts): the counters of companies and
// products, the points, the statistics rollups and what each user has collected now move by increments in the
// same transaction (`statistics.projection: inline`), or the events are queued and the projection job moves them a
// moment later, many batches at once (`queued`).

const id = z.number().int().positive().max(2147483647);
/** How far in the future an event's time may lie (clocks differ a little). */
const FUTURE_SLACK_MS = 5 * 60_000;

export const behaviourEventInput = z
  .object({
    eventId: z.string().trim().min(1).max(64).describe('The client’s own id of the event (a UUID is fine)'),
    type: z.enum(BEHAVIOUR_TYPES),
    occurredAt: z.string().datetime({ offset: true }).describe('When it happened (ISO 8601)'),
    userId: id.optional().nullable().describe('The marketplace user; absent for an anonymous visitor'),
    companyId: id.optional().nullable(),
    productId: id.optional().nullable(),
    keyword: z.string().trim().min(1).max(200).optional().nullable(),
    resultsCount: z.number().int().min(0).max(1_000_000_000).optional().nullable(),
    lang: z.enum(['en', 'zh']).optional().nullable(),
    duration: z.number().int().min(0).max(86_400).optional().nullable().describe('Seconds on the page'),
  })
  .strict();

type EventInput = z.infer<typeof behaviourEventInput>;

export const eventBatch = z.object({
  events: z
    .array(z.unknown())
    .min(1)
    .max(BEHAVIOUR_BATCH_MAX)
    .describe(`1 to ${BEHAVIOUR_BATCH_MAX} events, each checked on its own`),
});

const fieldError = z.object({ field: z.string(), message: z.string() });
const ingestAnswer = z.object({
  accepted: z.number().int().describe('Events stored by this call'),
  duplicates: z.number().int().describe('Events already stored (same event id and time): nothing changed'),
  rejected: z.array(
    z.object({ index: z.number().int(), eventId: z.string().nullable(), errors: z.array(fieldError) }),
  ),
});

type Rejection = z.infer<typeof ingestAnswer>['rejected'][number];

/** What each action needs besides the user. */
const NEEDS: Partial<Record<BehaviourType, 'company' | 'product' | 'target' | 'keyword'>> = {
  view_company: 'company',
  view_product: 'product',
  collect: 'target',
  uncollect: 'target',
  share: 'target',
  search: 'keyword',
  request_price: 'target',
  exchange_contacts: 'company',
};

function table(engine: Engine, name: string) {
  const found = engine.get(name);
  if (!found) throw new Error(`entity ${name} is not registered`);
  return found;
}

function shapeIssues(
  raw: unknown,
  now: Date,
  lang: Lang,
): { event?: EventInput; errors: Rejection['errors'] } {
  const parsed = behaviourEventInput.safeParse(raw);
  if (!parsed.success)
    return {
      errors: parsed.error.issues.map((i) => ({
        field: i.path.join('.') || 'event',
        message: i.message,
      })),
    };
  const e = parsed.data;
  const errors: Rejection['errors'] = [];
  const msg = (en: string, zh: string) => t(en, zh)[lang];
  if (new Date(e.occurredAt).getTime() > now.getTime() + FUTURE_SLACK_MS)
    errors.push({ field: 'occurredAt', message: msg('Lies in the future', '时间晚于当前时间') });
  const need = NEEDS[e.type];
  if (need === 'company' && e.companyId == null)
    errors.push({ field: 'companyId', message: msg('Required for this action', '此行为必须提供') });
  if (need === 'product' && e.productId == null)
    errors.push({ field: 'productId', message: msg('Required for this action', '此行为必须提供') });
  if (need === 'target' && e.companyId == null && e.productId == null)
    errors.push({
      field: 'companyId',
      message: msg('A company or a product is required', '必须提供企业或产品'),
    });
  if (need === 'keyword' && !e.keyword)
    errors.push({ field: 'keyword', message: msg('Required for a search', '搜索必须提供关键词') });
  return errors.length > 0 ? { errors } : { event: e, errors };
}

const ids = (events: EventInput[], key: 'userId' | 'companyId' | 'productId') => [
  ...new Set(events.map((e) => e[key]).filter((v): v is number => v != null)),
];

/** Stores a batch in the caller's transaction and answers what became of each event. */
/** What storing events needs of a request (the marketplace route's context, or a seed's). */
type IngestContext = Pick<OpenContext, 'db' | 'engine' | 'lang' | 'now'> & {
  timeZone?: string;
  projection?: OpenContext['projection'];
};

export async function ingestEvents(ctx: IngestContext, raw: unknown[]) {
  const { db, engine, lang, now } = ctx;
  const msg = (en: string, zh: string) => t(en, zh)[lang];
  const rejected: Rejection[] = [];
  const valid: { index: number; event: EventInput }[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  raw.forEach((item, index) => {
    const { event, errors } = shapeIssues(item, now, lang);
    if (!event) {
      const eventId = (item as { eventId?: unknown } | null)?.eventId;
      rejected.push({ index, eventId: typeof eventId === 'string' ? eventId : null, errors });
      return;
    }
    const key = `${event.eventId}@${new Date(event.occurredAt).toISOString()}`;
    if (seen.has(key)) {
      duplicates++;
      return;
    }
    seen.add(key);
    valid.push({ index, event });
  });

  // The references, three queries for the whole batch.
  const events = valid.map((v) => v.event);
  const users = table(engine, 'user_manager');
  const companies = table(engine, 'company');
  const products = table(engine, 'product');
  const userIds = ids(events, 'userId');
  const companyIds = ids(events, 'companyId');
  const productIds = ids(events, 'productId');
  const knownUsers = new Set(
    userIds.length === 0
      ? []
      : (
          (await db
            .select({ id: users.col('id') })
            .from(users.table)
            .where(
              and(
                sql`${users.col('id')} = any(${intArray(userIds)})`,
                inArray(users.col('type'), [...MARKETPLACE_USER_TYPES] as never[]),
              ),
            )) as { id: number }[]
        ).map((r) => Number(r.id)),
  );
  const knownCompanies = new Set(
    companyIds.length === 0
      ? []
      : (
          (await db
            .select({ id: companies.col('id') })
            .from(companies.table)
            .where(sql`${companies.col('id')} = any(${intArray(companyIds)})`)) as { id: number }[]
        ).map((r) => Number(r.id)),
  );
  const productCompany = new Map(
    productIds.length === 0
      ? []
      : (
          (await db
            .select({ id: products.col('id'), companyId: products.col('companyId') })
            .from(products.table)
            .where(sql`${products.col('id')} = any(${intArray(productIds)})`)) as {
            id: number;
            companyId: number | null;
          }[]
        ).map((r) => [Number(r.id), r.companyId == null ? null : Number(r.companyId)] as const),
  );
  const accepted: EventInput[] = [];
  for (const { index, event: e } of valid) {
    const errors: Rejection['errors'] = [];
    if (e.userId != null && !knownUsers.has(e.userId))
      errors.push({
        field: 'userId',
        message: msg(`No marketplace user with id ${e.userId}`, `不存在 ID 为 ${e.userId} 的买家`),
      });
    if (e.companyId != null && !knownCompanies.has(e.companyId))
      errors.push({
        field: 'companyId',
        message: msg(`No company with id ${e.companyId}`, `不存在 ID 为 ${e.companyId} 的企业`),
      });
    if (e.productId != null) {
      const owner = productCompany.get(e.productId);
      if (owner === undefined)
        errors.push({
          field: 'productId',
          message: msg(`No product with id ${e.productId}`, `不存在 ID 为 ${e.productId} 的产品`),
        });
      else if (e.companyId != null && owner !== e.companyId)
        errors.push({
          field: 'productId',
          message: msg(
            `No product with id ${e.productId} of company ${e.companyId}`,
            `企业 ${e.companyId} 没有 ID 为 ${e.productId} 的产品`,
          ),
        });
    }
    if (errors.length > 0) rejected.push({ index, eventId: e.eventId, errors });
    else accepted.push(e);
  }

  const stored = await appendEvents(ctx, accepted);
  duplicates += accepted.length - stored.length;
  // the events stored now (a retried event is not among them) move the projections, at once or by the queue
  if (ctx.projection === 'queued') await enqueueEvents(db, stored);
  else
    await projectEvents(
      { ...ctx, timeZone: ctx.timeZone ?? DEFAULT_STATISTICS_TIME_ZONE },
      stored,
      productCompany,
    );
  rejected.sort((a, b) => a.index - b.index);
  return { accepted: stored.length, duplicates, rejected };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const EVENT_COLUMNS: BulkColumn[] = [
  ['event_id', 'text'],
  ['type', 'text'],
  ['user_id', 'int'],
  ['company_id', 'int'],
  ['product_id', 'int'],
  ['keyword', 'text'],
  ['results_count', 'int'],
  ['language', 'text'],
  ['duration', 'int'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];
const SEARCH_COLUMNS: BulkColumn[] = [
  ['keyword', 'text'],
  ['user_id', 'int'],
  ['language', 'text'],
  ['results_count', 'int'],
  ['event_id', 'text'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];

/** Appends the events in one statement (the month partitions first); answers those that were new. */
async function appendEvents(ctx: IngestContext, events: EventInput[]): Promise<EventInput[]> {
  if (events.length === 0) return [];
  const { db, engine } = ctx;
  const months = new Map<string, Date>();
  for (const e of events) {
    const at = new Date(e.occurredAt);
    months.set(`${at.getUTCFullYear()}-${at.getUTCMonth()}`, at);
  }
  for (const at of months.values()) {
    await ensureMonthPartition(db, behaviourEvent, at, engine);
    await ensureMonthPartition(db, searchHistory, at, engine);
  }
  const byKey = new Map(events.map((e) => [`${e.eventId}@${new Date(e.occurredAt).getTime()}`, e]));
  const at = ctx.now.toISOString();
  const inserted = rowsOf<{ event_id: string; created_at: string | Date }>(
    await db.execute(
      bulkInsert(
        table(engine, 'behaviour_event').def.table,
        EVENT_COLUMNS,
        events.map((e) => [
          e.eventId,
          e.type,
          e.userId,
          e.companyId,
          e.productId,
          e.keyword,
          e.resultsCount,
          e.lang,
          e.duration,
          new Date(e.occurredAt).toISOString(),
          at,
        ]),
        sql`on conflict do nothing returning event_id, created_at`,
      ),
    ),
  );
  const fresh = inserted
    .map((r) => byKey.get(`${r.event_id}@${new Date(r.created_at).getTime()}`))
    .filter((e): e is EventInput => e !== undefined);
  const searches = fresh.filter((e) => e.type === 'search');
  if (searches.length > 0)
    await db.execute(
      bulkInsert(
        table(engine, 'search_history').def.table,
        SEARCH_COLUMNS,
        searches.map((e) => [
          e.keyword,
          e.userId,
          e.lang,
          e.resultsCount,
          e.eventId,
          new Date(e.occurredAt).toISOString(),
          at,
        ]),
      ),
    );
  return fresh;
}

export const ingestEventsRoute: OpenRoute = {
  method: 'POST',
  url: '/events',
  operationId: 'openIngestEvents',
  summary: 'What buyers did on the marketplace, up to 500 events a call',
  description:
    'Each event is checked on its own: a malformed event, or one naming an unknown user, company or product, is answered in `rejected` with its index and stores nothing; the others are stored. An event already stored with the same `eventId` and `occurredAt` is counted in `duplicates` and changes nothing, so a retried batch writes once. Searches join the search history; collects, uncollects, shares and product views move the counters of the company or product, and the events earn their points: in the same call, or a moment after it where the deployment queues them (`statistics.projection: queued`).',
  scope: 'events:write',
  body: eventBatch,
  response: ingestAnswer,
  examples: {
    body: {
      events: [
        {
          eventId: '5f0c2a4e-1b7d-4c59-9a51-0d6c1f7e2b10',
          type: 'view_product',
          occurredAt: '2026-11-26T09:30:00.000Z',
          userId: 1042,
          companyId: 12,
          productId: 301,
          duration: 45,
        },
        {
          eventId: '9b2e6f1a-3c4d-4e8f-8a7b-6c5d4e3f2a19',
          type: 'search',
          occurredAt: '2026-11-26T09:31:10.000Z',
          userId: 1042,
          keyword: 'LED panel',
          resultsCount: 37,
          lang: 'en',
        },
        {
          eventId: 'c1',
          type: 'collect',
          occurredAt: '2026-11-26T09:32:00.000Z',
          userId: 1042,
          companyId: 999,
        },
      ],
    },
    response: {
      accepted: 2,
      duplicates: 0,
      rejected: [
        { index: 2, eventId: 'c1', errors: [{ field: 'companyId', message: 'No company with id 999' }] },
      ],
    },
  },
  handler: async ({ body }, ctx) => ingestEvents(ctx, (body as z.infer<typeof eventBatch>).events),
};
