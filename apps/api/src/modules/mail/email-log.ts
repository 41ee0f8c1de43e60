import { emailLog, type ListFilter } from '@organiser/domain';
import { and, asc, count, desc, ilike, inArray, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { mailLog } from '../../db/schema';
import {
  type ReportContext,
  type ReportParamValues,
  type ReportResult,
  registerReportRoutes,
} from '../../engine';

// The email log report: the mail_log table as the console's read-only list, filtered by recipient, template
// and status, newest first.

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function conditions(filters: ListFilter[]): SQL[] {
  const out: SQL[] = [];
  for (const f of filters) {
    if (f.field === 'to' && f.op === 'like') out.push(ilike(mailLog.to, `%${escapeLike(String(f.value))}%`));
    if (f.field === 'template' && f.op === 'in') out.push(inArray(mailLog.template, f.values.map(String)));
    if (f.field === 'status' && f.op === 'in')
      out.push(inArray(mailLog.status, f.values.map(String) as ('outbox' | 'sent' | 'failed')[]));
  }
  return out;
}

export async function emailLogQuery(ctx: ReportContext, params: ReportParamValues): Promise<ReportResult> {
  const where = and(...conditions(params.filters));
  const order = params.sort.order === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(mailLog)
      .where(where)
      .orderBy(order(mailLog.createdAt), order(mailLog.id))
      .limit(params.pageSize)
      .offset((params.page - 1) * params.pageSize),
    ctx.db.select({ n: count() }).from(mailLog).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      to: r.to,
      subject: r.subject,
      template: r.template,
      lang: r.lang,
      status: r.status,
      error: r.error,
      sentAt: r.createdAt.toISOString(),
    })),
    total: Number(total?.n ?? 0),
  };
}

/** `GET /api/email_log/list` and `/export`, behind the email log's menu. */
export const emailLogRoutes: FastifyPluginAsync = async (app) => {
  registerReportRoutes(app, emailLog, emailLogQuery);
};
