import { type ColumnDescriptor, type EntityDef, resolveFields } from '@organiser/domain';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { type Cell, csvLine, parseCsv, parseXlsx, toCell } from '../../src/engine/transfer/spreadsheet';
import { multipart } from '../helpers';

const acceptLanguage = (lang: 'en' | 'zh') => (lang === 'zh' ? 'zh-CN,zh;q=0.9' : 'en-US');

export async function exportFile(
  app: FastifyInstance,
  token: string,
  def: EntityDef,
  query: string,
  lang: 'en' | 'zh' = 'en',
) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/${def.name}/export?${query}`,
    headers: { 'x-token': token, 'accept-language': acceptLanguage(lang) },
  });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
}

export async function importFile(
  app: FastifyInstance,
  token: string,
  def: EntityDef,
  data: Buffer,
  format: 'xlsx' | 'csv',
  dryRun: boolean,
  lang: 'en' | 'zh' = 'en',
) {
  const form = await multipart({
    file: {
      filename: `import.${format}`,
      type:
        format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      data,
    },
  });
  const res = await app.inject({
    method: 'POST',
    url: `/api/${def.name}/import?dryRun=${dryRun}`,
    headers: { ...form.headers, 'x-token': token, 'accept-language': acceptLanguage(lang) },
    payload: form.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

export async function parseExport(body: Buffer, format: 'xlsx' | 'csv'): Promise<Cell[][]> {
  return format === 'csv' ? parseCsv(body.toString('utf8')) : parseXlsx(body);
}

/** A CSV (and xlsx) sheet of create bodies: every creatable field, headers and option labels in `lang`. */
export async function sheetOf(def: EntityDef, bodies: Record<string, unknown>[], lang: 'en' | 'zh') {
  const fields = resolveFields(def).filter((s) => s.isCreatable);
  const columns = fields.map((s) => ({
    name: s.name,
    kind: s.field.kind,
    options: s.field.kind === 'enum' ? s.field.options : undefined,
  }));
  const header = fields.map((s) => s.field.label[lang]);
  const rows = bodies.map((b) => columns.map((c) => toCell(c as ColumnDescriptor, b, lang, 'csv')));
  const csv = Buffer.from(`\uFEFF${csvLine(header)}${rows.map(csvLine).join('')}`, 'utf8');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
  return { csv, xlsx };
}
