import {
  isJoinField,
  type ListFilter,
  type ListQuery,
  type ListWhere,
  labelColumns,
  parseListQuery,
} from '@organiser/domain';
import {
  and,
  arrayOverlaps,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  type Query,
  type SQL,
  type Subquery,
  sql,
} from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { EntityTable } from '../../db/entity-tables';
import { withFlatRows } from '../../db/flat-rows';
import { rowsOf } from '../../db/rows';
import { dynamicFilterCondition, resolveDynamicFilters } from '../dynamic-forms';
import type { Engine, EngineEntity } from '../entity';
import type { Row, RowScope } from '../write-context';
import { joinHolds, withJoinValues } from './join-fields';
import { rememberedCount } from './list-counts';
import { scopeConditions } from './row-scope';

// List queries stay fast on big tables: every filter and sort has an index; a deep page reads
// the page's ids from the sort index first (a deferred join), and the total is counted exactly only when that
// is cheap, otherwise estimated and flagged as such; a count that read many rows is remembered until the table is
// written (list-counts.ts).

/** Totals above this are estimated ("10,000+"); below it they are exact. */
export const COUNT_CAP = 10_000;
/** From this offset on, a page is found through its ids first (the sort index only, no table rows skipped). */
export const DEFERRED_FROM = 500;

export type Scope = 'live' | 'trash';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterCondition(entity: EngineEntity, filter: ListFilter): SQL | undefined {
  const field = entity.def.fields[filter.field];
  if (field && isJoinField(field) && (filter.op === 'eq' || filter.op === 'in'))
    return joinHolds(entity, field.through, filter.op === 'eq' ? [filter.value] : filter.values);
  const column = entity.col(filter.field);
  const isArray = field?.kind === 'relationMany' || field?.kind === 'tags' || field?.kind === 'dictMany';
  const value = (v: unknown) => (field?.kind === 'datetime' || !field ? new Date(String(v)) : v);
  switch (filter.op) {
    case 'eq':
      return isArray ? arrayOverlaps(column, [filter.value]) : eq(column, value(filter.value));
    case 'in':
      return isArray ? arrayOverlaps(column, filter.values) : inArray(column, filter.values.map(value));
    case 'like':
      return ilike(column, `%${escapeLike(filter.value)}%`);
    case 'dynamic':
      return dynamicFilterCondition(entity, filter);
    case 'range': {
      const parts: SQL[] = [];
      if (filter.from !== undefined) parts.push(gte(column, value(filter.from)));
      if (filter.to !== undefined)
        parts.push(filter.toExclusive ? lt(column, value(filter.to)) : lte(column, value(filter.to)));
      return and(...parts);
    }
  }
}

/** The WHERE conditions of a list query in a scope (live records, or the trash of a soft-deleted entity), within
 * the caller's row scope. */
export function listConditions(
  entity: EngineEntity,
  query: Pick<ListQuery, 'keyword' | 'filters'> & { where?: ListWhere | null },
  scope: Scope = 'live',
  rowScope?: RowScope | null,
  {
    gramsIndex = true,
    keywordExact = true,
  }: {
    gramsIndex?: boolean;
    /** false: a short keyword's character-pair condition without the ILIKE that makes it exact (for estimates) */
    keywordExact?: boolean;
  } = {},
): SQL[] {
  const conditions: SQL[] = [...scopeConditions(entity, rowScope)];
  // The entity's fixed list condition, or the one a module's own list passes instead.
  const where = query.where === undefined ? entity.def.listWhere : query.where;
  if (where) conditions.push(inArray(entity.col(where.field), [...where.in]));
  if (entity.def.softDelete) {
    conditions.push(scope === 'live' ? isNull(entity.col('deletedAt')) : isNotNull(entity.col('deletedAt')));
  }
  if (query.keyword && entity.search) {
    // One or two characters have no trigram: the keyword's characters and pairs are looked up in the
    // search_grams index first (migration 0006), the ILIKE keeps the exact meaning.
    const isShort = isShortKeyword(query.keyword);
    if (gramsIndex && isShort) conditions.push(gramsCondition(entity, query.keyword));
    if (keywordExact || !gramsIndex || !isShort)
      conditions.push(sql`${entity.search} ILIKE ${`%${escapeLike(query.keyword)}%`}`);
  }
  for (const f of query.filters) {
    const c = filterCondition(entity, f);
    if (c) conditions.push(c);
  }
  return conditions;
}

const isShortKeyword = (keyword: string) => [...keyword].length < 3;

const gramsCondition = (entity: EngineEntity, keyword: string) =>
  sql`search_grams(${entity.search}) @> search_grams(${keyword})`;

/** Share of a big table's rows above which a short keyword counts as frequent. */
const FREQUENT_SHARE = 0.01;

/**
 * Whether a list's keyword is a frequent short one, which decides its page query. A short keyword that occurs in
 * many rows (one common letter) finds a page fastest by walking the sort order and testing each row with the
 * ILIKE alone: the first page's matches come within a few hundred rows, while the character-pair condition would compute each row's grams as a filter
 * (or read every match through the index, then sort them). A rare one is looked up in the index. The planner's
 * estimate of the character-pair condition decides (remembered per keyword); the total is counted with the
 * index either way.
 */
async function isFrequentKeyword(
  db: Db,
  entity: EngineEntity,
  keyword: string | undefined,
): Promise<boolean> {
  if (!keyword || !entity.search || !isShortKeyword(keyword)) return false;
  const rows = await statisticsRows(db, entity);
  if (rows < 2 * COUNT_CAP) return false;
  const estimate = await plannerEstimate(
    db,
    entity,
    gramsCondition(entity, keyword),
    JSON.stringify(['grams', keyword]),
  );
  return estimate >= FREQUENT_SHARE * rows;
}

/** The conditions of a list's page query, with whether its keyword is a frequent short one (see above). */
export async function pageConditions(
  db: Db,
  entity: EngineEntity,
  query: Pick<ListQuery, 'keyword' | 'filters'>,
  scope: Scope = 'live',
  rowScope?: RowScope | null,
): Promise<{ conditions: SQL[]; frequentKeyword: boolean }> {
  const frequentKeyword = await isFrequentKeyword(db, entity, query.keyword);
  const plan = planOf(entity, query, scope, rowScope);
  return {
    conditions: planVariant(plan, entity, query, scope, rowScope, frequentKeyword).page,
    frequentKeyword,
  };
}

/**
 * What a list request's statements are made of, worked out once per conditions (keyword, filters, scope, row
 * scope) and kept, as most list requests repeat: the conditions and the keys of their remembered estimates and
 * counts. What depends on the table's size (a frequent keyword, a total counted in the page) is still decided
 * per request, from the estimates remembered for a while.
 */
type ListPlan = {
  key: string;
  conditions: SQL[];
  isFiltered: boolean;
  /** By whether the keyword is a frequent short one. */
  variants: Map<boolean, { page: SQL[]; estimate: SQL[]; estimateKey: string }>;
};
const PLANS_KEPT = 500;
const plans = new WeakMap<EngineEntity, Map<string, ListPlan>>();

function planOf(
  entity: EngineEntity,
  query: Pick<ListQuery, 'keyword' | 'filters'> & { where?: ListWhere | null },
  scope: Scope,
  rowScope: RowScope | null | undefined,
): ListPlan {
  let byKey = plans.get(entity);
  if (!byKey) {
    byKey = new Map();
    plans.set(entity, byKey);
  }
  const key = conditionsKey(query, scope, rowScope);
  const found = byKey.get(key);
  if (found) return found;
  const plan: ListPlan = {
    key,
    conditions: listConditions(entity, query, scope, rowScope),
    isFiltered:
      Boolean(query.keyword) ||
      query.filters.length > 0 ||
      scope === 'trash' ||
      Boolean(rowScope && entity.def.scope),
    variants: new Map(),
  };
  if (byKey.size >= PLANS_KEPT) byKey.delete(byKey.keys().next().value as string);
  byKey.set(key, plan);
  return plan;
}

function planVariant(
  plan: ListPlan,
  entity: EngineEntity,
  query: Pick<ListQuery, 'keyword' | 'filters'> & { where?: ListWhere | null },
  scope: Scope,
  rowScope: RowScope | null | undefined,
  frequentKeyword: boolean,
) {
  let variant = plan.variants.get(frequentKeyword);
  if (!variant) {
    variant = {
      page: listConditions(entity, query, scope, rowScope, { gramsIndex: !frequentKeyword }),
      // A frequent short keyword (one common letter) is estimated from its character-pair condition alone: with
      // the ILIKE beside it the planner multiplies two selectivities of the same thing and expects a few thousand
      // rows, so a capped count would read ten thousand matches on every request only to say "10,000+".
      estimate: frequentKeyword
        ? listConditions(entity, query, scope, rowScope, { keywordExact: false })
        : plan.conditions,
      estimateKey: conditionsKey(query, scope, rowScope, !frequentKeyword),
    };
    plan.variants.set(frequentKeyword, variant);
  }
  return variant;
}

/** The query with its dynamic form filters checked against the configs and typed (a 400 naming a bad one). */
async function withDynamicFilters<Q extends Pick<ListQuery, 'filters'>>(
  db: Db,
  entity: EngineEntity,
  query: Q,
): Promise<Q> {
  if (!query.filters.some((f) => f.op === 'dynamic')) return query;
  return { ...query, filters: await resolveDynamicFilters(db, entity, query.filters) };
}

/** ORDER BY for a list: the chosen field, then id in the same direction so pages never overlap. */
export function listOrder(
  entity: EngineEntity,
  query: Pick<ListQuery, 'sort' | 'isDefaultSort'>,
  scope: Scope = 'live',
): SQL[] {
  if (scope === 'trash' && query.isDefaultSort)
    return [desc(entity.col('deletedAt')), desc(entity.col('id'))];
  const dir = query.sort.order === 'desc' ? desc : asc;
  const first = entity.col(query.sort.field);
  return query.sort.field === 'id' ? [dir(first)] : [dir(first), dir(entity.col('id'))];
}

/** How long a planner estimate is reused for the same conditions. */
const ESTIMATE_TTL_MS = 30_000;
const ESTIMATES_KEPT = 1_000;
const estimates = new Map<string, { rows: number; at: number }>();

/** The planner's row estimate for the conditions (no rows are read), remembered per query text and values for
 * a while: it only decides between "count" and "estimate", so a list request does not pay an `explain`
 * statement each time. A stale small estimate only means an exact (capped) count; a stale large one an
 * estimate flagged as such. */
export async function plannerEstimate(
  db: Db,
  entity: EngineEntity,
  where: SQL | undefined,
  /** What the conditions are made of (conditionsKey): saves writing their SQL out just to look the estimate up */
  madeOf?: string,
): Promise<number> {
  const probe = sql`select 1 from ${entity.table} ${where ? sql`where ${where}` : sql``}`;
  const key = textKey(db, probe, madeOf && `estimate\u0000${entity.def.table}\u0000${madeOf}`);
  const now = Date.now();
  const cached = estimates.get(key);
  if (cached && now - cached.at < ESTIMATE_TTL_MS) return cached.rows;
  const result = await db.execute(sql`explain (format json) ${probe}`);
  const first = rowsOf<Row>(result)[0] ?? {};
  const raw = first['QUERY PLAN'];
  const plan = typeof raw === 'string' ? JSON.parse(raw) : raw;
  const rows = Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
  estimates.delete(key);
  if (estimates.size >= ESTIMATES_KEPT) estimates.delete(estimates.keys().next().value!);
  estimates.set(key, { rows, at: now });
  return rows;
}

const STATISTICS_TTL_MS = 5_000;
const statistics = new Map<string, { rows: number; at: number }>();

/** The table's row count as the statistics know it (-1 when never analysed), remembered for a few seconds
 * whatever its size: it only decides between "estimate" and "count", autovacuum refreshes it far less often, and
 * a table that has grown past the line meanwhile is counted (capped) for those seconds. */
export async function statisticsRows(db: Db, entity: EngineEntity): Promise<number> {
  const cached = statistics.get(entity.def.table);
  if (cached && Date.now() - cached.at < STATISTICS_TTL_MS) return cached.rows;
  const result = await db.execute(
    sql`select reltuples::float8 as n from pg_class where oid = to_regclass(${`"${entity.def.table}"`})`,
  );
  const rows = Number(rowsOf<Row>(result)[0]?.n ?? -1);
  statistics.set(entity.def.table, { rows, at: Date.now() });
  return rows;
}

export type Total = { total: number; isEstimate: boolean };

/**
 * An exact count(*) over a big table on every request is what makes lists slow. Unfiltered: the
 * statistics' row count once the table is big. Filtered: the planner's estimate when it is far above the cap.
 * Otherwise count, but never more than COUNT_CAP + 1 rows; beyond that the total is an estimate.
 */
export async function countTotal(
  db: Db,
  entity: EngineEntity,
  conditions: SQL[],
  isFiltered: boolean,
  /** Conditions the planner estimates better, matching the same rows or a few more (see runList). */
  estimateConditions: SQL[] = conditions,
  /** What the conditions and the estimate's conditions are made of (conditionsKey), when known. */
  madeOf?: { conditions: string; estimate: string },
): Promise<Total> {
  const where = and(...conditions);
  let estimate: number;
  if (!isFiltered) {
    estimate = await statisticsRows(db, entity);
    if (estimate >= 2 * COUNT_CAP) return { total: Math.round(estimate), isEstimate: true };
  } else {
    estimate = await plannerEstimate(db, entity, and(...estimateConditions), madeOf?.estimate);
    if (estimate >= 5 * COUNT_CAP) return { total: Math.round(estimate), isEstimate: true };
  }
  const n = await cappedCount(db, entity, where, madeOf?.conditions);
  if (n <= COUNT_CAP) return { total: n, isEstimate: false };
  return { total: Math.max(Math.round(estimate), COUNT_CAP + 1), isEstimate: true };
}

/** A count that read this many rows is remembered (list-counts.ts); a smaller one costs less than the lookup. */
export const REMEMBER_COUNT_FROM = 1_000;

/** The number of matching rows, read up to COUNT_CAP + 1; a large one remembered per conditions until a write. */
async function cappedCount(
  db: Db,
  entity: EngineEntity,
  where: SQL | undefined,
  madeOf?: string,
): Promise<number> {
  const key = textKey(db, where ?? sql`true`, madeOf && `count\u0000${entity.def.table}\u0000${madeOf}`);
  const count = async () => {
    const capped = db
      .select({ one: sql`1` })
      .from(entity.table)
      .where(where)
      .limit(COUNT_CAP + 1)
      .as('capped');
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
    return Number(row?.n ?? 0);
  };
  return rememberedCount(db, entity.def.table, key, count, (n) => n >= REMEMBER_COUNT_FROM);
}

/** The SQL text and values of a condition, as the driver would send them. */
const sqlText = (db: Db, query: SQL): Query =>
  (db as unknown as { dialect: { sqlToQuery: (q: SQL) => Query } }).dialect.sqlToQuery(query);

/** SQL texts (with their values) of conditions, by what the conditions were made of, per database. */
const TEXTS_KEPT = 1_000;
const texts = new WeakMap<object, Map<string, string>>();

/** The SQL text and values of `query` as one string (the key of a remembered estimate or count). With `madeOf`
 * (what the query is made of, which decides its text entirely) it is written out once and looked up after. */
function textKey(db: Db, query: SQL, madeOf?: string): string {
  let kept = madeOf ? texts.get(db) : undefined;
  const found = madeOf && kept?.get(madeOf);
  if (found) return found;
  const { sql: text, params } = sqlText(db, query);
  const key = `${text}\u0000${JSON.stringify(params)}`;
  if (madeOf) {
    if (!kept) {
      kept = new Map();
      texts.set(db, kept);
    }
    if (kept.size >= TEXTS_KEPT) kept.delete(kept.keys().next().value as string);
    kept.set(madeOf, key);
  }
  return key;
}

/** What a list's conditions are made of (listConditions' inputs), as a string: equal strings, equal SQL. */
const conditionsKey = (
  query: Pick<ListQuery, 'keyword' | 'filters'> & { where?: ListWhere | null },
  scope: Scope,
  rowScope: RowScope | null | undefined,
  keywordExact = true,
) =>
  JSON.stringify([
    query.keyword ?? null,
    query.filters,
    query.where === undefined ? 'default' : query.where,
    scope,
    rowScope ?? null,
    keywordExact,
  ]);

export type ListPage = { rows: Row[]; total: number; isEstimate: boolean };

/** One page of rows and the total. The rows' moments (timestamp columns) are ISO strings, as records carry them. */
export async function runList(
  db: Db,
  entity: EngineEntity,
  query: ListQuery & { where?: ListWhere | null },
  scope: Scope = 'live',
  engine?: Engine,
  rowScope?: RowScope | null,
): Promise<ListPage> {
  query = await withDynamicFilters(db, entity, query);
  const plan = planOf(entity, query, scope, rowScope);
  const { conditions, isFiltered } = plan;
  const frequentKeyword = await isFrequentKeyword(db, entity, query.keyword);
  const variant = planVariant(plan, entity, query, scope, rowScope, frequentKeyword);
  const offset = (query.page - 1) * query.size;
  const madeOf = { conditions: plan.key, estimate: variant.estimateKey };
  const withTotal = await totalInPage(db, entity, query, conditions, frequentKeyword, offset, plan.key);
  const shape = JSON.stringify([query, scope, rowScope ?? null, frequentKeyword, withTotal]);
  const page = () => {
    const where = and(...variant.page);
    const order = listOrder(entity, query, scope);
    return pageQuery(db, entity, { where, order, offset, size: query.size, engine, withTotal });
  };
  if (withTotal) {
    const rows = (await preparedPage(db, entity, engine, shape, page).execute()) as Row[];
    const counted = rows.length ? Number(rows[0]![PAGE_TOTAL]) : offset === 0 ? 0 : null;
    for (const row of rows) delete row[PAGE_TOTAL];
    await withJoinValues(db, entity, rows);
    if (counted !== null) return { rows, total: counted, isEstimate: false };
    // past the last page the statement has no row to carry the total: it is counted on its own
    return { rows, ...(await countTotal(db, entity, conditions, isFiltered, conditions, madeOf)) };
  }
  // The page and its total do not depend on each other: on a pool they run side by side.
  const [rows, total] = await Promise.all([
    preparedPage(db, entity, engine, shape, page).execute() as Promise<Row[]>,
    countTotal(db, entity, conditions, isFiltered, variant.estimate, madeOf),
  ]);
  return { rows: await withJoinValues(db, entity, rows), ...total };
}

/** Key of the total in a page row counted by the page statement itself. */
const PAGE_TOTAL = '$total';

/**
 * Whether the page statement counts the total too (`count(*) over ()`): when it reads every match anyway. A keyword
 * looked up in its index (not a frequent short one, whose page walks the sort order and stops early) gives the
 * page query all its matches before they are sorted; counting them there costs nothing, where a count statement
 * beside it would read them all again (half of what the database does for such a list). Only for a first page
 * range and when the planner expects no more matches than a capped count would read.
 */
async function totalInPage(
  db: Db,
  entity: EngineEntity,
  query: Pick<ListQuery, 'keyword'>,
  conditions: SQL[],
  frequentKeyword: boolean,
  offset: number,
  madeOf?: string,
): Promise<boolean> {
  if (!query.keyword || !entity.search || frequentKeyword || offset >= DEFERRED_FROM) return false;
  return (await plannerEstimate(db, entity, and(...conditions), madeOf)) < 5 * COUNT_CAP;
}

type PreparedPage = { execute: () => Promise<unknown> };
/** Page queries kept per database, entity set and list request: most list requests repeat (the first page of a
 * list, the same search paged back and forth), and building the SQL is a fifth of a list request's CPU. */
const PREPARED_KEPT = 500;
const preparedPages = new WeakMap<object, WeakMap<object, Map<string, PreparedPage>>>();

function preparedPage(
  db: Db,
  entity: EngineEntity,
  engine: Engine | undefined,
  shape: string,
  build: () => { prepare: (name: string) => PreparedPage },
): PreparedPage {
  let byOwner = preparedPages.get(db);
  if (!byOwner) {
    byOwner = new WeakMap();
    preparedPages.set(db, byOwner);
  }
  // Label joins depend on the engine's field policy: one set of queries per engine (or per entity without).
  const owner = engine ?? entity;
  let kept = byOwner.get(owner);
  if (!kept) {
    kept = new Map();
    byOwner.set(owner, kept);
  }
  const key = `${entity.def.name}\u0000${shape}`;
  const found = kept.get(key);
  if (found) return found;
  // No statement name: PostgreSQL plans each execution with its values (an unnamed statement), so a keyword's
  // plan is never a generic one; only the SQL text and its values are reused.
  const prepared = withFlatRows(build().prepare(undefined as unknown as string), { momentsAsIso: true });
  if (kept.size >= PREPARED_KEPT) kept.delete(kept.keys().next().value as string);
  kept.set(key, prepared);
  return prepared;
}

/** The label columns of each visible single relation, read in the page query itself (a LEFT JOIN on the
 * related table's primary key) instead of one more round trip. */
function labelJoins(engine: Engine | undefined, entity: EngineEntity) {
  const joins: { field: string; table: EntityTable; columns: string[] }[] = [];
  if (!engine) return joins;
  for (const [name, state] of entity.states) {
    if (state.isHidden || state.field.kind !== 'relation') continue;
    const target = engine.get(state.field.to);
    if (!target) continue;
    joins.push({
      field: name,
      table: alias(target.table, `rel_${name}`),
      columns: labelColumns(target.def),
    });
  }
  return joins;
}

/** Key of a joined label column in a page row. */
export const joinedLabelKey = (field: string, column: string) => `${JOINED}${field}.${column}`;
const JOINED = '$label.';

function pageQuery(
  db: Db,
  entity: EngineEntity,
  page: {
    where: SQL | undefined;
    order: SQL[];
    offset: number;
    size: number;
    engine?: Engine;
    /** Each row also carries the number of matching rows (PAGE_TOTAL); first page range only. */
    withTotal?: boolean;
  },
) {
  const { where, order, offset, size } = page;
  const table = entity.table;
  const joins = labelJoins(page.engine, entity);
  // a copy: the label columns are added to it, and getTableColumns gives the table's own object
  const columns: Record<string, PgColumn | SQL.Aliased> = { ...getTableColumns(table) };
  let selection = columns;
  let source: typeof table | Subquery = table;
  if (page.withTotal) {
    // Every match is read and counted first, in a derived table that keeps the table's name (so the order and the
    // label joins read it as they read the table), and then sorted and paged. Counted over the page query itself,
    // PostgreSQL 15 costs the window as if the limit could stop it early: it walks the sort index and tests the
    // keyword on every row of the table (seconds at a million rows) instead of reading the few matches from the
    // keyword's index.
    const matched = db
      .select({ ...columns, [PAGE_TOTAL]: sql<number>`count(*) over ()`.as('page_total') })
      .from(table)
      .where(where)
      .as(entity.def.table);
    const fields = matched as unknown as Record<string, PgColumn | SQL.Aliased>;
    selection = Object.fromEntries([...Object.keys(columns), PAGE_TOTAL].map((k) => [k, fields[k]!]));
    source = matched;
  }
  for (const j of joins)
    for (const c of j.columns) selection[joinedLabelKey(j.field, c)] = j.table[c] as PgColumn;
  let query = db.select(selection).from(source).$dynamic();
  for (const j of joins) query = query.leftJoin(j.table, eq(j.table.id as PgColumn, entity.col(j.field)));
  if (offset < DEFERRED_FROM) {
    return (page.withTotal ? query : query.where(where))
      .orderBy(...order)
      .limit(size)
      .offset(offset);
  }
  // Deep pages: the ids come from the sort index alone, then only those rows are read.
  const ids = db
    .select({ pageId: entity.col('id') })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(size)
    .offset(offset)
    .as('page');
  return query.innerJoin(ids, eq(entity.col('id'), ids.pageId)).orderBy(...order);
}

/** Ids of every record matching a list query (batch actions on "all matching"), at most `limit`. */
export async function matchingIds(
  db: Db,
  entity: EngineEntity,
  query: Pick<ListQuery, 'keyword' | 'filters' | 'sort' | 'isDefaultSort'> & { where?: ListWhere | null },
  limit: number,
  scope: Scope = 'live',
  rowScope?: RowScope | null,
): Promise<number[]> {
  query = await withDynamicFilters(db, entity, query);
  const rows = await db
    .select({ id: entity.col('id') })
    .from(entity.table)
    .where(and(...listConditions(entity, query, scope, rowScope)))
    .orderBy(...listOrder(entity, query, scope))
    .limit(limit);
  return rows.map((r) => Number(r.id));
}

/** Records for a select: the ones asked for by id, then keyword matches (or the first ones) in the default
 * order, live records only. */
export async function optionRows(
  db: Db,
  entity: EngineEntity,
  input: { keyword?: string; ids: number[]; size: number; rowScope?: RowScope | null },
): Promise<Row[]> {
  const query = { keyword: input.keyword, filters: [], sort: entity.def.defaultSort, isDefaultSort: true };
  const chosen = input.ids.length
    ? ((await db
        .select()
        .from(entity.table)
        .where(
          and(
            inArray(entity.col('id'), input.ids),
            ...listConditions(entity, { filters: [] }, 'live', input.rowScope),
          ),
        )) as Row[])
    : [];
  const found = (await db
    .select()
    .from(entity.table)
    .where(and(...listConditions(entity, query, 'live', input.rowScope)))
    .orderBy(...listOrder(entity, query))
    .limit(input.size)) as Row[];
  const seen = new Set(chosen.map((r) => Number(r.id)));
  return [...chosen, ...found.filter((r) => !seen.has(Number(r.id)))];
}

/** Most records a tree answer holds (a category tree has a few hundred). */
export const TREE_MAX = 5_000;

/**
 * The records of a tree entity for `GET /api/<entity>/tree`: every live record (within the caller's scope)
 * when the query has no keyword or filter, else the matching records and all their ancestors, so each match
 * shows where it sits. Siblings keep the list's order.
 */
export async function treeRows(
  db: Db,
  entity: EngineEntity,
  query: Pick<ListQuery, 'keyword' | 'filters' | 'sort' | 'isDefaultSort'>,
  rowScope?: RowScope | null,
): Promise<Row[]> {
  const all = (await db
    .select()
    .from(entity.table)
    .where(and(...listConditions(entity, { filters: [] }, 'live', rowScope)))
    .orderBy(...listOrder(entity, query))
    .limit(TREE_MAX)) as Row[];
  await withJoinValues(db, entity, all);
  if (!query.keyword && query.filters.length === 0) return all;
  const matched = new Set(await matchingIds(db, entity, query, TREE_MAX, 'live', rowScope));
  const byId = new Map(all.map((r) => [Number(r.id), r]));
  const parentField = entity.def.tree!;
  const keep = new Set<number>();
  for (const id of matched) {
    let current: number | null = id;
    for (let depth = 0; current !== null && depth < 100 && !keep.has(current); depth++) {
      keep.add(current);
      const parent: unknown = byId.get(current)?.[parentField];
      current = typeof parent === 'number' ? parent : null;
    }
  }
  return all.filter((r) => keep.has(Number(r.id)));
}

/**
 * The exact number of live rows a list shows for these URL parameters (`{ auditStatus: 'pending' }`), within the
 * caller's row scope: the very conditions of `GET /api/<entity>/list`, so a count shown beside a link to the
 * filtered list is the total that list answers. Null when the list does not accept the parameters.
 */
export async function countListed(
  db: Db,
  entity: EngineEntity,
  params: Record<string, string>,
  rowScope?: RowScope | null,
): Promise<number | null> {
  const parsed = parseListQuery(entity.def, params, entity.policy);
  if (!parsed.ok) return null;
  const conditions = listConditions(entity, parsed.query, 'live', rowScope);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(entity.table)
    .where(and(...conditions));
  return Number(row?.n ?? 0);
}
