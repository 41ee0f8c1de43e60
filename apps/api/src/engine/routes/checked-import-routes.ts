import { randomUUID } from 'node:crypto';
import type { Bilingual, CheckedImportRule, ImportReport, Lang } from '@organiser/domain';
import { and, eq, gt, lte } from 'drizzle-orm';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { importHandle } from '../../db/schema';
import { ok, okSchema } from '../../http/envelope';
import { fieldsError } from '../field-errors';
import { type CheckedImport, checkImport, importChecked } from '../transfer/checked-import';
import type { WriteContext } from '../write-context';
import { type engineValidator, importReportSchema, type RouteContext } from './route-context';
import { importFileOf } from './transfer-routes';

// The import in two steps an entity declares with `checkedImport`: a file is checked (each row through the
// same checks and hooks as a write, nothing written) and kept under a handle for an hour; confirming the
// handle writes the rows that were valid and still are, in one transaction. A handle is taken once, by the
// account that checked it.

/** A checked file waits this long for its confirmation. */
const HANDLE_MINUTES = 60;

const refusal = (path: string, message: Bilingual, lang: Lang) => fieldsError([{ path, message }], lang);

/** Checks a file: its per-row report and the handle that confirms it. */
async function checkFile(
  ctx: WriteContext & { texts: RouteContext['texts'] },
  rule: CheckedImportRule,
  callerId: number,
  buffer: Buffer,
): Promise<ImportReport & { handle: string }> {
  const { lang } = ctx;
  if (buffer.length === 0) throw refusal('file', { en: 'The file is empty', zh: '文件为空' }, lang);
  const { report, kept } = await checkImport(ctx, buffer, { maxRows: rule.maxRows });
  if (report.total === 0) throw refusal('file', { en: 'The file has no rows', zh: '文件没有数据行' }, lang);
  const noneValid = report.valid === 0 && report.rows.every((r) => r.errors.length > 0);
  // every row refused for its label field alone (no such column) and some column ignored: no column was known
  const known = report.rows.some((r) => r.errors.some((e) => e.path !== ctx.entity.def.labelField));
  if (noneValid && report.ignoredColumns.length > 0 && !known)
    throw refusal('file', { en: 'The file has no known column', zh: '文件中没有可识别的列' }, lang);
  // expired handles go whenever a file is checked (and daily with the log retention)
  await ctx.db.delete(importHandle).where(lte(importHandle.expiresAt, new Date()));
  const handle = randomUUID();
  await ctx.db.insert(importHandle).values({
    id: handle,
    entity: ctx.entity.def.name,
    userId: callerId,
    sheet: kept,
    report,
    expiresAt: new Date(Date.now() + HANDLE_MINUTES * 60_000),
  });
  return { ...report, handle };
}

/** Writes the valid rows of a checked file (only `rows` when given); the handle is deleted as it is read, so
 * the same file cannot be imported twice. */
async function confirmFile(
  ctx: WriteContext & { texts: RouteContext['texts'] },
  rule: CheckedImportRule,
  callerId: number,
  body: { handle: string; rows?: number[] },
): Promise<ImportReport> {
  const [found] = await ctx.db
    .delete(importHandle)
    .where(
      and(
        eq(importHandle.id, body.handle),
        eq(importHandle.entity, ctx.entity.def.name),
        eq(importHandle.userId, callerId),
        gt(importHandle.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!found) {
    const message = {
      en: 'The checked file is unknown, already imported or expired',
      zh: '导入文件不存在、已导入或已过期',
    };
    throw refusal('handle', message, ctx.lang);
  }
  return importChecked(ctx, found.sheet as CheckedImport, {
    keepRows: body.rows ? new Set(body.rows) : undefined,
    maxRows: rule.maxRows,
  });
}

const confirmBody = z.strictObject({
  handle: z.uuid(),
  rows: z.array(z.number().int().positive().max(1_000_000)).max(100_000).optional(),
});

export function registerCheckedImportRoutes(rc: RouteContext): void {
  const { app, def, tags, texts, context, common, route } = rc;
  const rule = def.checkedImport;
  if (!rule || def.source) return;
  const withTexts = (request: Parameters<typeof context>[0]) => ({ ...context(request), texts });
  app.post(
    route.url('importCheck'),
    {
      ...common,
      config: { access: route.access('importCheck') },
      schema: {
        tags,
        summary: `Check an xlsx or CSV file of ${def.labels.plural.en} (multipart field "file"; headers in English or Chinese): the per-row report and the handle the confirmation takes. Writes nothing`,
        consumes: ['multipart/form-data'],
        response: { 200: okSchema(importReportSchema.extend({ handle: z.string() })) },
      },
    },
    async (request) =>
      ok(await checkFile(withTexts(request), rule, request.auth!.user.id, await importFileOf(request))),
  );
  app.post(
    route.url('importConfirm'),
    {
      validatorCompiler: validatorCompiler as typeof engineValidator,
      config: { access: route.access('importConfirm') },
      schema: {
        tags,
        summary: `Write the valid rows of a checked file of ${def.labels.plural.en} (its handle), all in one transaction; \`rows\` keeps only those row numbers`,
        body: confirmBody,
        response: { 200: okSchema(importReportSchema) },
      },
    },
    async (request) => {
      const body = request.body as z.infer<typeof confirmBody>;
      return ok(await confirmFile(withTexts(request), rule, request.auth!.user.id, body));
    },
  );
}
