import { randomUUID } from 'node:crypto';
import type { ImportReport } from '@organiser/domain';
import { and, eq, gt, lte } from 'drizzle-orm';
import { importHandle } from '../../db/schema';
import { type CheckedImport, checkImport, fieldsError, importChecked, type WriteContext } from '../../engine';
import { issue } from './accounts';

// The two-step account import: a file is checked (each row through the same checks as a write, the account
// rule included, nothing written) and kept under a handle for an hour; confirming the handle writes the rows
// that were valid and still are, in one transaction. A handle is taken once, by the account that checked it.

/** Most rows an account file may have. */
export const USER_IMPORT_MAX_ROWS = 10_000;
/** A checked import file waits this long for its confirmation. */
const IMPORT_HANDLE_MINUTES = 60;

/** Checks an account file: its per-row report and the handle that confirms it. */
export async function checkAccountFile(
  ctx: WriteContext,
  callerId: number,
  buffer: Buffer,
): Promise<ImportReport & { handle: string }> {
  if (buffer.length === 0) throw fieldsError([issue('file', 'The file is empty', '文件为空')], ctx.lang);
  const { report, kept } = await checkImport({ ...ctx, texts: {} }, buffer, {
    maxRows: USER_IMPORT_MAX_ROWS,
  });
  if (report.total === 0)
    throw fieldsError([issue('file', 'The file has no rows', '文件没有数据行')], ctx.lang);
  const noneValid = report.valid === 0 && report.rows.every((r) => r.errors.length > 0);
  // every row refused only for its account (a missing column) and some column ignored: no column was known
  const known = report.rows.some((r) => r.errors.some((e) => e.path !== 'account'));
  if (noneValid && report.ignoredColumns.length > 0 && !known)
    throw fieldsError([issue('file', 'The file has no known column', '文件中没有可识别的列')], ctx.lang);
  // expired handles go whenever a file is checked (and daily with the log retention)
  await ctx.db.delete(importHandle).where(lte(importHandle.expiresAt, new Date()));
  const handle = randomUUID();
  await ctx.db.insert(importHandle).values({
    id: handle,
    entity: ctx.entity.def.name,
    userId: callerId,
    sheet: kept,
    report,
    expiresAt: new Date(Date.now() + IMPORT_HANDLE_MINUTES * 60_000),
  });
  return { ...report, handle };
}

/** Writes the valid rows of a checked file (only `rows` when given); the handle is deleted as it is read, so
 * the same file cannot be imported twice. */
export async function importAccountFile(
  ctx: WriteContext,
  callerId: number,
  handle: string,
  rows: number[] | undefined,
): Promise<ImportReport> {
  const [found] = await ctx.db
    .delete(importHandle)
    .where(
      and(
        eq(importHandle.id, handle),
        eq(importHandle.entity, ctx.entity.def.name),
        eq(importHandle.userId, callerId),
        gt(importHandle.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!found)
    throw fieldsError(
      [
        issue(
          'handle',
          'The checked file is unknown, already imported or expired',
          '导入文件不存在、已导入或已过期',
        ),
      ],
      ctx.lang,
    );
  return importChecked({ ...ctx, texts: {} }, found.sheet as CheckedImport, {
    keepRows: rows ? new Set(rows) : undefined,
    maxRows: USER_IMPORT_MAX_ROWS,
  });
}
