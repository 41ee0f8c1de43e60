import { type Lang, type ListFilter, ossLogReport, smsLogReport, systemLogReport } from '@organiser/domain';
import { and, asc, count, desc, eq, gte, ilike, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsync } from 'fastify';
import { ossLog, smsLog, systemLog } from '../../db/schema';
import {
  type ReportContext,
  type ReportParamValues,
  type ReportQuery,
  type ReportResult,
  registerReportRoutes,
} from '../../engine';
import { loggedErrorMessage } from '../../errors';

// The log screens (system, SMS, object storage) are reports over their tables: the engine's report list gives
// them filters, keyword, sort, server paging, export and the row drawer; this file maps each report field to
// its column. Totals stop counting at TOTAL_CAP: an exact count over a big log costs more than the page.

export const TOTAL_CAP = 10_000;

type LogTable = PgTable & { id: AnyPgColumn; createdAt: AnyPgColumn };

type LogSource = {
  table: LogTable;
  /** Report field → column (the report's `logId` is the row id, `loggedAt` its time). */
  columns: Record<string, AnyPgColumn>;
  /** A stored row as the report shows it to a reader of `lang`. */
  toRow: (row: Record<string, unknown>, lang: Lang) => Record<string, unknown>;
  /** Rows of a supplier account: its company's only (null: none of them). */
  scope?: AnyPgColumn;
};

type LoggedError = Parameters<typeof loggedErrorMessage>[0];

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

function condition(column: AnyPgColumn, f: ListFilter): SQL | undefined {
  switch (f.op) {
    case 'eq':
      return eq(column, f.value);
    case 'in':
      return or(...f.values.map((v) => eq(column, v)));
    case 'like':
      return ilike(column, `%${escapeLike(f.value)}%`);
    case 'range': {
      const parts: SQL[] = [];
      const value = (v: string | number | boolean) => (typeof v === 'string' ? new Date(v) : v);
      if (f.from !== undefined) parts.push(gte(column, value(f.from)));
      if (f.to !== undefined) parts.push(f.toExclusive ? lt(column, value(f.to)) : lte(column, value(f.to)));
      return parts.length ? and(...parts) : undefined;
    }
  }
}

/** The conditions of a log report's filters and keyword on its table. */
export function logConditions(
  source: LogSource,
  params: Pick<ReportParamValues, 'filters' | 'keyword'>,
  search: readonly string[],
) {
  const where: SQL[] = [];
  for (const f of params.filters) {
    const column = source.columns[f.field];
    const c = column && condition(column, f);
    if (c) where.push(c);
  }
  if (params.keyword) {
    const pattern = `%${escapeLike(params.keyword)}%`;
    const any = or(...search.map((name) => ilike(source.columns[name]!, pattern)));
    if (any) where.push(any);
  }
  return where;
}

function logQuery(source: LogSource, search: readonly string[]): ReportQuery {
  return async (ctx: ReportContext, params: ReportParamValues): Promise<ReportResult> => {
    const where = logConditions(source, params, search);
    if (ctx.rowScope) {
      if (!source.scope) return { rows: [], total: 0 };
      where.push(eq(source.scope, ctx.rowScope.companyId));
    }
    const filter = where.length ? and(...where) : undefined;
    const column = source.columns[params.sort.field] ?? source.table.createdAt;
    const order = params.sort.order === 'asc' ? asc : desc;
    const rows = await ctx.db
      .select()
      .from(source.table)
      .where(filter)
      .orderBy(order(column), order(source.table.id))
      .limit(params.pageSize)
      .offset((params.page - 1) * params.pageSize);
    const capped = ctx.db
      .select({ one: sql`1` })
      .from(source.table)
      .where(filter)
      .limit(TOTAL_CAP)
      .as('capped');
    const [total] = await ctx.db.select({ n: count() }).from(capped);
    return {
      rows: (rows as Record<string, unknown>[]).map((row) => source.toRow(row, ctx.lang)),
      total: Number(total?.n ?? 0),
    };
  };
}

export const systemLogSource: LogSource = {
  table: systemLog,
  columns: {
    logId: systemLog.id,
    account: systemLog.account,
    companyId: systemLog.companyId,
    url: systemLog.url,
    method: systemLog.method,
    ip: systemLog.ip,
    success: systemLog.success,
    statusCode: systemLog.statusCode,
    errorMessage: systemLog.errorMessage,
    durationMs: systemLog.durationMs,
    loggedAt: systemLog.createdAt,
  },
  toRow: (r, lang) => ({
    logId: r.id,
    account: r.account,
    companyId: r.companyId,
    url: r.url,
    method: r.method,
    ip: r.ip,
    requestArgs: json(r.requestArgs),
    responseArgs: json(r.responseArgs),
    success: r.success,
    statusCode: r.statusCode,
    errorMessage: loggedErrorMessage(r as LoggedError, lang),
    durationMs: r.durationMs,
    loggedAt: iso(r.createdAt),
  }),
  scope: systemLog.companyId,
};

export const smsLogSource: LogSource = {
  table: smsLog,
  columns: {
    logId: smsLog.id,
    mobile: smsLog.mobile,
    account: smsLog.account,
    purpose: smsLog.purpose,
    status: smsLog.status,
    loggedAt: smsLog.createdAt,
  },
  toRow: (r) => ({
    logId: r.id,
    mobile: r.mobile,
    account: r.account,
    purpose: r.purpose,
    status: r.status,
    body: r.body,
    errorMessage: r.errorMessage,
    loggedAt: iso(r.createdAt),
  }),
};

export const ossLogSource: LogSource = {
  table: ossLog,
  columns: {
    logId: ossLog.id,
    account: ossLog.account,
    companyId: ossLog.companyId,
    fileKey: ossLog.fileKey,
    fileName: ossLog.fileName,
    size: ossLog.size,
    contentType: ossLog.contentType,
    success: ossLog.success,
    loggedAt: ossLog.createdAt,
  },
  toRow: (r, lang) => ({
    logId: r.id,
    account: r.account,
    companyId: r.companyId,
    fileKey: r.fileKey,
    fileName: r.fileName,
    size: r.size,
    contentType: r.contentType,
    success: r.success,
    errorMessage: loggedErrorMessage(r as LoggedError, lang),
    loggedAt: iso(r.createdAt),
  }),
  scope: ossLog.companyId,
};

/** `GET /api/{system_log,sms_log,oss_log}/list` and `/export`, each behind its own menu. */
export const logReportRoutes: FastifyPluginAsync = async (app) => {
  registerReportRoutes(app, systemLogReport, logQuery(systemLogSource, systemLogReport.search));
  registerReportRoutes(app, smsLogReport, logQuery(smsLogSource, smsLogReport.search));
  registerReportRoutes(app, ossLogReport, logQuery(ossLogSource, ossLogReport.search));
};
