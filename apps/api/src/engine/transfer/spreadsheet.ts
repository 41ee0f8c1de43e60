import { PassThrough, Readable } from 'node:stream';
import {
  type ColumnDescriptor,
  type FieldDef,
  fieldLabel,
  formLayout,
  kitMessages,
  type Lang,
  listColumns,
  moneyHeader,
  type TextSet,
} from '@organiser/domain';
import type ExcelJS from 'exceljs';
import type { EngineEntity } from '../entity';
import { type Cell, csvRows, xlsxRows } from './sheet-reader';

/** exceljs is large (seconds to import on a slow machine): loaded on the first export, not at start. */
let excel: Promise<typeof ExcelJS> | undefined;
const loadExcel = () => {
  excel ??= import('exceljs').then((module) => module.default);
  return excel;
};

// Spreadsheet cells ↔ API values, for export (xlsx, or CSV with a UTF-8 BOM so Excel opens Chinese) and
// import (xlsx or CSV, headers in English or Chinese; read by sheet-reader.ts). What export writes, import reads
// back.

export type { Cell };

/** Columns an export writes: the caller's choice (or the columns shown by default), id always first so the
 * file can be imported back as updates. Null when a requested column is unknown. */
export function exportColumns(entity: EngineEntity, requested: string[] | null): ColumnDescriptor[] | null {
  const all = listColumns(entity.def, entity.policy);
  if (!requested) return all.filter((c) => c.isShownByDefault || c.name === 'id');
  const chosen: ColumnDescriptor[] = [];
  for (const name of requested) {
    const c = all.find((x) => x.name === name);
    if (!c) return null;
    if (!chosen.includes(c)) chosen.push(c);
  }
  const id = all.find((c) => c.name === 'id')!;
  return chosen.includes(id) ? chosen : [id, ...chosen];
}

/**
 * Columns of an export made to be imported again (and of its template): the id, then every field a new record
 * may be given (creatable, visible, not a secret), list column or not (an introduction, attachments), in the
 * form's order. The list's visible columns alone would leave out required fields (logo, email, address).
 */
export function importColumns(entity: EngineEntity): ColumnDescriptor[] {
  const id = listColumns(entity.def, entity.policy)[0]!;
  const fields = formLayout(entity.def, { policy: entity.policy, mode: 'add' })
    .flatMap((g) => g.fields)
    .filter((f) => !f.isDisabled && !f.isSecret)
    .map<ColumnDescriptor>((f) => ({
      name: f.name,
      kind: f.kind,
      label: f.label,
      options: f.options,
      relation: f.relation,
      upload: f.upload,
      dict: f.dict,
      pair: f.pair,
      isStatus: f.isStatus,
      isComputed: f.isComputed,
      isMultiple: f.isMultiple,
      isSortable: false,
      isShownByDefault: true,
    }));
  return [id, ...fields];
}

/** A column's header in the caller's language; a money column names its currency ("Price (CNY)"). */
export const headerOf = (entity: EngineEntity, column: ColumnDescriptor, lang: Lang, texts?: TextSet) => {
  const label = entity.def.fields[column.name]
    ? fieldLabel(entity.def, column.name, lang, texts)
    : column.label[lang];
  return column.kind === 'money' ? moneyHeader(label, lang) : label;
};

// Full-width comma and semicolon and the ideographic comma (，；、), written as escapes so the server bundle
// stays ASCII: V8 keeps a script's source with a single non-ASCII character at two bytes per character.
const LIST_SEPARATOR = /[\n,;\uFF0C\uFF1B\u3001]+/;

/** One record value as a cell: option labels, yes/no, related and dictionary labels, lists joined. For an import
 * file a relation is written as its ids, and dictionary values as themselves: a label may hold the list
 * separator ("Acme Pumps Co., Ltd.") or be shared. */
export function toCell(
  column: ColumnDescriptor,
  record: Record<string, unknown>,
  lang: Lang,
  format: 'xlsx' | 'csv',
  options: { isForImport?: boolean } = {},
): Cell {
  const value = record[column.name];
  if (value === null || value === undefined) return null;
  if (options.isForImport && (column.kind === 'relation' || column.kind === 'treeRelation'))
    return Number(value);
  if (options.isForImport && column.kind === 'relationMany') return (value as number[]).join(', ');
  // dictionary values for an import (a label may hold the list separator), their labels for a reader
  if (options.isForImport && column.kind === 'dictMany') return (value as string[]).join(', ');
  switch (column.kind) {
    case 'enum':
      return column.options?.find((o) => o.value === value)?.label[lang] ?? String(value);
    case 'boolean':
      return value ? kitMessages.yes[lang] : kitMessages.no[lang];
    case 'relation':
    case 'treeRelation':
      return (record[`${column.name}Label`] as string | null) ?? String(value);
    case 'relationMany':
      return ((record[`${column.name}Labels`] as string[] | undefined) ?? []).join(', ');
    case 'dictMany':
      return ((record[`${column.name}Labels`] as string[] | undefined) ?? (value as string[])).join(', ');
    case 'images':
      return (value as string[]).join('\n');
    case 'tags':
      return (value as string[]).join(', ');
    case 'attachments':
    case 'json':
    case 'dynamicForm':
      return JSON.stringify(value);
    case 'datetime':
      return format === 'xlsx' ? new Date(String(value)) : String(value);
    case 'integer':
    case 'decimal':
    case 'money':
      return Number(value);
    default:
      return String(value);
  }
}

/** Excel runs a CSV cell starting with = + - @ as a formula: such text is written with a leading quote. */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(cell: Cell): string {
  if (cell === null) return '';
  let text = cell instanceof Date ? cell.toISOString() : String(cell);
  if (typeof cell === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: Cell[]) => `${cells.map(csvField).join(',')}\r\n`;

/** A CSV download: BOM, header line, then one line per row as the rows arrive. */
export function csvStream(header: string[], rows: AsyncIterable<Cell[]>): Readable {
  async function* lines() {
    yield `\uFEFF${csvLine(header)}`;
    for await (const row of rows) yield csvLine(row);
  }
  return Readable.from(lines());
}

/** An xlsx download written row by row (exceljs streaming writer), so memory stays flat. */
export function xlsxStream(sheetName: string, header: string[], rows: AsyncIterable<Cell[]>): Readable {
  const stream = new PassThrough();
  (async () => {
    const { stream: excelStream } = await loadExcel();
    const workbook = new excelStream.xlsx.WorkbookWriter({
      stream,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
    const head = sheet.addRow(header);
    head.font = { bold: true };
    head.commit();
    for await (const row of rows) sheet.addRow(row).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return stream;
}

/** Parses CSV text (RFC 4180: quotes, doubled quotes, CRLF or LF) into rows of strings. */
export const parseCsv = (text: string): string[][] => [...csvRows(text)];

/** The first worksheet of an xlsx file as rows of cells (imports read it row by row instead: sheet-reader.ts). */
export async function parseXlsx(buffer: Buffer): Promise<Cell[][]> {
  const rows: Cell[][] = [];
  for await (const row of xlsxRows(buffer, { lang: 'en' })) rows.push(row);
  return rows;
}

export const isXlsx = (buffer: Buffer) => buffer.length > 4 && buffer.readUInt32BE(0) === 0x504b0304;

const normaliseHeader = (h: string) => h.trim().toLowerCase().replace(/\s+/g, ' ');

export type HeaderMap = { columns: Map<number, string>; ignored: string[] };

/** Matches header cells to fields by JSON name or label in either language (a site's renamed labels too).
 * Columns of computed and system fields are recognised and skipped; unknown ones are listed. */
export function mapHeaders(
  entity: EngineEntity,
  header: Cell[],
  texts: { en?: TextSet; zh?: TextSet },
): HeaderMap {
  const names = new Map<string, string>();
  const add = (key: string, name: string) => names.set(normaliseHeader(key), name);
  // JSON names first, labels after: a label wins over a field whose name reads the same (the company's
  // `address`, "Registered address", against "Address", the label of `belongAddress`)
  for (const c of listColumns(entity.def, entity.policy)) add(c.name, c.name);
  for (const [name, state] of entity.states) if (!state.isHidden) add(name, name);
  for (const c of listColumns(entity.def, entity.policy)) {
    add(c.label.en, c.name);
    add(c.label.zh, c.name);
    if (entity.def.fields[c.name]) {
      add(fieldLabel(entity.def, c.name, 'en', texts.en), c.name);
      add(fieldLabel(entity.def, c.name, 'zh', texts.zh), c.name);
    }
  }
  // Fields without a list column (long text, rich text, json) import under their own labels too.
  for (const [name, state] of entity.states) {
    if (state.isHidden) continue;
    add(state.field.label.en, name);
    add(state.field.label.zh, name);
    // a money column's header names its currency
    if (state.field.kind === 'money') {
      add(moneyHeader(fieldLabel(entity.def, name, 'en', texts.en), 'en'), name);
      add(moneyHeader(fieldLabel(entity.def, name, 'zh', texts.zh), 'zh'), name);
    }
  }
  const columns = new Map<number, string>();
  const ignored: string[] = [];
  header.forEach((cell, index) => {
    if (cell === null || String(cell).trim() === '') return;
    const name = names.get(normaliseHeader(String(cell)));
    const state = name ? entity.states.get(name) : undefined;
    if (name === 'id' || state?.isCreatable) columns.set(index, name!);
    else if (!name) ignored.push(String(cell));
  });
  return { columns, ignored };
}

const unquote = (text: string) => (/^'[=+\-@]/.test(text) ? text.slice(1) : text);

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as an API value of a field (before validation: wrong values stay as they are, so the field's
 * message names the problem). Relation labels are resolved later by the caller. */
export function fromCell(field: FieldDef, cell: Cell): unknown {
  if (cell === null) return null;
  if (typeof cell === 'string' && cell.trim() === '') return null;
  const text = typeof cell === 'string' ? unquote(cell.trim()) : cell;
  switch (field.kind) {
    case 'integer':
    case 'decimal':
    case 'money':
    case 'relation':
    case 'treeRelation':
      if (typeof text === 'number') return text;
      return typeof text === 'string' && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    case 'boolean': {
      if (typeof text === 'boolean') return text;
      const t = String(text).toLowerCase();
      if (['yes', 'true', '1', '是', 'y'].includes(t)) return true;
      if (['no', 'false', '0', '否', 'n'].includes(t)) return false;
      return text;
    }
    case 'enum': {
      const t = String(text).toLowerCase();
      const option = field.options.find(
        (o) => o.value.toLowerCase() === t || o.label.en.toLowerCase() === t || o.label.zh === String(text),
      );
      return option ? option.value : String(text);
    }
    case 'date':
      if (text instanceof Date)
        return `${text.getUTCFullYear()}-${pad(text.getUTCMonth() + 1)}-${pad(text.getUTCDate())}`;
      return String(text).replace(
        /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/,
        (_, y, m, d) => `${y}-${pad(+m)}-${pad(+d)}`,
      );
    case 'datetime':
      if (text instanceof Date) return text.toISOString();
      return String(text);
    case 'images':
    case 'tags':
    case 'dictMany':
      return String(text)
        .split(field.kind === 'images' ? /[\n,]+/ : LIST_SEPARATOR)
        .map((s) => s.trim())
        .filter(Boolean);
    case 'relationMany':
      return String(text)
        .split(LIST_SEPARATOR)
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
    case 'attachments':
    case 'json':
    case 'dynamicForm':
      try {
        return JSON.parse(String(text));
      } catch {
        return String(text);
      }
    default:
      return text instanceof Date ? text.toISOString() : String(text);
  }
}
