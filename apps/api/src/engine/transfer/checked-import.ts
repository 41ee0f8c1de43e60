import type { ImportReport } from '@organiser/domain';
import type { Cell } from './sheet-reader';
import { mapHeaders } from './spreadsheet';
import { type ImportOptions, importRecords, planImport, readImportSheet } from './transfer';

// A two-step import (check a file now, confirm later) keeps the checked rows in between, never the file: the
// columns of secret fields (passwords) are taken out, and the secrets of the rows that were valid are kept only
// as their hashes, made when the file is checked. Confirming writes those rows that were valid then and still
// are, with the hashes as they are.

/** A cell as JSON keeps it (a date as its ISO text). */
type KeptCell = string | number | boolean | null | { date: string };

export type CheckedImport = {
  header: KeptCell[];
  body: KeptCell[][];
  /** Hashed secrets of the valid rows: row number → field → hash. */
  hashed: Record<string, Record<string, string>>;
  /** Row numbers that were valid when the file was checked. */
  validRows: number[];
};

type CheckContext = Parameters<typeof importRecords>[0];

const keptCell = (cell: Cell): KeptCell => (cell instanceof Date ? { date: cell.toISOString() } : cell);
const cellOf = (cell: KeptCell): Cell =>
  cell !== null && typeof cell === 'object' ? new Date(cell.date) : cell;

/** Checks a file (a dry run) and returns its report with the rows to keep until it is confirmed. */
export async function checkImport(
  ctx: CheckContext,
  file: Buffer,
  options: { maxRows: number },
): Promise<{ report: ImportReport; kept: CheckedImport }> {
  const sheet = await readImportSheet(file, { maxRows: options.maxRows, lang: ctx.lang });
  const { report, planned } = await planImport(ctx, sheet, true, options);
  const { columns } = mapHeaders(ctx.entity, sheet.header, ctx.texts);
  const secrets = [...columns].filter(([, name]) => ctx.entity.def.fields[name]?.kind === 'password');
  const hashed: CheckedImport['hashed'] = {};
  for (const p of planned) {
    if (p.report.errors.length > 0) continue;
    for (const [, name] of secrets) {
      const value = p.values[name];
      if (typeof value !== 'string' || value === '') continue;
      hashed[p.report.row] = { ...hashed[p.report.row], [name]: await ctx.hashPassword(value) };
    }
  }
  const secretColumns = new Set(secrets.map(([column]) => column));
  const keep = (row: Cell[]) => row.map((cell, i) => (secretColumns.has(i) ? null : keptCell(cell)));
  return {
    report,
    kept: {
      header: keep(sheet.header),
      body: sheet.body.map(keep),
      hashed,
      validRows: planned.filter((p) => p.report.errors.length === 0).map((p) => p.report.row),
    },
  };
}

/** Writes the rows of a checked file that were valid when checked (only `keepRows` of them when given). */
export async function importChecked(
  ctx: CheckContext,
  kept: CheckedImport,
  options: Pick<ImportOptions, 'keepRows' | 'maxRows'>,
): Promise<ImportReport> {
  const wanted = options.keepRows;
  const keepRows = new Set(kept.validRows.filter((row) => !wanted || wanted.has(row)));
  const hashed = new Map(Object.entries(kept.hashed).map(([row, secrets]) => [Number(row), secrets]));
  return importRecords(
    ctx,
    { header: kept.header.map(cellOf), body: kept.body.map((row) => row.map(cellOf)) },
    false,
    { maxRows: options.maxRows, keepRows, hashed },
  );
}
