import type { Readable } from 'node:stream';
import {
  type ColumnDescriptor,
  checkRules,
  defaultOf,
  type ExportPurpose,
  entityLabel,
  type ImportReport,
  type ImportRowReport,
  type KitIssue,
  kitMessage,
  kitMessages,
  type Lang,
  type ListQuery,
  type TextSet,
  validateCreate,
  validateUpdate,
} from '@organiser/domain';
import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { AppError } from '../errors';
import type { Row, RowScope, WriteContext } from './context';
import { toFieldErrors } from './field-errors';
import { allFields, type Change, diff, type HistoryEntry, historyName, writeHistory } from './history';
import { hooksOf, type WrittenRow } from './hooks';
import { matchingIds } from './list';
import { apiValues, toDbValues, toRecord, withLabels } from './records';
import { checkReferences } from './references';
import {
  type Cell,
  csvStream,
  exportColumns,
  fromCell,
  headerOf,
  importColumns,
  isXlsx,
  mapHeaders,
  parseCsv,
  parseXlsx,
  toCell,
  xlsxStream,
} from './spreadsheet';
import { fromUniqueViolation } from './unique';
import { applyQuotas, derivedChanges, settleExclusive, storedValues } from './write-effects';

/** An export writes at most this many rows; a bigger result asks for narrower filters. */
export const EXPORT_MAX_ROWS = 50_000;
/** An import reads at most this many rows and bytes. */
export const IMPORT_MAX_ROWS = 5_000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
const CHUNK = 500;

export type ExportFile = { stream: Readable; filename: string; contentType: string };

const rowsLimit = (count: number, lang: Lang) =>
  kitMessage('rows', { count: count.toLocaleString('en') })[lang];

/** The records matching a list query as a file, streamed in chunks of ids (no deep OFFSET, flat memory). */
export async function exportRecords(
  ctx: Pick<WriteContext, 'db' | 'engine' | 'entity' | 'lang'> & {
    texts?: TextSet;
    rowScope?: RowScope | null;
  },
  input: { query: ListQuery; columns: string[] | null; format: 'xlsx' | 'csv'; purpose?: ExportPurpose },
): Promise<ExportFile> {
  const { db, engine, entity, lang } = ctx;
  const purpose = input.purpose ?? 'view';
  const isForImport = purpose !== 'view';
  const columns = isForImport ? importColumns(entity) : exportColumns(entity, input.columns);
  if (!columns) throw new AppError('badParameter', { params: { name: 'columns' } });
  // a template is the header row alone
  const ids =
    purpose === 'template'
      ? []
      : await matchingIds(db, entity, input.query, EXPORT_MAX_ROWS + 1, 'live', ctx.rowScope);
  if (ids.length > EXPORT_MAX_ROWS) {
    throw new AppError('payloadTooLarge', { params: { max: rowsLimit(EXPORT_MAX_ROWS, lang) } });
  }
  async function* rows(): AsyncGenerator<Cell[]> {
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      const found = (await db
        .select()
        .from(entity.table)
        .where(inArray(entity.col('id'), chunk))) as Row[];
      const byId = new Map(found.map((r) => [Number(r.id), r]));
      const ordered = chunk.map((id) => byId.get(id)).filter((r): r is Row => Boolean(r));
      const records = await withLabels(
        db,
        engine,
        entity,
        ordered.map((r) => toRecord(entity, r)),
        lang,
      );
      for (const record of records)
        yield columns!.map((c: ColumnDescriptor) => toCell(c, record, lang, input.format, { isForImport }));
    }
  }
  const header = columns.map((c) => headerOf(entity, c, lang, ctx.texts));
  const label = entityLabel(entity.def, lang, { texts: ctx.texts, plural: true });
  const name =
    purpose === 'view'
      ? label
      : `${label}-${kitMessages[purpose === 'import' ? 'exportForImport' : 'importTemplate'][lang]}`;
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  return input.format === 'csv'
    ? {
        stream: csvStream(header, rows()),
        filename: `${name}-${day}.csv`,
        contentType: 'text/csv; charset=utf-8',
      }
    : {
        stream: xlsxStream(name, header, rows()),
        filename: `${name}-${day}.xlsx`,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      };
}

/** `attachment` with an ASCII fallback name and the real (possibly Chinese) name in RFC 5987 form. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

type Planned = {
  report: ImportRowReport;
  values: Record<string, unknown>;
  current: Row | null;
};

async function readSheet(buffer: Buffer): Promise<Cell[][]> {
  try {
    return isXlsx(buffer) ? await parseXlsx(buffer) : parseCsv(buffer.toString('utf8'));
  } catch {
    throw new AppError('unsupportedType', { params: { allowed: 'xlsx, csv' } });
  }
}

const isBlankRow = (row: Cell[]) => row.every((c) => c === null || String(c).trim() === '');

/** Resolves relation cells given as labels (either language) to ids; ambiguous or unknown labels stay as
 * text so validation names the field. */
async function resolveLabels(ctx: WriteContext, planned: Planned[]): Promise<Map<Planned, KitIssue[]>> {
  const { db, engine, entity } = ctx;
  const issues = new Map<Planned, KitIssue[]>();
  for (const [name, field] of Object.entries(entity.def.fields)) {
    if (field.kind !== 'relation' && field.kind !== 'relationMany' && field.kind !== 'treeRelation') continue;
    const target = engine.get(field.kind === 'treeRelation' ? entity.def.name : field.to);
    if (!target) continue;
    const labels = new Set<string>();
    for (const p of planned) {
      const v = p.values[name];
      for (const item of Array.isArray(v) ? v : [v]) if (typeof item === 'string') labels.add(item);
    }
    if (labels.size === 0) continue;
    const pair = target.def.pairs[target.def.labelField];
    const labelColumns = pair ? [pair.en, pair.zh] : [target.def.labelField];
    const conditions: SQL[] = [or(...labelColumns.map((c) => inArray(target.col(c), [...labels])))!];
    if (target.def.softDelete) conditions.push(isNull(target.col('deletedAt')));
    const rows = (await db
      .select()
      .from(target.table)
      .where(and(...conditions))) as Row[];
    const byLabel = new Map<string, number[]>();
    for (const row of rows) {
      for (const c of labelColumns) {
        const label = row[c];
        if (typeof label !== 'string' || !labels.has(label)) continue;
        const ids = byLabel.get(label) ?? [];
        if (!ids.includes(Number(row.id))) ids.push(Number(row.id));
        byLabel.set(label, ids);
      }
    }
    for (const p of planned) {
      const v = p.values[name];
      const resolve = (item: unknown) => {
        if (typeof item !== 'string') return item;
        const ids = byLabel.get(item) ?? [];
        if (ids.length === 1) return ids[0];
        const message =
          ids.length > 1
            ? kitMessage('importAmbiguousReference', { label: field.label, value: item })
            : kitMessage('missingReference', { label: field.label });
        issues.set(p, [...(issues.get(p) ?? []), { path: name, message }]);
        return undefined;
      };
      p.values[name] = Array.isArray(v) ? v.map(resolve) : resolve(v);
    }
  }
  return issues;
}

/**
 * Import (issue 4): a dry run validates every row and reports per row; a confirmed import writes every valid
 * row in one transaction (rows with an id update that record, the others are created) and reports the same.
 */
export async function importRecords(
  ctx: WriteContext & { texts: { en?: TextSet; zh?: TextSet } },
  buffer: Buffer,
  dryRun: boolean,
): Promise<ImportReport> {
  const { db, entity, lang, actor } = ctx;
  const sheet = (await readSheet(buffer)).filter((row) => !isBlankRow(row));
  const [header, ...body] = sheet;
  if (!header) throw new AppError('badRequest');
  if (body.length > IMPORT_MAX_ROWS) {
    throw new AppError('payloadTooLarge', { params: { max: rowsLimit(IMPORT_MAX_ROWS, lang) } });
  }
  const { columns, ignored } = mapHeaders(entity, header, ctx.texts);
  const idColumn = [...columns].find(([, name]) => name === 'id')?.[0];

  const ids = body
    .map((row) => (idColumn === undefined ? null : row[idColumn]))
    .filter((v) => v !== null && v !== undefined && String(v).trim() !== '')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const existing = new Map<number, Row>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const conditions: SQL[] = [inArray(entity.col('id'), chunk)];
    if (entity.def.softDelete) conditions.push(isNull(entity.col('deletedAt')));
    for (const r of (await db
      .select()
      .from(entity.table)
      .where(and(...conditions))) as Row[])
      existing.set(Number(r.id), r);
  }

  const planned: Planned[] = body.map((row, index) => {
    const values: Record<string, unknown> = {};
    let id: number | null = null;
    const errors: KitIssue[] = [];
    for (const [col, name] of columns) {
      const cell = row[col] ?? null;
      if (name === 'id') {
        if (cell !== null && String(cell).trim() !== '') id = Number(cell);
        continue;
      }
      values[name] = fromCell(entity.def.fields[name]!, cell);
    }
    let current: Row | null = null;
    if (id !== null) {
      current = existing.get(id) ?? null;
      if (!current) errors.push({ path: 'id', message: kitMessage('importUnknownId', { id: String(id) }) });
    }
    return {
      report: {
        row: index + 2,
        id,
        action: id === null ? 'create' : 'update',
        errors: toFieldErrors(errors, lang),
      },
      values,
      current,
    };
  });

  const labelIssues = await resolveLabels(ctx, planned);
  const seenUnique = new Map<string, number>();
  for (const p of planned) {
    if (p.report.errors.length > 0) continue;
    const issues: KitIssue[] = [...(labelIssues.get(p) ?? [])];
    const labelled = new Set(issues.map((i) => i.path));
    let values = Object.fromEntries(Object.entries(p.values).filter(([k]) => !labelled.has(k)));
    if (p.current) {
      // An update row carries every exported column: unchanged read-only values are fine, changed ones are not.
      const before = apiValues(entity, p.current);
      const editable = Object.fromEntries(
        Object.entries(values).filter(
          ([k, v]) => entity.states.get(k)?.isEditable || diff(before, { [k]: v }, [k]).length > 0,
        ),
      );
      const result = validateUpdate(
        entity.def,
        { ...editable, version: Number(p.current.version) },
        { policy: entity.policy, current: before },
      );
      if (result.ok) {
        const { version: _, ...changes } = result.value;
        values = changes;
        issues.push(...checkRules(entity.def, { ...before, ...changes }, entity.states));
      } else issues.push(...result.issues);
    } else {
      // an empty cell of a new row takes the field's default (a template's row fills in only what it needs)
      for (const [k, v] of Object.entries(values)) {
        const field = entity.def.fields[k];
        if (v === null && field && defaultOf(field) !== undefined) delete values[k];
      }
      const result = validateCreate(entity.def, values, { policy: entity.policy });
      if (result.ok) values = result.value;
      else issues.push(...result.issues);
    }
    if (issues.length === 0) {
      const prepare = hooksOf(entity.def.name).prepare;
      if (prepare) issues.push(...(await prepare(ctx, values, p.current)));
      issues.push(...(await checkReferences(ctx, values, p.report.id ?? undefined)));
    }
    if (issues.length === 0) {
      for (const [name, field] of Object.entries(entity.def.fields)) {
        if (!field.unique || values[name] === undefined || values[name] === null) continue;
        const key = `${name}\u0000${String(values[name])}`;
        const earlier = seenUnique.get(key);
        if (earlier !== undefined) {
          issues.push({
            path: name,
            message: kitMessage('importDuplicateInFile', { label: field.label, row: earlier }),
          });
          continue;
        }
        seenUnique.set(key, p.report.row);
        const conditions: SQL[] = [inArray(entity.col(name), [values[name]])];
        if (entity.def.softDelete) conditions.push(isNull(entity.col('deletedAt')));
        const holders = (await db
          .select({ id: entity.col('id') })
          .from(entity.table)
          .where(and(...conditions))) as Row[];
        if (holders.some((h) => Number(h.id) !== p.report.id)) {
          issues.push({ path: name, message: kitMessage('duplicate', { label: field.label }) });
        }
      }
    }
    p.values = values;
    p.report.errors = toFieldErrors(issues, lang);
  }

  const valid = planned.filter((p) => p.report.errors.length === 0);
  const report: ImportReport = {
    dryRun,
    total: planned.length,
    valid: valid.length,
    invalid: planned.length - valid.length,
    created: valid.filter((p) => p.report.action === 'create').length,
    updated: valid.filter((p) => p.report.action === 'update').length,
    ignoredColumns: ignored,
    rows: planned.map((p) => p.report),
  };
  if (dryRun || valid.length === 0) return report;

  try {
    await db.transaction(async (tx: typeof db) => {
      const history: HistoryEntry[] = [];
      const written: WrittenRow[] = [];
      const creates = valid.filter((p) => !p.current);
      for (let i = 0; i < creates.length; i += CHUNK) {
        const slice = creates.slice(i, i + CHUNK);
        const values = [];
        for (const p of slice) {
          const { stored, virtual } = await storedValues(ctx, p.values);
          values.push({ stored: { ...stored, ...derivedChanges(entity, null, stored) }, virtual });
        }
        const inserted = (await tx
          .insert(entity.table)
          .values(
            values.map((v) => ({
              ...toDbValues(entity, v.stored),
              createdBy: actor?.id ?? null,
              updatedBy: actor?.id ?? null,
            })),
          )
          .returning()) as Row[];
        for (const [j, row] of inserted.entries()) {
          slice[j]!.report.id = Number(row.id);
          await applyQuotas(tx, ctx, null, row);
          written.push({ before: null, after: row, input: values[j]!.virtual });
          history.push({
            entity: historyName(entity),
            recordId: Number(row.id),
            version: Number(row.version),
            action: 'import',
            actor,
            changes: diff({}, apiValues(entity, row), allFields(entity)),
          });
        }
      }
      for (const p of valid.filter((v) => v.current)) {
        const current = p.current!;
        const before = apiValues(entity, current);
        const { stored, virtual } = await storedValues(ctx, p.values);
        const changes: Change[] = diff(before, stored, Object.keys(stored));
        if (changes.length === 0) continue;
        const set = Object.fromEntries(changes.map((c) => [c.field, stored[c.field]]));
        Object.assign(set, derivedChanges(entity, before, set));
        const version = Number(current.version);
        const [updated] = (await tx
          .update(entity.table)
          .set({
            ...toDbValues(entity, set),
            version: version + 1,
            updatedAt: new Date(),
            updatedBy: actor?.id ?? null,
          })
          .where(and(eq(entity.col('id'), current.id), eq(entity.col('version'), version)))
          .returning()) as Row[];
        if (!updated) throw new AppError('staleVersion');
        await applyQuotas(tx, ctx, current, updated);
        written.push({ before: current, after: updated, input: virtual });
        history.push({
          entity: historyName(entity),
          recordId: Number(updated.id),
          version: version + 1,
          action: 'import',
          actor,
          changes: diff(before, apiValues(entity, updated), allFields(entity)),
        });
      }
      await settleExclusive(tx, ctx, written);
      await hooksOf(entity.def.name).afterWrite?.(tx, ctx, { action: 'import', rows: written });
      await writeHistory(tx, history);
    });
  } catch (error) {
    throw fromUniqueViolation(error, entity, lang) ?? error;
  }
  return report;
}
