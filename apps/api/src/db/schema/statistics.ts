import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// Statistics rollups: what the behaviour events add up to per day (in the deployment's time zone,
// `statistics.timeZone`), kept up to date by increments in the transaction that stores the events
// (src/modules/statistics/rollups.ts) and rebuilt for a date range from the events by `rebuildRollups`.
// They are plain tables, not engine entities or events: their rows are moved in place by increments (an
// event table is append-only, an entity row is written whole with its history), and no screen edits them.

/** The counts every rollup row keeps. `duration` is in seconds. */
const counts = () => ({
  pageViews: integer('page_views').notNull().default(0),
  productViews: integer('product_views').notNull().default(0),
  duration: bigint('duration', { mode: 'number' }).notNull().default(0),
  collects: integer('collects').notNull().default(0),
  uncollects: integer('uncollects').notNull().default(0),
  shares: integer('shares').notNull().default(0),
  downloads: integer('downloads').notNull().default(0),
  priceRequests: integer('price_requests').notNull().default(0),
  contactExchanges: integer('contact_exchanges').notNull().default(0),
});

/** Per day and company: its own page, and its products (a product event counts for the product's company). */
export const statCompanyDay = pgTable(
  'stat_company_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    companyId: integer('company_id').notNull(),
    /** Distinct signed-in buyers who viewed the company's page or one of its products that day (exact: one
     * row per visitor in stat_company_visitor). Anonymous visits have no identity and are not counted. */
    uniqueVisitors: integer('unique_visitors').notNull().default(0),
    ...counts(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] }), index('stat_company_day_day_idx').on(t.day)],
);

/** Who visited a company on a day: one row per (day, company, user), so unique visitors stay exact. */
export const statCompanyVisitor = pgTable(
  'stat_company_visitor',
  {
    day: date('day', { mode: 'string' }).notNull(),
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.userId] })],
);

/** Per day and product (with its company, for a supplier's scope). */
export const statProductDay = pgTable(
  'stat_product_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productId: integer('product_id').notNull(),
    companyId: integer('company_id').notNull(),
    ...counts(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.day] }),
    index('stat_product_day_company_idx').on(t.companyId, t.day),
    // the dashboard's most viewed products of a period
    index('stat_product_day_day_idx').on(t.day),
  ],
);

/** Per day and user: every event of the user, whatever it was about. */
export const statUserDay = pgTable(
  'stat_user_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    events: integer('events').notNull().default(0),
    searches: integer('searches').notNull().default(0),
    leads: integer('leads').notNull().default(0),
    logins: integer('logins').notNull().default(0),
    ...counts(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('stat_user_day_day_idx').on(t.day)],
);

/** Per day, user and company (the company's page and its products): the user's company drill-downs. */
export const statUserCompanyDay = pgTable(
  'stat_user_company_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    companyId: integer('company_id').notNull(),
    ...counts(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.companyId, t.day] }),
    index('stat_user_company_day_company_idx').on(t.companyId, t.day),
  ],
);

/** Per day, user and product: the user's product drill-downs. */
export const statUserProductDay = pgTable(
  'stat_user_product_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    productId: integer('product_id').notNull(),
    companyId: integer('company_id').notNull(),
    ...counts(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId, t.day] }),
    index('stat_user_product_day_company_idx').on(t.companyId, t.day),
  ],
);

/** Per day and search keyword (trimmed, lower-cased) and language ('' when the client sent none). */
export const statKeywordDay = pgTable(
  'stat_keyword_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    keyword: text('keyword').notNull(),
    language: text('language').notNull().default(''),
    searches: integer('searches').notNull().default(0),
    /** Searches that found nothing. */
    emptySearches: integer('empty_searches').notNull().default(0),
    /** The results counts of the searches added up (a search without one counts 0): the average is this over
     * `searches`. */
    resultsTotal: bigint('results_total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.keyword, t.language] }),
    // a keyword's searches over a period (the hot words' counts, the search summary's rows of one keyword)
    index('stat_keyword_day_keyword_idx').on(t.keyword, t.day),
  ],
);

/** Who searched a keyword on a day: one row per (day, keyword, language, signed-in user), so the search summary
 * counts each user once over any period (anonymous searches have no identity and are not counted). */
export const statKeywordUser = pgTable(
  'stat_keyword_user',
  {
    day: date('day', { mode: 'string' }).notNull(),
    keyword: text('keyword').notNull(),
    language: text('language').notNull().default(''),
    userId: integer('user_id').notNull(),
  },
  // keyword first: the summary counts the users of one page's keywords over a period through it
  (t) => [primaryKey({ columns: [t.keyword, t.language, t.day, t.userId] })],
);

/**
 * What each user has collected, one row per (user, company or product) they ever collected or uncollected:
 * `collected` is the state of the latest collect or uncollect event (by its time, then its event id), so it is
 * the events' last state whatever order they arrived in. `createdAt` is the first collect, `updatedAt` the
 * latest collect or uncollect. Kept in the ingestion transaction (src/modules/behaviour/collects.ts) and rebuilt
 * from every event by `rebuildUserCollects`. A product's row names its company, for a supplier's scope.
 */
export const userCollect = pgTable(
  'user_collect',
  {
    userId: integer('user_id').notNull(),
    /** 'company' or 'product'. */
    target: text('target').notNull(),
    targetId: integer('target_id').notNull(),
    companyId: integer('company_id').notNull(),
    collected: boolean('collected').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** The event that set `collected` (breaks a tie between events of the same time). */
    lastEventId: text('last_event_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.target, t.targetId] }),
    index('user_collect_company_idx').on(t.companyId),
  ],
);

/**
 * The behaviour events stored but not yet projected (`statistics.projection: queued`): the ingestion adds each new
 * event's key, with what the projections read of it, in the statement that stores it; the projection takes a batch
 * of rows, moves the counters, rollups, collect state and points by those events and deletes the rows, in one
 * transaction (so each event is projected exactly once, without reading the events' table). Empty with `inline`.
 * No index: the projection takes rows by their place (ctid), and a rebuild's look for the events still queued
 * joins the whole queue at once (a hash join), so an index would only cost each stored event an insert.
 */
export const behaviourProjectionQueue = pgTable('behaviour_projection_queue', {
  eventId: text('event_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  type: text('type').notNull(),
  userId: integer('user_id'),
  companyId: integer('company_id'),
  productId: integer('product_id'),
  keyword: text('keyword'),
  resultsCount: integer('results_count'),
  language: text('language'),
  duration: integer('duration'),
});

/**
 * The counters of companies and products that queued projection runs moved and no fold has written yet
 * (`statistics.projection: queued`): each run adds its increments here, to narrow rows with one index, and the
 * fold (every few seconds while the queue stays full, and when it empties) adds them to the records and deletes
 * them, so a record's wide row (and its many indexes) is written once per fold instead of once per run. A
 * counter's value is the record's column plus its row here.
 */
export const behaviourCounterDelta = pgTable(
  'behaviour_counter_delta',
  {
    target: text('target', { enum: ['company', 'product'] }).notNull(),
    targetId: integer('target_id').notNull(),
    collectNum: integer('collect_num').notNull().default(0),
    shareNum: integer('share_num').notNull().default(0),
    clickNum: integer('click_num').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.target, t.targetId] })],
);

/**
 * The points that queued projection runs awarded and no fold has added to the users' rows yet, by user: a
 * user's points are `user_manager.points` plus their row here (both equal the ledger's sum). Written and read
 * under the user's row lock, like every ledger writer; a writer that sets a user's points itself takes the row
 * in (deletes it) in the same transaction.
 */
export const userPointsDelta = pgTable('user_points_delta', {
  userId: integer('user_id').primaryKey(),
  points: integer('points').notNull(),
});
