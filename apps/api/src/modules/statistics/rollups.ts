import { DEFAULT_STATISTICS_TIME_ZONE } from '@organiser/domain';
import { getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type BulkColumn, bulkInsert } from '../../db/bulk';
import type { Db } from '../../db/client';
import { entityTables } from '../../db/schema/entities';
import {
  statCompanyDay,
  statCompanyVisitor,
  statKeywordDay,
  statKeywordUser,
  statProductDay,
  statUserCompanyDay,
  statUserDay,
  statUserProductDay,
} from '../../db/schema/statistics';

// The statistics rollups follow the behaviour events by increments, in the transaction that stores them
// (`applyRollups`, called by the ingestion with the events it has just stored, never a duplicate). Each table
// is moved by one `INSERT … ON CONFLICT DO UPDATE SET n = n + excluded.n` per chunk, its rows sorted by key
// so that concurrent batches take their row locks in the same order (no deadlock). Unique visitors stay
// exact: a visitor row per (company, day, user) is inserted first, and only those that were new count.
// `rebuildRollups` recomputes a date range from the events; it then equals what the increments built.

/** What the rollups read of a stored event. */
export type RollupEvent = {
  type: string;
  occurredAt: string | Date;
  userId?: number | null;
  companyId?: number | null;
  productId?: number | null;
  keyword?: string | null;
  resultsCount?: number | null;
  lang?: string | null;
  duration?: number | null;
};

export type RollupContext = { db: Db; timeZone?: string };

export const COUNT_KEYS = [
  'pageViews',
  'productViews',
  'duration',
  'collects',
  'uncollects',
  'shares',
  'downloads',
  'priceRequests',
  'contactExchanges',
] as const;
type CountKey = (typeof COUNT_KEYS)[number];
type Counts = Record<CountKey, number>;

const zero = (): Counts => ({
  pageViews: 0,
  productViews: 0,
  duration: 0,
  collects: 0,
  uncollects: 0,
  shares: 0,
  downloads: 0,
  priceRequests: 0,
  contactExchanges: 0,
});

/** Which count an event type moves (besides the duration of page views). */
const COUNTED: Record<string, CountKey> = {
  view_company: 'pageViews',
  view_product: 'productViews',
  collect: 'collects',
  uncollect: 'uncollects',
  share: 'shares',
  download: 'downloads',
  request_price: 'priceRequests',
  exchange_contacts: 'contactExchanges',
};

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

/** The counts one event adds. */
function countsOf(e: RollupEvent): Counts {
  const c = zero();
  const key = COUNTED[e.type];
  if (key) c[key] = 1;
  if (e.type === 'view_company' || e.type === 'view_product') c.duration = e.duration ?? 0;
  return c;
}

type Row = {
  key: string;
  values: Record<string, string | number>;
  /** The key's values in order (what rows are sorted by). */
  order: (string | number)[];
  counts: Record<string, number>;
};

class Acc {
  readonly rows = new Map<string, Row>();
  add(keyValues: Record<string, string | number>, counts: Record<string, number>) {
    const order = Object.values(keyValues);
    const key = order.join('\u0000');
    let row = this.rows.get(key);
    if (!row) {
      row = { key, values: keyValues, order, counts: {} };
      this.rows.set(key, row);
    }
    const sums = row.counts;
    for (const k in counts) sums[k] = (sums[k] ?? 0) + counts[k]!;
  }
  /** Rows in key order (each value compared as its type: numbers as numbers). */
  sorted(): Row[] {
    return [...this.rows.values()].sort((a, b) => {
      const av = a.order;
      const bv = b.order;
      for (let i = 0; i < av.length; i++) {
        const x = av[i]!;
        const y = bv[i]!;
        if (x !== y) return x < y ? -1 : 1;
      }
      return 0;
    });
  }
}

/** Everything a set of events adds to each rollup (pure; the property test compares it too). */
export function aggregate(
  events: readonly RollupEvent[],
  timeZone: string,
  productCompany: ReadonlyMap<number, number | null>,
) {
  const company = new Acc();
  const visitors = new Acc();
  const product = new Acc();
  const user = new Acc();
  const userCompany = new Acc();
  const userProduct = new Acc();
  const keyword = new Acc();
  const keywordUsers = new Acc();
  for (const e of events) {
    const day = dayIn(timeZone, e.occurredAt);
    const c = countsOf(e);
    const owner = e.productId != null ? (productCompany.get(e.productId) ?? null) : null;
    const companyId = e.companyId ?? owner;
    if (companyId != null) {
      company.add({ companyId, day }, c);
      if (e.userId != null && (e.type === 'view_company' || e.type === 'view_product'))
        visitors.add({ companyId, day, userId: e.userId }, {});
    }
    if (e.productId != null && owner != null)
      product.add({ productId: e.productId, day, companyId: owner }, c);
    if (e.userId != null) {
      user.add(
        { userId: e.userId, day },
        {
          ...c,
          events: 1,
          searches: e.type === 'search' ? 1 : 0,
          leads: e.type === 'post_lead' ? 1 : 0,
          logins: e.type === 'login' ? 1 : 0,
        },
      );
      if (companyId != null) userCompany.add({ userId: e.userId, companyId, day }, c);
      if (e.productId != null && owner != null)
        userProduct.add({ userId: e.userId, productId: e.productId, day, companyId: owner }, c);
    }
    if (e.type === 'search' && e.keyword) {
      const key = { day, keyword: e.keyword.trim().toLowerCase(), language: e.lang ?? '' };
      keyword.add(key, {
        searches: 1,
        emptySearches: e.resultsCount === 0 ? 1 : 0,
        resultsTotal: e.resultsCount ?? 0,
      });
      if (e.userId != null) keywordUsers.add({ ...key, userId: e.userId }, {});
    }
  }
  return { company, visitors, product, user, userCompany, userProduct, keyword, keywordUsers };
}

/** Rows per statement: unnest binds one array per column, so a statement costs little more per row than per call. */
const CHUNK = 5000;

/** The columns of a bulk statement over a table's rows: each key's and count's name and type. */
function columnsOf(table: PgTable, keys: string[]): BulkColumn[] {
  const columns = table as unknown as Record<string, PgColumn>;
  return keys.map((k) => [columns[k]!.name, columns[k]!.getSQLType()] as const);
}

/** Upserts rows adding their counts to those stored, in one statement per chunk (`target`: the primary key). */
async function upsert(db: Db, table: PgTable, target: PgColumn[], rows: Row[]) {
  if (rows.length === 0) return;
  const keyKeys = Object.keys(rows[0]!.values);
  const countKeys = Object.keys(rows[0]!.counts);
  const columns = columnsOf(table, [...keyKeys, ...countKeys]);
  const conflict = sql.join(
    target.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const set = sql.join(
    columns
      .slice(keyKeys.length)
      .map(
        ([name]) =>
          sql`${sql.identifier(name)} = t.${sql.identifier(name)} + excluded.${sql.identifier(name)}`,
      ),
    sql`, `,
  );
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows
      .slice(i, i + CHUNK)
      .map((r) => [...keyKeys.map((k) => r.values[k]), ...countKeys.map((k) => r.counts[k] ?? 0)]);
    await db.execute(
      bulkInsert(getTableName(table), columns, chunk, sql`on conflict (${conflict}) do update set ${set}`),
    );
  }
}

/** Inserts key rows not yet there (`returning`: the columns to answer of those that were new). */
async function insertNew<T>(db: Db, table: PgTable, rows: Record<string, string | number>[], returning: SQL) {
  const out: T[] = [];
  if (rows.length === 0) return out;
  const keys = Object.keys(rows[0]!);
  const columns = columnsOf(table, keys);
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK).map((r) => keys.map((k) => r[k]));
    const result = await db.execute(
      bulkInsert(getTableName(table), columns, chunk, sql`on conflict do nothing ${returning}`),
    );
    out.push(...(result as unknown as { rows: T[] }).rows);
  }
  return out;
}

/** The company of each product named by the events. */
async function productCompanies(db: Db, events: readonly RollupEvent[]) {
  const ids = [...new Set(events.map((e) => e.productId).filter((v): v is number => v != null))];
  const product = entityTables.product!;
  if (ids.length === 0) return new Map<number, number | null>();
  const rows = await db
    .select({ id: product.id, companyId: product.companyId })
    .from(product)
    .where(inArray(product.id, ids));
  return new Map(
    rows.map(
      (r) => [Number(r.id), r.companyId == null ? null : Number(r.companyId)] as [number, number | null],
    ),
  );
}

/** Moves the rollups by what newly stored events add (call it once per event, in the storing transaction). */
export async function applyRollups(
  ctx: RollupContext,
  events: readonly RollupEvent[],
  /** The company of each product the events name, when the caller has looked it up already. */
  known?: ReadonlyMap<number, number | null>,
): Promise<void> {
  if (events.length === 0) return;
  const { db } = ctx;
  const timeZone = ctx.timeZone ?? DEFAULT_STATISTICS_TIME_ZONE;
  const a = aggregate(events, timeZone, known ?? (await productCompanies(db, events)));
  // New visitors first: only a visitor not yet seen that day adds to the company's unique visitors.
  const newVisitors = new Acc();
  const visitors = await insertNew<{ company_id: number; day: string }>(
    db,
    statCompanyVisitor,
    a.visitors.sorted().map((r) => r.values),
    sql`returning company_id, to_char(day, 'YYYY-MM-DD') as day`,
  );
  for (const v of visitors)
    newVisitors.add({ companyId: Number(v.company_id), day: v.day }, { uniqueVisitors: 1 });
  for (const row of newVisitors.rows.values()) a.company.add(row.values, row.counts);
  for (const row of a.company.rows.values()) row.counts.uniqueVisitors ??= 0;
  await upsert(db, statCompanyDay, [statCompanyDay.companyId, statCompanyDay.day], a.company.sorted());
  await upsert(db, statProductDay, [statProductDay.productId, statProductDay.day], a.product.sorted());
  await upsert(db, statUserDay, [statUserDay.userId, statUserDay.day], a.user.sorted());
  await upsert(
    db,
    statUserCompanyDay,
    [statUserCompanyDay.userId, statUserCompanyDay.companyId, statUserCompanyDay.day],
    a.userCompany.sorted(),
  );
  await upsert(
    db,
    statUserProductDay,
    [statUserProductDay.userId, statUserProductDay.productId, statUserProductDay.day],
    a.userProduct.sorted(),
  );
  await insertNew(
    db,
    statKeywordUser,
    a.keywordUsers.sorted().map((r) => r.values),
    sql``,
  );
  await upsert(
    db,
    statKeywordDay,
    [statKeywordDay.day, statKeywordDay.keyword, statKeywordDay.language],
    a.keyword.sorted(),
  );
}
