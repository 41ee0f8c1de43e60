import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../config/constants';
import { type EntityPolicy, resolveFields } from './policy';
import type { EntityDef, FieldDef, FilterOp, SortOrder, SortSpec } from './types';
import { DYNAMIC_CODE } from './values';

// The list query grammar of `GET /api/<entity>/list`: page from 1, size capped at 50, keyword,
// sort + order over declared sortable fields, filters by field name. The console keeps the same
// parameters in its URL, so a reload or a shared link shows the same list.

/** Rows reachable by paging: deeper pages are refused (narrow the filters instead), which keeps
 * every page cheap and matches the "10,000+" total shown for big tables. */
export const LIST_WINDOW = 10_000;

/** Parameters every list accepts besides the filters. `lang` picks the message language; `limit` is the page
 * size under the name vue-element-admin's lists send (`page` and `limit`), so their clients keep working. */
export const LIST_BASE_PARAMS = ['page', 'size', 'limit', 'keyword', 'sort', 'order', 'lang'] as const;

export const KEYWORD_MAX = 100;

export type FilterValue = string | number | boolean;

export type ListFilter =
  | { field: string; op: 'eq'; value: FilterValue }
  | { field: string; op: 'in'; values: FilterValue[] }
  | { field: string; op: 'like'; value: string }
  /** `to` is inclusive unless `toExclusive` (a date-only bound on a datetime field means the whole day). */
  | { field: string; op: 'range'; from?: FilterValue; to?: FilterValue; toExclusive?: boolean }
  /** `<field>.<code>` of a dynamic form field: the value of the code is one of `values` (a multiple choice
   * holds one of them). The server checks the code and the values against the configs and sets `type`. */
  | { field: string; op: 'dynamic'; code: string; values: FilterValue[]; type?: string };

export type ListQuery = {
  page: number;
  size: number;
  keyword?: string;
  sort: SortSpec;
  /** True when the caller did not choose a sort (the definition's default applies). */
  isDefaultSort: boolean;
  filters: ListFilter[];
};

/** A field the list may filter or sort on: declared fields plus the record's own timestamps and id. */
export type QueryField = {
  name: string;
  kind: FieldDef['kind'];
  filter?: FilterOp;
  sortable: boolean;
  field?: FieldDef;
};

const SYSTEM_QUERY_FIELDS: QueryField[] = [
  { name: 'id', kind: 'integer', sortable: true },
  { name: 'createdAt', kind: 'datetime', filter: 'range', sortable: true },
  { name: 'updatedAt', kind: 'datetime', filter: 'range', sortable: true },
];

/** Filterable and sortable fields of an entity, hidden fields left out. */
export function queryFields(def: EntityDef, policy?: EntityPolicy): QueryField[] {
  const declared = resolveFields(def, policy)
    .filter((s) => !s.isHidden)
    .map((s) => ({
      name: s.name,
      kind: s.field.kind,
      filter: s.field.list?.filter,
      sortable: Boolean(s.field.list?.sortable),
      field: s.field,
    }));
  return [...declared, ...SYSTEM_QUERY_FIELDS];
}

/** Query parameter names a filter uses. */
export function filterParams(field: Pick<QueryField, 'name' | 'filter'>): string[] {
  if (!field.filter) return [];
  return field.filter === 'range' ? [`${field.name}From`, `${field.name}To`] : [field.name];
}

export type RawQuery = Record<string, string | string[] | number | boolean | undefined>;

type ParseResult = { ok: true; query: ListQuery } | { ok: false; param: string };

const INT = /^-?\d{1,10}$/;
const DECIMAL = /^-?\d{1,15}(\.\d{1,6})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(v: string): boolean {
  if (!DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

const nextDay = (v: string) => new Date(Date.parse(`${v}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** One filter value of a field, or undefined when it is malformed. */
function parseValue(f: QueryField, raw: string): FilterValue | undefined {
  const kind = f.kind;
  const v = raw.trim();
  if (kind === 'integer' || kind === 'relation' || kind === 'relationMany' || kind === 'treeRelation') {
    if (!INT.test(v)) return undefined;
    const n = Number(v);
    return Math.abs(n) <= 2147483647 ? n : undefined;
  }
  if (kind === 'decimal' || kind === 'money') return DECIMAL.test(v) ? Number(v) : undefined;
  if (kind === 'boolean') {
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
    return undefined;
  }
  if (kind === 'enum') {
    const field = f.field;
    return field?.kind === 'enum' && field.options.some((o) => o.value === v) ? v : undefined;
  }
  if (kind === 'date') return isRealDate(v) ? v : undefined;
  if (kind === 'datetime') {
    if (isRealDate(v)) return v;
    return Number.isNaN(Date.parse(v)) || !/^\d{4}-\d{2}-\d{2}T/.test(v)
      ? undefined
      : new Date(v).toISOString();
  }
  if (v === '' || v.length > 255) return undefined;
  return v;
}

const single = (value: RawQuery[string]): string | undefined => {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.length === 1 ? value[0] : undefined;
  return String(value);
};

const list = (value: RawQuery[string]): string[] => {
  if (value === undefined) return [];
  const parts = Array.isArray(value) ? value : [String(value)];
  return parts.flatMap((p) => p.split(',')).filter((p) => p.trim() !== '');
};

/**
 * Parses a raw query (`URLSearchParams` entries or Fastify's parsed query) into a list query. The first
 * unknown or malformed parameter is named (`{ ok: false, param }`), so the API answers a 400 naming it.
 */
export function parseListQuery(def: EntityDef, raw: RawQuery, policy?: EntityPolicy): ParseResult {
  const fields = queryFields(def, policy);
  const byParam = new Map<string, { field: QueryField; bound?: 'from' | 'to' }>();
  for (const f of fields) {
    if (f.filter === 'range') {
      byParam.set(`${f.name}From`, { field: f, bound: 'from' });
      byParam.set(`${f.name}To`, { field: f, bound: 'to' });
    } else if (f.filter) byParam.set(f.name, { field: f });
  }
  // `<field>.<code>` filters of dynamic form fields (the server checks the code against the configs).
  const dynamicNames = new Set(fields.filter((f) => f.kind === 'dynamicForm').map((f) => f.name));
  const dynamicParam = (key: string) => {
    const dot = key.indexOf('.');
    if (dot < 0) return null;
    const field = key.slice(0, dot);
    const code = key.slice(dot + 1);
    return dynamicNames.has(field) && code.length <= 50 && DYNAMIC_CODE.test(code) ? { field, code } : null;
  };
  for (const key of Object.keys(raw)) {
    if (raw[key] === undefined) continue;
    if (!(LIST_BASE_PARAMS as readonly string[]).includes(key) && !byParam.has(key) && !dynamicParam(key))
      return { ok: false, param: key };
  }

  const intParam = (name: string, fallback: number): number | null => {
    if (raw[name] === undefined || raw[name] === '') return fallback;
    const v = single(raw[name]);
    if (v === undefined || !/^\d{1,6}$/.test(v.trim())) return null;
    const n = Number(v);
    return n >= 1 ? n : null;
  };
  const page = intParam('page', 1);
  if (page === null) return { ok: false, param: 'page' };
  const requestedSize = intParam('size', DEFAULT_PAGE_SIZE);
  if (requestedSize === null) return { ok: false, param: 'size' };
  const requestedLimit = intParam('limit', requestedSize);
  // `limit` is `size` under another name: both given, they must agree
  if (
    requestedLimit === null ||
    (raw.size !== undefined && raw.size !== '' && requestedLimit !== requestedSize)
  )
    return { ok: false, param: 'limit' };
  const size = Math.min(requestedLimit, MAX_PAGE_SIZE);
  if (page * size > LIST_WINDOW && page > 1) return { ok: false, param: 'page' };

  let keyword: string | undefined;
  if (raw.keyword !== undefined) {
    const k = single(raw.keyword);
    if (k === undefined || k.length > KEYWORD_MAX || def.search.length === 0)
      return { ok: false, param: 'keyword' };
    keyword = k.trim() || undefined;
  }

  let order: SortOrder | undefined;
  if (raw.order !== undefined && raw.order !== '') {
    const o = single(raw.order);
    if (o !== 'asc' && o !== 'desc') return { ok: false, param: 'order' };
    order = o;
  }
  let sort: SortSpec = def.defaultSort;
  let isDefaultSort = true;
  if (raw.sort !== undefined && raw.sort !== '') {
    const s = single(raw.sort);
    const f = fields.find((x) => x.name === s);
    if (!f?.sortable) return { ok: false, param: 'sort' };
    sort = { field: f.name, order: order ?? 'asc' };
    isDefaultSort = false;
  } else if (order) {
    sort = { field: def.defaultSort.field, order };
    isDefaultSort = order === def.defaultSort.order;
  }
  if (raw.lang !== undefined && !['en', 'zh'].includes(single(raw.lang) ?? ''))
    return { ok: false, param: 'lang' };

  const filters: ListFilter[] = [];
  const ranges = new Map<string, Extract<ListFilter, { op: 'range' }>>();
  for (const [param, value] of Object.entries(raw)) {
    const dynamic = dynamicParam(param);
    if (dynamic && value !== undefined && value !== '') {
      const parts = list(value).map((p) => p.trim());
      if (parts.length === 0 || parts.length > 100 || parts.some((p) => p.length > 255))
        return { ok: false, param };
      filters.push({ ...dynamic, op: 'dynamic', values: parts });
      continue;
    }
    const entry = byParam.get(param);
    if (!entry || value === undefined || value === '') continue;
    const { field, bound } = entry;
    if (field.filter === 'in') {
      const parts = list(value);
      if (parts.length === 0 || parts.length > 100) return { ok: false, param };
      const values: FilterValue[] = [];
      for (const p of parts) {
        const v = parseValue(field, p);
        if (v === undefined) return { ok: false, param };
        values.push(v);
      }
      filters.push({ field: field.name, op: 'in', values });
      continue;
    }
    const one = single(value);
    if (one === undefined) return { ok: false, param };
    const v = parseValue(field, one);
    if (v === undefined) return { ok: false, param };
    if (field.filter === 'eq') filters.push({ field: field.name, op: 'eq', value: v });
    else if (field.filter === 'like') filters.push({ field: field.name, op: 'like', value: String(v) });
    else {
      const range = ranges.get(field.name) ?? { field: field.name, op: 'range' as const };
      // A date-only bound on a datetime field covers that whole day (UTC).
      const isDay = field.kind === 'datetime' && isRealDate(String(v));
      if (bound === 'from') range.from = isDay ? `${v}T00:00:00.000Z` : v;
      else if (isDay) {
        range.to = `${nextDay(String(v))}T00:00:00.000Z`;
        range.toExclusive = true;
      } else if (field.kind === 'datetime') {
        // Inclusive to the millisecond, though the database keeps microseconds.
        range.to = new Date(Date.parse(String(v)) + 1).toISOString();
        range.toExclusive = true;
      } else range.to = v;
      ranges.set(field.name, range);
    }
  }
  for (const range of ranges.values()) {
    const { from, to } = range;
    if (from !== undefined && to !== undefined) {
      const isInverted =
        typeof from === 'number' && typeof to === 'number' ? from > to : String(from) > String(to);
      if (isInverted) return { ok: false, param: `${range.field}From` };
    }
    filters.push(range);
  }
  return { ok: true, query: { page, size, keyword, sort, isDefaultSort, filters } };
}

/** An exclusive datetime bound written back as the inclusive one the caller typed: midnight → the day before,
 * anything else → one millisecond earlier. */
function inclusiveBound(to: string): string {
  if (to.endsWith('T00:00:00.000Z')) return new Date(Date.parse(to) - 86_400_000).toISOString().slice(0, 10);
  return new Date(Date.parse(to) - 1).toISOString();
}

/** The list query as URL parameters (defaults left out), the inverse of `parseListQuery`. */
export function toSearchParams(def: EntityDef, query: Partial<ListQuery>): Record<string, string> {
  const out: Record<string, string> = {};
  if (query.page && query.page !== 1) out.page = String(query.page);
  if (query.size && query.size !== DEFAULT_PAGE_SIZE) out.size = String(query.size);
  if (query.keyword) out.keyword = query.keyword;
  if (query.sort && !query.isDefaultSort) {
    if (query.sort.field !== def.defaultSort.field) out.sort = query.sort.field;
    out.order = query.sort.order;
  }
  for (const f of query.filters ?? []) {
    if (f.op === 'in') out[f.field] = f.values.join(',');
    else if (f.op === 'dynamic') out[`${f.field}.${f.code}`] = f.values.join(',');
    else if (f.op === 'range') {
      if (f.from !== undefined) out[`${f.field}From`] = String(f.from);
      if (f.to !== undefined) {
        out[`${f.field}To`] = f.toExclusive ? inclusiveBound(String(f.to)) : String(f.to);
      }
    } else out[f.field] = String(f.value);
  }
  return out;
}

/** The list query as a zod schema: the OpenAPI description of the parameters, and a parser whose output is
 * the `ListQuery`. Unknown or malformed parameters fail with the parameter's name as the issue path. */
export function listQuerySchema(def: EntityDef, policy?: EntityPolicy) {
  const text = z.string().optional();
  const many = z.union([z.string(), z.array(z.string())]).optional();
  const shape: Record<string, z.ZodType> = {
    page: text.describe('Page number, from 1'),
    size: text.describe('Rows per page: 10, 20, 30 or 50 (default 20, capped at 50)'),
    limit: text.describe(
      'The same as size (the name vue-element-admin lists send); when both are given they must agree',
    ),
    keyword: text.describe('Searches the entity’s searchable fields'),
    sort: text.describe('A sortable field'),
    order: z.enum(['asc', 'desc']).optional(),
    lang: z.enum(['en', 'zh']).optional(),
  };
  for (const f of queryFields(def, policy)) {
    for (const p of filterParams(f)) shape[p] = f.filter === 'in' ? many : text;
  }
  return z.looseObject(shape).transform((raw, ctx) => {
    const parsed = parseListQuery(def, raw as RawQuery, policy);
    if (parsed.ok) return parsed.query;
    ctx.addIssue({ code: 'custom', path: [parsed.param], message: parsed.param });
    return z.NEVER;
  });
}

/** What an export is for: what the list shows (`view`), a file to edit and import again with every writable field
 * (`import`), or that file's header row alone, to fill in new records (`template`). */
export type ExportPurpose = 'view' | 'import' | 'template';

export type ExportQuery = {
  format: 'xlsx' | 'csv';
  columns: string[] | null;
  query: ListQuery;
  purpose: ExportPurpose;
};

/** Parameters of `GET /api/<entity>/export`: the list's filters, keyword and sort, plus `format` and the
 * `columns` to write (comma-separated, default the columns shown by default). Paging does not apply. */
export function parseExportQuery(
  def: EntityDef,
  raw: RawQuery,
  policy?: EntityPolicy,
): { ok: true; value: ExportQuery } | { ok: false; param: string } {
  const { format, columns, purpose, page: _page, size: _size, limit: _limit, ...rest } = raw;
  const f = single(format) ?? 'xlsx';
  if (f !== 'xlsx' && f !== 'csv') return { ok: false, param: 'format' };
  const p = single(purpose) ?? 'view';
  if (p !== 'view' && p !== 'import' && p !== 'template') return { ok: false, param: 'purpose' };
  const parsed = parseListQuery(def, rest, policy);
  if (!parsed.ok) return parsed;
  const names = columns === undefined || columns === '' ? null : list(columns);
  return {
    ok: true,
    value: {
      format: f,
      columns: names && names.length > 0 ? names : null,
      query: parsed.query,
      purpose: p,
    },
  };
}

/** `parseExportQuery` as a zod schema (OpenAPI description and parser). */
export function exportQuerySchema(def: EntityDef, policy?: EntityPolicy) {
  const base = listQuerySchema(def, policy).in as z.ZodObject;
  return base
    .omit({ page: true, size: true, limit: true })
    .extend({
      format: z.enum(['xlsx', 'csv']).optional().describe('xlsx (default) or csv with a UTF-8 BOM'),
      purpose: z
        .enum(['view', 'import', 'template'])
        .optional()
        .describe(
          'view (default): the chosen columns; import: the id and every writable field, relations as ids, ready to edit and import again; template: that header row alone',
        ),
      columns: z
        .string()
        .optional()
        .describe('Comma-separated field names; default: the columns shown by default'),
    })
    .transform((raw, ctx) => {
      const parsed = parseExportQuery(def, raw as RawQuery, policy);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: 'custom', path: [parsed.param], message: parsed.param });
      return z.NEVER;
    });
}
