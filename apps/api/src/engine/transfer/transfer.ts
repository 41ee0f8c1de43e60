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
  labelColumns as labelColumnsOf,
  type TextSet,
  validateCreate,
  validateUpdate,
} from '@organiser/domain';
import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { AppError } from '../../errors';
import { toFieldErrors } from '../field-errors';
import { withJoinValues } from '../read/join-fields';
import { matchingIds } from '../read/list';
import { apiValues, toDbValues, toRecord, withLabels } from '../read/records';
import { assertBuiltInChange } from '../write/built-in';
import { resolveDictLabels, withDictLabels } from '../write/dictionary-check';
import { ensureMonthPartition } from '../write/event-tables';
import { diff, maskedChanges, stamp } from '../write/history';
import { writeJoinValues } from '../write/join-fields';
import { derivedChanges, storedValues } from '../write/write-effects';
import { checkWrite, type PipelineRow, type Validated, writeSequence } from '../write/write-pipeline';
import type { Change, Row, RowScope, Tx, WriteContext } from '../write-context';
import { csvRows, turnTaker, xlsxRows } from './sheet-reader';
import {
  type Cell,
  csvStream,
  exportColumns,
  fromCell,
  headerOf,
  importColumns,
  isXlsx,
  mapHeaders,
  toCell,
  xlsxStream,
} from './spreadsheet';

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
      await withJoinValues(db, entity, found);
      const byId = new Map(found.map((r) => [Number(r.id), r]));
      const ordered = chunk.map((id) => byId.get(id)).filter((r): r is Row => Boolean(r));
      const records = await withDictLabels(
        db,
        entity.def,
        await withLabels(
          db,
          engine,
          entity,
          ordered.map((r) => toRecord(entity, r)),
          lang,
        ),
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
  /** Secrets of the row hashed when its file was checked: stored as they are, not validated again. */
  hashed?: Record<string, string>;
};

/** A CSV's text: UTF-8 with or without a BOM, else GBK (what Excel saves in a Chinese Windows locale). */
export function decodeText(buffer: Buffer): string {
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf)
    return buffer.subarray(3).toString('utf8');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return new TextDecoder('gbk').decode(buffer);
  }
}

const isBlankRow = (row: Cell[]) => row.every((c) => c === null || String(c).trim() === '');

/** An import file's header and data rows (blank rows left out). */
export type ImportSheet = { header: Cell[]; body: Cell[][] };

/**
 * Reads an import file row by row and refuses it as soon as it has one data row more than `maxRows`, so a file of
 * a million rows costs what its first rows cost. Other requests get their turn while it reads.
 */
export async function readImportSheet(
  buffer: Buffer,
  options: { maxRows: number; lang: Lang },
): Promise<ImportSheet> {
  const { maxRows, lang } = options;
  const pause = turnTaker();
  const rows: Cell[][] = [];
  try {
    const source = isXlsx(buffer) ? xlsxRows(buffer, { lang }) : csvRows(decodeText(buffer));
    for await (const row of source) {
      if (!isBlankRow(row)) rows.push(row);
      // the header and maxRows data rows are allowed
      if (rows.length > maxRows + 1)
        throw new AppError('payloadTooLarge', { params: { max: rowsLimit(maxRows, lang) } });
      await pause();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('unsupportedType', { params: { allowed: 'xlsx, csv' } });
  }
  const [header, ...body] = rows;
  if (!header) throw new AppError('badRequest');
  return { header, body };
}

/** Resolves relation cells given as labels (either language) to ids, and dictionary labels to their values;
 * ambiguous or unknown labels stay as text so validation names the field. */
async function resolveLabels(ctx: WriteContext, planned: Planned[]): Promise<Map<Planned, KitIssue[]>> {
  const { db, engine, entity } = ctx;
  const issues = new Map<Planned, KitIssue[]>();
  await resolveDictLabels(
    db,
    entity.def,
    planned.map((p) => p.values),
  );
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
    const labelColumns = labelColumnsOf(target.def);
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

/** The stored records an import's rows name by id (live ones only), by id. */
async function existingRows(ctx: WriteContext, ids: number[]): Promise<Map<number, Row>> {
  const { db, entity } = ctx;
  const existing = new Map<number, Row>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const conditions: SQL[] = [inArray(entity.col('id'), chunk)];
    if (entity.def.softDelete) conditions.push(isNull(entity.col('deletedAt')));
    const rows = (await db
      .select()
      .from(entity.table)
      .where(and(...conditions))) as Row[];
    for (const r of await withJoinValues(db, entity, rows)) existing.set(Number(r.id), r);
  }
  return existing;
}

/** The sheet's rows as planned writes: values by field, and the record an id names. */
async function planRows(
  ctx: WriteContext & { texts: { en?: TextSet; zh?: TextSet } },
  header: Cell[],
  body: Cell[][],
): Promise<{ planned: Planned[]; ignored: string[] }> {
  const { entity, lang } = ctx;
  const { columns, ignored } = mapHeaders(entity, header, ctx.texts);
  const idColumn = [...columns].find(([, name]) => name === 'id')?.[0];
  const ids = body
    .map((row) => (idColumn === undefined ? null : row[idColumn]))
    .filter((v) => v !== null && v !== undefined && String(v).trim() !== '')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const existing = await existingRows(ctx, ids);
  const planned = body.map((row, index): Planned => {
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
    const report = {
      row: index + 2,
      id,
      action: id === null ? 'create' : 'update',
      errors: toFieldErrors(errors, lang),
    };
    return { report: report as ImportRowReport, values, current };
  });
  return { planned, ignored };
}

/**
 * One row checked as a create or an update through the write sequence's checks (the modules' beforeValidate
 * hooks, the kit, the rules of the merged record, the beforeWrite checks), the issues of its labels first.
 * Returns its values and issues (the row's report), never throws them.
 */
async function checkRow(
  ctx: WriteContext,
  p: Planned,
  values: Record<string, unknown>,
  labelIssues: KitIssue[],
): Promise<{ values: Record<string, unknown>; issues: KitIssue[] }> {
  const checked = await checkWrite(ctx, {
    body: { sent: values, current: p.current },
    validate: (completed): Validated<Record<string, unknown>> => {
      const sent = completed as Record<string, unknown>;
      const valid = p.current ? validateUpdateRow(ctx, p.current, sent) : validateCreateRow(ctx, sent);
      if (valid.ok && labelIssues.length === 0) return valid;
      return { ok: false, issues: [...labelIssues, ...(valid.ok ? [] : valid.issues)] };
    },
    targets: (changes) => [{ values: changes, current: p.current }],
  });
  // a refused row is reported, never written: its values are no longer needed
  return checked.ok ? { values: checked.value, issues: [] } : { values, issues: checked.issues };
}

/** An update row carries every exported column: unchanged read-only values are fine, changed ones are not;
 * the merged record's rules apply. */
function validateUpdateRow(
  ctx: WriteContext,
  current: Row,
  sent: Record<string, unknown>,
): Validated<Record<string, unknown>> {
  const { entity } = ctx;
  const before = apiValues(entity, current);
  const editable = Object.fromEntries(
    Object.entries(sent).filter(
      ([k, v]) => entity.states.get(k)?.isEditable || diff(before, { [k]: v }, [k]).length > 0,
    ),
  );
  const result = validateUpdate(
    entity.def,
    { ...editable, version: Number(current.version) },
    { policy: entity.policy, current: before },
  );
  if (!result.ok) return result;
  const { version: _, ...changes } = result.value;
  const issues = checkRules(entity.def, { ...before, ...changes }, entity.states);
  return issues.length ? { ok: false, issues } : { ok: true, value: changes };
}

/** A new row: an empty cell takes the field's default (a template's row fills in only what it needs). */
function validateCreateRow(
  ctx: WriteContext,
  sent: Record<string, unknown>,
): Validated<Record<string, unknown>> {
  const { entity } = ctx;
  for (const [k, v] of Object.entries(sent)) {
    const field = entity.def.fields[k];
    if (v === null && field && defaultOf(field) !== undefined) delete sent[k];
  }
  return validateCreate(entity.def, sent, { policy: entity.policy });
}

/** Live holders of the file's unique values, per unique field: value → ids, read in slices up front so a big
 * file costs a few statements instead of one per row and field. */
type UniqueHolders = Map<string, Map<string, number[]>>;

async function uniqueHolders(ctx: WriteContext, planned: Planned[]): Promise<UniqueHolders> {
  const { db, entity } = ctx;
  const out: UniqueHolders = new Map();
  for (const [name, field] of Object.entries(entity.def.fields)) {
    if (!field.unique) continue;
    const values = [
      ...new Set(
        planned
          .map((p) => p.values[name])
          .filter((v) => v !== undefined && v !== null && v !== '')
          .map((v) => String(v).trim()),
      ),
    ];
    // Every value looked up has an entry, empty when nobody holds it.
    const holders = new Map<string, number[]>(values.map((v) => [v, []]));
    for (let i = 0; i < values.length; i += 1_000) {
      const conditions: SQL[] = [inArray(entity.col(name), values.slice(i, i + 1_000))];
      if (entity.def.softDelete) conditions.push(isNull(entity.col('deletedAt')));
      const rows = (await db
        .select({ id: entity.col('id'), value: entity.col(name) })
        .from(entity.table)
        .where(and(...conditions))) as Row[];
      for (const r of rows) {
        const key = String(r.value);
        holders.get(key)?.push(Number(r.id));
      }
    }
    out.set(name, holders);
  }
  return out;
}

/** Unique values must be free in the table and appear once in the file. */
async function uniqueIssues(
  ctx: WriteContext,
  p: Planned,
  values: Record<string, unknown>,
  seen: Map<string, number>,
  known: UniqueHolders,
): Promise<KitIssue[]> {
  const { db, entity } = ctx;
  const issues: KitIssue[] = [];
  for (const [name, field] of Object.entries(entity.def.fields)) {
    if (!field.unique || values[name] === undefined || values[name] === null) continue;
    const key = `${name}\u0000${String(values[name])}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      issues.push({
        path: name,
        message: kitMessage('importDuplicateInFile', { label: field.label, row: earlier }),
      });
      continue;
    }
    seen.set(key, p.report.row);
    let ids = known.get(name)?.get(String(values[name]));
    if (!ids) {
      // A value the file's raw cell did not show as such (normalised by validation): looked up alone.
      const conditions: SQL[] = [inArray(entity.col(name), [values[name]])];
      if (entity.def.softDelete) conditions.push(isNull(entity.col('deletedAt')));
      ids = (
        (await db
          .select({ id: entity.col('id') })
          .from(entity.table)
          .where(and(...conditions))) as Row[]
      ).map((h) => Number(h.id));
    }
    if (ids.some((id) => id !== p.report.id))
      issues.push({ path: name, message: kitMessage('duplicate', { label: field.label }) });
  }
  return issues;
}

/** Checks every planned row (labels, kit validation, hooks, references, unique values) and fills its report. */
async function checkRows(ctx: WriteContext, planned: Planned[]): Promise<void> {
  const labelIssues = await resolveLabels(ctx, planned);
  const known = await uniqueHolders(ctx, planned);
  const seenUnique = new Map<string, number>();
  // a big file does not hold up other requests: they get their turn between rows
  const pause = turnTaker();
  for (const p of planned) {
    await pause();
    if (p.report.errors.length > 0) continue;
    const labelled = labelIssues.get(p) ?? [];
    const paths = new Set(labelled.map((i) => i.path));
    const checked = await checkRow(
      ctx,
      p,
      Object.fromEntries(Object.entries(p.values).filter(([k]) => !paths.has(k))),
      labelled,
    );
    const issues = checked.issues;
    if (issues.length === 0) issues.push(...(await uniqueIssues(ctx, p, checked.values, seenUnique, known)));
    p.values = checked.values;
    p.report.errors = toFieldErrors(issues, ctx.lang);
  }
}

/** Inserts the new rows, in slices. */
async function insertRows(tx: Tx, ctx: WriteContext, creates: Planned[]): Promise<PipelineRow[]> {
  const { entity, actor } = ctx;
  const out: PipelineRow[] = [];
  if (entity.def.shape === 'event' && creates.length)
    await ensureMonthPartition(ctx.db, entity.def, new Date(), entity);
  for (let i = 0; i < creates.length; i += CHUNK) {
    const slice = creates.slice(i, i + CHUNK);
    const values = [];
    for (const p of slice) {
      const { stored, virtual } = await storedValues(ctx, p.values);
      Object.assign(stored, p.hashed);
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
      await writeJoinValues(tx, entity, Number(row.id), values[j]!.stored);
      slice[j]!.report.id = Number(row.id);
      out.push({ before: null, after: row, input: values[j]!.virtual });
    }
  }
  return out;
}

/** Updates the rows that name a record, at the version read (a change in between rolls the import back). */
async function updateRows(tx: Tx, ctx: WriteContext, updates: Planned[]): Promise<PipelineRow[]> {
  const { entity, actor } = ctx;
  const out: PipelineRow[] = [];
  for (const p of updates) {
    const current = p.current!;
    const before = apiValues(entity, current);
    const { stored, virtual, secrets } = await storedValues(ctx, p.values);
    Object.assign(stored, p.hashed);
    secrets.push(...Object.keys(p.hashed ?? {}));
    const changes: Change[] = diff(before, stored, Object.keys(stored));
    if (changes.length === 0) continue;
    assertBuiltInChange(ctx, current, [...changes.map((c) => c.field), ...secrets]);
    const set = Object.fromEntries(changes.map((c) => [c.field, stored[c.field]]));
    Object.assign(set, derivedChanges(entity, before, set));
    const version = Number(current.version);
    const [updated] = (await tx
      .update(entity.table)
      .set({ ...toDbValues(entity, set), version: version + 1, ...stamp(actor) })
      .where(and(eq(entity.col('id'), current.id), eq(entity.col('version'), version)))
      .returning()) as Row[];
    if (!updated) throw new AppError('staleVersion');
    await writeJoinValues(tx, entity, Number(updated.id), set);
    out.push({ before: current, after: updated, input: virtual, extra: { after: maskedChanges(secrets) } });
  }
  return out;
}

export type ImportOptions = {
  /** Only these rows (the report's row numbers) are written; the others are reported as they are. */
  keepRows?: ReadonlySet<number>;
  /** Most data rows a file may have (default IMPORT_MAX_ROWS). */
  maxRows?: number;
  /** Secrets already hashed, by row number and field (a checked file kept for its confirmation). */
  hashed?: ReadonlyMap<number, Record<string, string>>;
};

type ImportContext = WriteContext & { texts: { en?: TextSet; zh?: TextSet } };

/** Reads and checks an import: every row planned and checked, the report, and the rows a write would take. */
export async function planImport(
  ctx: ImportContext,
  input: Buffer | ImportSheet,
  dryRun: boolean,
  options: ImportOptions = {},
): Promise<{ report: ImportReport; planned: Planned[]; valid: Planned[] }> {
  const { keepRows, maxRows = IMPORT_MAX_ROWS, hashed } = options;
  const { header, body } = Buffer.isBuffer(input)
    ? await readImportSheet(input, { maxRows, lang: ctx.lang })
    : input;
  const { planned, ignored } = await planRows(ctx, header, body);
  if (hashed) for (const p of planned) p.hashed = hashed.get(p.report.row);
  await checkRows(ctx, planned);
  const valid = planned.filter(
    (p) => p.report.errors.length === 0 && (!keepRows || keepRows.has(p.report.row)),
  );
  const report: ImportReport = {
    dryRun,
    total: planned.length,
    valid: valid.length,
    invalid: planned.filter((p) => p.report.errors.length > 0).length,
    created: valid.filter((p) => p.report.action === 'create').length,
    updated: valid.filter((p) => p.report.action === 'update').length,
    ignoredColumns: ignored,
    rows: planned.map((p) => p.report),
  };
  return { report, planned, valid };
}

/**
 * Import: a dry run validates every row and reports per row; a confirmed import writes every valid row in
 * one transaction of the write pipeline (rows with an id update that record, the others are created) and
 * reports the same.
 */
export async function importRecords(
  ctx: ImportContext,
  input: Buffer | ImportSheet,
  dryRun: boolean,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const { report, valid } = await planImport(ctx, input, dryRun, options);
  if (dryRun || valid.length === 0) return report;
  // the rows were checked when planned: the sequence writes them
  await writeSequence(ctx, {
    action: 'import',
    statement: async (tx: Tx) => [
      ...(await insertRows(
        tx,
        ctx,
        valid.filter((p) => !p.current),
      )),
      ...(await updateRows(
        tx,
        ctx,
        valid.filter((p) => p.current),
      )),
    ],
  });
  return report;
}
