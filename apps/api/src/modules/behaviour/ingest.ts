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
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { arrayLiteral, type BulkColumn, bulkInsert, intArray } from '../../db/bulk';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { type Engine, ensureMonthPartition } from '../../engine';
import type { OpenContext, OpenPrepareContext, OpenRoute } from '../../open/types';
import { rollupSteps } from '../statistics/rollups';
import { collectSteps } from './collects';
import { projectEvents } from './projections';

// `POST /api/open/v1/events` (scope events:write): up to 500 behaviour events a batch. Each event is checked on
// its own; an event that is malformed or names an unknown user, company or product is reported with its index
// and stored nothing, the others are stored. An event carries the client's id and the time it happened: an
// event already stored with the same id and time is counted as a duplicate and changes nothing, so a retried
// batch writes once. In the one transaction of the request, one statement looks up the users, companies and
// products the batch names, and one appends the new events, adds the searches to the search history and (with
// `statistics.projection: queued`) queues the events for the projection job, which moves them a moment later, many
// batches at once; with `inline`, the same statement moves the statistics rollups and what each user has collected
// now, and the other projections follow in the same transaction (projections.ts): the counters of companies and
// products and the points.

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
  const at = Date.parse(e.occurredAt);
  // one spelling of the moment from here on (UTC, milliseconds): the key, the partition and the stored time
  e.occurredAt = new Date(at).toISOString();
  if (at > now.getTime() + FUTURE_SLACK_MS)
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

/** An event's identity: the client's id and the moment (normalised by shapeIssues). */
const keyOf = (e: { eventId: string; occurredAt: string }) => `${e.eventId}@${e.occurredAt}`;

const ids = (events: EventInput[], key: 'userId' | 'companyId' | 'productId') => [
  ...new Set(events.map((e) => e[key]).filter((v): v is number => v != null)),
];

/** What storing events needs of a request (the marketplace route's context, or a seed's). */
type IngestContext = Pick<OpenContext, 'db' | 'engine' | 'lang' | 'now'> & {
  timeZone?: string;
  projection?: OpenContext['projection'];
};

/** Stores a batch in the caller's transaction and answers what became of each event. */
export async function ingestEvents(ctx: IngestContext, raw: unknown[]) {
  const { lang, now } = ctx;
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
    const key = keyOf(event);
    if (seen.has(key)) {
      duplicates++;
      return;
    }
    seen.add(key);
    valid.push({ index, event });
  });

  // The references, one statement for the whole batch.
  const events = valid.map((v) => v.event);
  const { knownUsers, knownCompanies, productCompany } = await lookUpReferences(ctx, events);
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

  // the events stored now (a retried event is not among them) move the projections: queued in the statement
  // that stores them, or at once
  const stored = await appendEvents(ctx, accepted);
  duplicates += accepted.length - stored.length;
  if (ctx.projection !== 'queued') await projectEvents(ctx, stored);
  rejected.sort((a, b) => a.index - b.index);
  return { accepted: stored.length, duplicates, rejected };
}

/** Which of the users (marketplace users only), companies and products the events name exist, and each
 * product's company: one statement, each list as JSON. */
async function lookUpReferences(ctx: IngestContext, events: EventInput[]) {
  const { db, engine } = ctx;
  const users = table(engine, 'user_manager');
  const companies = table(engine, 'company');
  const products = table(engine, 'product');
  const [row] = rowsOf<{ users: number[]; companies: number[]; products: [number, number | null][] }>(
    await db.execute(sql`select
      coalesce((select json_agg(${users.col('id')}) from ${users.table}
        where ${users.col('id')} = any(${intArray(ids(events, 'userId'))})
          and ${users.col('type')} = any(${sql.param(arrayLiteral(MARKETPLACE_USER_TYPES))}::text[])), '[]') as users,
      coalesce((select json_agg(${companies.col('id')}) from ${companies.table}
        where ${companies.col('id')} = any(${intArray(ids(events, 'companyId'))})), '[]') as companies,
      coalesce((select json_agg(json_build_array(${products.col('id')}, ${products.col('companyId')}))
        from ${products.table} where ${products.col('id')} = any(${intArray(ids(events, 'productId'))})), '[]')
        as products`),
  );
  return {
    knownUsers: new Set(row!.users.map(Number)),
    knownCompanies: new Set(row!.companies.map(Number)),
    productCompany: new Map(
      row!.products.map(([id, company]) => [Number(id), company == null ? null : Number(company)] as const),
    ),
  };
}

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

/**
 * Appends the events, adds the searches among them to the search history and, where the projection is queued,
 * queues them, else moves the statistics rollups and the collect state by them, in one statement (the month
 * partitions first); answers the events that were new.
 */
async function appendEvents(ctx: IngestContext, events: EventInput[]): Promise<EventInput[]> {
  if (events.length === 0) return [];
  const { db, engine } = ctx;
  await ensureMonths(db, engine, events);
  const byKey = new Map(events.map((e) => [keyOf(e), e]));
  const at = ctx.now.toISOString();
  const searches = sql.identifier(table(engine, 'search_history').def.table);
  // queued for the projection job, or the rollups and the collect state moved here (the counters and points follow
  // in projectEvents)
  const queue =
    ctx.projection === 'queued'
      ? sql`, queued as (insert into behaviour_projection_queue (event_id, created_at, type, user_id, company_id,
            product_id, keyword, results_count, language, duration)
          select event_id, created_at, type, user_id, company_id, product_id, keyword, results_count, language,
            duration
          from stored)`
      : sql`, ${rollupSteps('stored', ctx.timeZone ?? DEFAULT_STATISTICS_TIME_ZONE)}, ${collectSteps('stored')}`;
  const inserted = rowsOf<{ event_id: string; at: string }>(
    await db.execute(sql`with stored as (${bulkInsert(
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
        e.occurredAt,
        at,
      ]),
      sql`on conflict do nothing
        returning event_id, type, user_id, company_id, product_id, keyword, results_count, language, duration,
          created_at`,
    )}),
    searched as (insert into ${searches}
      (keyword, user_id, language, results_count, event_id, created_at, updated_at)
      select keyword, user_id, language, results_count, event_id, created_at, ${at}::timestamptz
      from stored where type = 'search')${queue}
    select event_id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
    from stored`),
  );
  return inserted
    .map((r) => byKey.get(keyOf({ eventId: r.event_id, occurredAt: r.at })))
    .filter((e): e is EventInput => e !== undefined);
}

/** How many months back from the current one a batch's preparation makes partitions for. */
const PREPARED_MONTHS = 12;

/** The month partitions of both event tables for each month the events (normalised by shapeIssues) fall in. */
async function ensureMonths(db: Db, engine: Engine, events: readonly { occurredAt: string }[]) {
  const months = new Map<string, Date>();
  for (const e of events)
    if (!months.has(e.occurredAt.slice(0, 7))) months.set(e.occurredAt.slice(0, 7), new Date(e.occurredAt));
  for (const at of months.values()) {
    await ensureMonthPartition(db, behaviourEvent, at, engine);
    await ensureMonthPartition(db, searchHistory, at, engine);
  }
}

/** The month partitions of the batch's well-formed events of the last year, made before the ingestion's
 * transaction begins. Made inside it, a partition's creation (which locks the month's table and the default
 * partition until the transaction ends) and another batch's insert into both tables waited on each other, and
 * PostgreSQL broke the tie by failing one of them. In the transaction, ensureMonths then finds each made. */
async function prepareMonths(ctx: OpenPrepareContext, raw: unknown[]) {
  const months = new Map<string, { occurredAt: string }>();
  // older months are made, as before, only for events that were accepted (in the transaction): a key cannot have
  // tables made for any month it names
  const earliest = new Date(Date.UTC(ctx.now.getUTCFullYear(), ctx.now.getUTCMonth() - PREPARED_MONTHS, 1));
  for (const item of raw) {
    // a month is made for a well-formed event only; one such event a month is enough
    const said = (item as { occurredAt?: unknown } | null)?.occurredAt;
    const at = typeof said === 'string' ? Date.parse(said) : Number.NaN;
    if (Number.isNaN(at) || at < earliest.getTime()) continue;
    if (months.has(new Date(at).toISOString().slice(0, 7))) continue;
    const { event } = shapeIssues(item, ctx.now, 'en');
    if (event) months.set(event.occurredAt.slice(0, 7), event);
  }
  await ensureMonths(ctx.db, ctx.engine, [...months.values()]);
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
  prepare: async ({ body }, ctx) => prepareMonths(ctx, (body as z.infer<typeof eventBatch>).events),
  handler: async ({ body }, ctx) => ingestEvents(ctx, (body as z.infer<typeof eventBatch>).events),
};
