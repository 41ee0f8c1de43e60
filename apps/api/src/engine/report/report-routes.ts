import {
  type EntityDef,
  entityLabel,
  entityRoute,
  type FieldDef,
  fieldLabel,
  kitMessage,
  type Lang,
  type ListFilter,
  listColumns,
  parseListQuery,
  type RawQuery,
  type SortSpec,
} from '@organiser/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { rowScopeOf } from '../../access/row-scope';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { ok, okSchema } from '../../http/envelope';
import { engineValidator } from '../routes/route-context';
import { type Cell, csvStream, toCell, xlsxStream } from '../transfer/spreadsheet';
import { contentDisposition, EXPORT_MAX_ROWS } from '../transfer/transfer';
import type { RowScope } from '../write-context';

// Report entities (`defineReport`): read-only rows a module computes with a query of its own, served as
// `GET /api/<name>/list` and `GET /api/<name>/export` behind the report's menu, like an entity's list. The
// parameters are the list's (filters, sort, page, size) plus the report's group-by and period, all checked
// against the definition before the query runs; each row carries its drill-down links.

export type Granularity = 'day' | 'week' | 'month';

/** What a report's query is asked for, already validated against the definition. */
export type ReportParamValues = {
  filters: ListFilter[];
  /** Text to find in the report's `search` fields (only for a report that declares some). */
  keyword?: string;
  sort: SortSpec;
  page: number;
  pageSize: number;
  /** One of the declared dimensions (the first when the caller names none). */
  groupBy?: string;
  /** Inclusive dates (YYYY-MM-DD), only for a report that declares a period. */
  periodFrom?: string;
  periodTo?: string;
  /** Rows are split by this unit of time when given. */
  granularity?: Granularity;
  /** The report's path parameters (`params.path`), each a positive integer id. */
  path?: Record<string, number>;
};

export type ReportContext = { db: Db; lang: Lang; rowScope: RowScope | null };

/** A page of rows (API values by field name) and the number of rows of all pages; `period`: the days the
 * rows cover when the query completed the asked period (an export names them in its file name). */
export type ReportResult = {
  rows: Record<string, unknown>[];
  total: number;
  period?: { from: string; to: string };
};

export type ReportQuery = (ctx: ReportContext, params: ReportParamValues) => Promise<ReportResult>;

/** The report's own parameters, besides the list's. */
export const REPORT_PARAMS = ['groupBy', 'periodFrom', 'periodTo', 'granularity'] as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (v: string) => DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

const single = (value: RawQuery[string]): string | undefined =>
  value === undefined
    ? undefined
    : Array.isArray(value)
      ? value.length === 1
        ? value[0]
        : '\u0000'
      : String(value);

/**
 * Parses a report's query: the list's parameters over the report's own fields (no id or timestamps: report
 * rows have none), then `groupBy` (a declared dimension), `periodFrom` / `periodTo` (real dates, in order) and
 * `granularity` (a declared one). The first bad parameter is named.
 */
export function parseReportQuery(
  def: EntityDef,
  raw: RawQuery,
): { ok: true; value: ReportParamValues } | { ok: false; param: string } {
  const params = def.report?.params ?? {};
  const rest: RawQuery = {};
  for (const [k, v] of Object.entries(raw))
    if (!(REPORT_PARAMS as readonly string[]).includes(k)) rest[k] = v;
  const list = parseListQuery(def, rest);
  if (!list.ok) return list;
  const { query } = list;
  if (!(query.sort.field in def.fields)) return { ok: false, param: 'sort' };
  for (const f of query.filters)
    if (!(f.field in def.fields)) return { ok: false, param: f.op === 'range' ? `${f.field}From` : f.field };

  const value: ReportParamValues = {
    filters: query.filters,
    ...(query.keyword ? { keyword: query.keyword } : {}),
    sort: query.sort,
    page: query.page,
    pageSize: query.size,
  };
  const groupBy = single(raw.groupBy);
  if (groupBy !== undefined && groupBy !== '') {
    if (!params.groupBy?.some((g) => g.value === groupBy)) return { ok: false, param: 'groupBy' };
    value.groupBy = groupBy;
  } else if (params.groupBy) value.groupBy = params.groupBy[0]!.value;

  for (const name of ['periodFrom', 'periodTo'] as const) {
    const v = single(raw[name]);
    if (v === undefined || v === '') continue;
    if (!params.period || !isRealDate(v)) return { ok: false, param: name };
    value[name] = v;
  }
  if (value.periodFrom && value.periodTo && value.periodFrom > value.periodTo)
    return { ok: false, param: 'periodFrom' };
  const granularity = single(raw.granularity);
  if (granularity !== undefined && granularity !== '') {
    if (!params.period?.granularity.includes(granularity as Granularity))
      return { ok: false, param: 'granularity' };
    value.granularity = granularity as Granularity;
  }
  return { ok: true, value };
}

/** `parseReportQuery` as a zod schema: the OpenAPI description of the parameters and their parser. */
export function reportQuerySchema(def: EntityDef, options: { paging: boolean } = { paging: true }) {
  const text = z.string().optional();
  const many = z.union([z.string(), z.array(z.string())]).optional();
  const params = def.report?.params ?? {};
  const shape: Record<string, z.ZodType> = {
    sort: text.describe('A sortable field'),
    order: z.enum(['asc', 'desc']).optional(),
    lang: z.enum(['en', 'zh']).optional(),
  };
  if (def.search.length) shape.keyword = text.describe('Searches the report’s searchable fields');
  if (options.paging) {
    shape.page = text.describe('Page number, from 1');
    shape.size = text.describe('Rows per page (default 20, capped at 50)');
  } else {
    shape.format = z.enum(['xlsx', 'csv']).optional().describe('xlsx (default) or csv with a UTF-8 BOM');
  }
  for (const [name, field] of Object.entries(def.fields)) {
    const op = field.list?.filter;
    if (op === 'range') {
      shape[`${name}From`] = text;
      shape[`${name}To`] = text;
    } else if (op) shape[name] = op === 'in' ? many : text;
  }
  if (params.groupBy)
    shape.groupBy = z
      .enum(params.groupBy.map((g) => g.value) as [string, ...string[]])
      .optional()
      .describe(`Dimension of the rows (default ${params.groupBy[0]!.value})`);
  if (params.period) {
    shape.periodFrom = text.describe('First day of the period (YYYY-MM-DD)');
    shape.periodTo = text.describe('Last day of the period (YYYY-MM-DD)');
    shape.granularity = z
      .enum(params.period.granularity as unknown as [Granularity, ...Granularity[]])
      .optional()
      .describe('Split the rows by this unit of time');
  }
  return z.looseObject(shape).transform((raw, ctx) => {
    // `format` belongs to the export; on the list it is an unknown parameter like any other.
    const { format, ...rest } = raw as RawQuery;
    const parsed = parseReportQuery(def, options.paging ? (raw as RawQuery) : rest);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', path: [parsed.param], message: parsed.param });
      return z.NEVER;
    }
    return { ...parsed.value, format: (single(format) ?? 'xlsx') as 'xlsx' | 'csv' };
  });
}

/** A row's link to the records behind one of its values: the target list's menu (a route pattern when it has
 * path parameters), its filter parameters and its path parameters' values. */
export type DrillLink = { menu: string; filters: Record<string, string>; params?: Record<string, string> };

const filled = (v: unknown) => v !== null && v !== undefined && v !== '';

/** The drill-down links of a row: each declared link with the row's non-empty values as its filters and path
 * parameters (a link whose filter values are all empty, or one of whose path parameters is, is left out). */
export function drillLinks(def: EntityDef, row: Record<string, unknown>): Record<string, DrillLink> {
  const out: Record<string, DrillLink> = {};
  for (const [field, link] of Object.entries(def.report?.drill ?? {})) {
    const filters: Record<string, string> = {};
    for (const [param, from] of Object.entries(link.filters))
      if (filled(row[from])) filters[param] = String(row[from]);
    const params: Record<string, string> = {};
    for (const [param, from] of Object.entries(link.params ?? {}))
      if (filled(row[from])) params[param] = String(row[from]);
    if (link.params) {
      if (Object.keys(params).length === Object.keys(link.params).length)
        out[field] = { menu: link.menu, filters, params };
    } else if (Object.keys(filters).length) out[field] = { menu: link.menu, filters };
  }
  return out;
}

/** The path parameters of a report read for some (`params.path`): each a record id. */
function pathSchema(def: EntityDef) {
  const names = def.report?.params.path ?? [];
  if (names.length === 0) return undefined;
  const id = z.coerce.number().int().positive().max(2147483647).describe('A record id');
  return z.object(Object.fromEntries(names.map((n) => [n, id])));
}

function cellSchema(field: FieldDef): z.ZodType {
  switch (field.kind) {
    case 'integer':
    case 'decimal':
    case 'money':
    case 'relation':
      return z.number();
    case 'boolean':
      return z.boolean();
    default:
      return z.string();
  }
}

/** A report row as the list returns it: its fields (null when empty) and its drill-down links. */
export function reportRowSchema(def: EntityDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(def.fields)) shape[name] = cellSchema(field).nullable();
  shape.drill = z
    .record(
      z.string(),
      z.object({
        menu: z.string(),
        filters: z.record(z.string(), z.string()),
        params: z.record(z.string(), z.string()).optional(),
      }),
    )
    .describe(
      'Links by field to the records behind the row: the list at `menu` (its `:name` parts filled from `params`) with these filters',
    );
  return z.object(shape);
}

const withDrill = (def: EntityDef, rows: Record<string, unknown>[]) =>
  rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const name of Object.keys(def.fields)) out[name] = row[name] ?? null;
    out.drill = drillLinks(def, row);
    return out;
  });

/**
 * Registers `GET /api/<name>/list` and, unless the report switches export off, `GET /api/<name>/export` for a
 * report definition and its query. Both are read behind the report's menu. Call it inside a plugin under /api.
 */
export function registerReportRoutes(app: FastifyInstance, def: EntityDef, query: ReportQuery): void {
  if (def.shape !== 'report' || !def.report) throw new Error(`${def.name} is not a report`);
  const at = (def.report.params.path ?? []).map((p) => `/:${p}`).join('');
  const base = `/${def.name}${at}`;
  const params = pathSchema(def);
  const access = { kind: 'menu' as const, url: def.permission.menu };
  const tags = [def.name];
  if (app.hasDecorator('openApiSchemas')) app.openApiSchemas.tags.set(def.name, def.labels.plural.en);
  const context = (request: FastifyRequest): ReportContext => ({
    db: app.db,
    lang: request.lang,
    rowScope: rowScopeOf(request),
  });

  app.get(
    `${base}/list`,
    {
      validatorCompiler: engineValidator,
      config: { access },
      schema: {
        tags,
        operationId: entityRoute(def, 'list').operationId,
        summary: `${def.labels.plural.en}: rows by group and period, with filters, sort, pages and drill-down links`,
        querystring: reportQuerySchema(def),
        ...(params ? { params } : {}),
        response: {
          200: okSchema(
            z.object({
              list: z.array(reportRowSchema(def)),
              total: z.number().int(),
              page: z.number().int(),
              size: z.number().int(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { format: _, ...asked } = request.query as ReportParamValues & { format: string };
      const path = params ? { path: request.params as Record<string, number> } : {};
      const result = await query(context(request), { ...asked, ...path });
      return ok({
        list: withDrill(def, result.rows),
        total: result.total,
        page: asked.page,
        size: asked.pageSize,
      });
    },
  );

  if (!def.capabilities.export) return;
  app.get(
    `${base}/export`,
    {
      validatorCompiler: engineValidator,
      config: { access },
      schema: {
        tags,
        operationId: entityRoute(def, 'export').operationId,
        summary: `Export ${def.labels.plural.en} as xlsx or CSV (headers in the caller's language)`,
        querystring: reportQuerySchema(def, { paging: false }),
        ...(params ? { params } : {}),
      },
    },
    async (request, reply) => {
      const { format, ...asked } = request.query as ReportParamValues & { format: 'xlsx' | 'csv' };
      const lang = request.lang;
      const path = params ? { path: request.params as Record<string, number> } : {};
      const result = await query(context(request), {
        ...asked,
        ...path,
        page: 1,
        pageSize: EXPORT_MAX_ROWS + 1,
      });
      if (result.rows.length > EXPORT_MAX_ROWS) {
        const max = kitMessage('rows', { count: EXPORT_MAX_ROWS.toLocaleString('en') })[lang];
        throw new AppError('payloadTooLarge', { params: { max } });
      }
      const columns = listColumns(def).filter((c) => c.name in def.fields && c.isShownByDefault);
      const header = columns.map((c) => fieldLabel(def, c.name, lang));
      async function* rows(): AsyncGenerator<Cell[]> {
        for (const row of result.rows) yield columns.map((c) => toCell(c, row, lang, format));
      }
      const name = entityLabel(def, lang, { plural: true });
      const compact = (d: string) => d.replace(/-/g, '');
      const from = result.period?.from ?? asked.periodFrom;
      const to = result.period?.to ?? asked.periodTo;
      const day =
        from && to
          ? `${compact(from)}-${compact(to)}`
          : new Date().toISOString().slice(0, 10).replace(/-/g, '');
      const file =
        format === 'csv'
          ? { stream: csvStream(header, rows()), ext: 'csv', type: 'text/csv; charset=utf-8' }
          : {
              stream: xlsxStream(name, header, rows()),
              ext: 'xlsx',
              type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            };
      reply.header('Content-Type', file.type);
      reply.header('Content-Disposition', contentDisposition(`${name}-${day}.${file.ext}`));
      reply.header('Cache-Control', 'no-store');
      return reply.send(file.stream);
    },
  );
}
