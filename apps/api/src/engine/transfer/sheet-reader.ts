import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { kitMessage, type Lang } from '@organiser/domain';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { AppError } from '../../errors';

// The first worksheet of an xlsx file, read as a stream of rows. An import stops reading at the row limit plus
// one, so a file of a million rows costs what its first few thousand cost; the parts of the file are inflated
// piece by piece (zlib works off the main thread) and every part counts against one budget of unpacked bytes,
// so a small file that unpacks to gigabytes (a zip bomb) is refused early. Cells read as the export writes them:
// shared and inline strings, numbers, booleans, dates (numbers in a date format), formulas by their result.

/** One cell as read from a sheet or written to one. */
export type Cell = string | number | boolean | Date | null;

/** Most bytes the parts an import reads (workbook, styles, shared strings, the sheet) may unpack to. */
export const IMPORT_MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
/** Most columns a row may have (Excel's own limit is 16,384). */
export const IMPORT_MAX_COLUMNS = 1_000;

export type SheetLimits = { lang: Lang; maxUnpackedBytes?: number };

type ZipEntry = { name: string; method: number; offset: number; size: number };

const unreadable = () => new AppError('unsupportedType', { params: { allowed: 'xlsx, csv' } });

/** The entries of a zip archive, from its central directory. */
function zipEntries(buffer: Buffer): Map<string, ZipEntry> {
  let end = -1;
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 65_557); i--) {
    if (buffer.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw unreadable();
  const count = buffer.readUInt16LE(end + 10);
  let at = buffer.readUInt32LE(end + 16);
  const entries = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n++) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== 0x02014b50) throw unreadable();
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const name = buffer.toString('utf8', at + 46, at + 46 + nameLength);
    let size = buffer.readUInt32LE(at + 20);
    let local = buffer.readUInt32LE(at + 42);
    // ZIP64: a field at its maximum is in the extra field (the file itself is small, so these fit a number)
    const extra = buffer.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
    for (let e = 0; e + 4 <= extra.length; ) {
      const id = extra.readUInt16LE(e);
      const length = extra.readUInt16LE(e + 2);
      if (id === 0x0001) {
        let field = e + 4;
        if (buffer.readUInt32LE(at + 24) === 0xffffffff) field += 8;
        if (size === 0xffffffff) {
          size = Number(extra.readBigUInt64LE(field));
          field += 8;
        }
        if (local === 0xffffffff) local = Number(extra.readBigUInt64LE(field));
      }
      e += 4 + length;
    }
    if (local + 30 > buffer.length || buffer.readUInt32LE(local) !== 0x04034b50) throw unreadable();
    const offset = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    if (offset + size > buffer.length) throw unreadable();
    entries.set(name, { name, method: buffer.readUInt16LE(at + 10), offset, size });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

type Budget = { left: number; max: number; lang: Lang };

const tooLarge = (budget: Budget) => {
  const mb = `${Math.round(budget.max / 1024 / 1024)} MB`;
  return new AppError('payloadTooLarge', {
    params: { max: kitMessage('unpackedSize', { size: mb })[budget.lang] },
  });
};

/** An entry's text, chunk by chunk, as it is inflated; stops with a refusal when the budget runs out. */
async function* entryText(buffer: Buffer, entry: ZipEntry, budget: Budget): AsyncGenerator<string> {
  const packed = buffer.subarray(entry.offset, entry.offset + entry.size);
  if (entry.method !== 0 && entry.method !== 8) throw unreadable();
  const source = Readable.from([packed]);
  const stream = entry.method === 8 ? source.pipe(createInflateRaw()) : source;
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      budget.left -= chunk.length;
      if (budget.left < 0) throw tooLarge(budget);
      yield decoder.decode(chunk, { stream: true });
    }
    yield decoder.decode();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  } finally {
    stream.destroy();
    source.destroy();
  }
}

type XmlHandlers = {
  open: (name: string, attributes: Record<string, string>) => void;
  close: (name: string) => void;
  text: (text: string) => void;
};

/** Element names without their namespace prefix (some writers spell `<x:row>`). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** An XML part parsed as it streams; after each chunk `after` runs, and its items are handed on. */
async function* parseXml<T>(
  chunks: AsyncIterable<string>,
  handlers: XmlHandlers,
  after: () => T[],
): AsyncGenerator<T> {
  const parser = new SaxesParser();
  parser.on('opentag', (tag: SaxesTagPlain) => handlers.open(local(tag.name), tag.attributes));
  parser.on('closetag', (tag: SaxesTagPlain) => handlers.close(local(tag.name)));
  parser.on('text', handlers.text);
  parser.on('cdata', handlers.text);
  for await (const chunk of chunks) {
    try {
      parser.write(chunk);
    } catch (error) {
      throw error instanceof AppError ? error : unreadable();
    }
    yield* after();
  }
  try {
    parser.close();
  } catch {
    throw unreadable();
  }
  yield* after();
}

/** Reads a small part whole (workbook, relations, styles), still within the budget. */
async function drain(chunks: AsyncIterable<string>, handlers: XmlHandlers): Promise<void> {
  for await (const _ of parseXml(chunks, handlers, () => [])) {
    // nothing is handed on
  }
}

/**
 * Collects the text of `<t>` elements (a shared string or an inline one, rich text runs included) and leaves out
 * phonetic hints (`<rPh>`), which are not part of the value.
 */
function textCollector() {
  let inText = false;
  let phonetic = 0;
  let text = '';
  return {
    open(name: string) {
      if (name === 'rPh') phonetic++;
      else if (name === 't' && phonetic === 0) inText = true;
    },
    close(name: string) {
      if (name === 'rPh') phonetic--;
      else if (name === 't') inText = false;
    },
    text(value: string) {
      if (inText) text += value;
    },
    take() {
      const out = text;
      text = '';
      return out;
    },
  };
}

async function sharedStrings(buffer: Buffer, entry: ZipEntry | undefined, budget: Budget) {
  const strings: string[] = [];
  if (!entry) return strings;
  const collector = textCollector();
  await drain(entryText(buffer, entry, budget), {
    open: (name) => {
      if (name === 'si') collector.take();
      collector.open(name);
    },
    close: (name) => {
      collector.close(name);
      if (name === 'si') strings.push(collector.take());
    },
    text: collector.text,
  });
  return strings;
}

// Number formats that show a date or a time: the built-in ones (14-22, 45-47, and the East Asian 27-36 and 50-58)
// and any custom code with a date or time letter outside quotes and brackets.
const BUILT_IN_DATES = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58,
]);
const isDateCode = (code: string) =>
  /[ymdhsb]/i.test(
    code
      .replace(/\[[^\]]*]/g, '')
      .replace(/"[^"]*"/g, '')
      .replace(/\\./g, ''),
  );

/** For each cell style index, whether it shows a date. */
async function dateStyles(buffer: Buffer, entry: ZipEntry | undefined, budget: Budget): Promise<boolean[]> {
  const out: boolean[] = [];
  if (!entry) return out;
  const custom = new Map<number, boolean>();
  let inCellXfs = false;
  await drain(entryText(buffer, entry, budget), {
    open: (name, attributes) => {
      if (name === 'numFmt') custom.set(Number(attributes.numFmtId), isDateCode(attributes.formatCode ?? ''));
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attributes.numFmtId ?? 0);
        out.push(custom.get(id) ?? BUILT_IN_DATES.has(id));
      }
    },
    close: (name) => {
      if (name === 'cellXfs') inCellXfs = false;
    },
    text: () => {},
  });
  return out;
}

/** A part a workbook relation names (`worksheets/sheet1.xml` or `/xl/worksheets/sheet1.xml`). */
const partOf = (target: string | undefined) =>
  target === undefined ? '' : target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;

/** The parts an import reads: the workbook's first sheet (in the workbook's order), its shared strings and
 * styles (where its relations put them, else where Excel does), and its date system. */
async function workbookParts(buffer: Buffer, entries: Map<string, ZipEntry>, budget: Budget) {
  const book = entries.get('xl/workbook.xml');
  let sheetRelation: string | undefined;
  let date1904 = false;
  if (book) {
    await drain(entryText(buffer, book, budget), {
      open: (name, attributes) => {
        if (name === 'sheet' && sheetRelation === undefined)
          sheetRelation = Object.entries(attributes).find(([k]) => local(k) === 'id')?.[1];
        if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attributes.date1904 ?? '');
      },
      close: () => {},
      text: () => {},
    });
  }
  const targets = new Map<string, string>();
  const byType = new Map<string, string>();
  const relations = entries.get('xl/_rels/workbook.xml.rels');
  if (relations) {
    await drain(entryText(buffer, relations, budget), {
      open: (name, attributes) => {
        if (name !== 'Relationship' || !attributes.Id || !attributes.Target) return;
        targets.set(attributes.Id, attributes.Target);
        const type = attributes.Type?.split('/').at(-1);
        if (type && !byType.has(type)) byType.set(type, attributes.Target);
      },
      close: () => {},
      text: () => {},
    });
  }
  const fallback = [...entries.keys()]
    .filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n))
    .sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]))[0];
  const sheet =
    entries.get(partOf(sheetRelation ? targets.get(sheetRelation) : undefined)) ??
    entries.get(fallback ?? '');
  if (!sheet) throw unreadable();
  return {
    sheet,
    date1904,
    strings: entries.get(partOf(byType.get('sharedStrings'))) ?? entries.get('xl/sharedStrings.xml'),
    styles: entries.get(partOf(byType.get('styles'))) ?? entries.get('xl/styles.xml'),
  };
}

/** Column index (0-based) of a cell reference such as `AB12`. */
function columnOf(reference: string): number | null {
  const letters = /^([A-Za-z]{1,3})\d*$/.exec(reference)?.[1];
  if (!letters) return null;
  let n = 0;
  for (const c of letters.toUpperCase()) n = n * 26 + (c.charCodeAt(0) - 64);
  return n - 1;
}

const excelDate = (serial: number, date1904: boolean) =>
  new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

type CellState = { column: number; type: string; style: number; value: string; inline: boolean };

/** The first worksheet of an xlsx file, one row (its cells by column) at a time. */
export async function* xlsxRows(buffer: Buffer, limits: SheetLimits): AsyncGenerator<Cell[]> {
  const max = limits.maxUnpackedBytes ?? IMPORT_MAX_UNPACKED_BYTES;
  const budget: Budget = { left: max, max, lang: limits.lang };
  const entries = zipEntries(buffer);
  const parts = await workbookParts(buffer, entries, budget);
  const { sheet, date1904 } = parts;
  const strings = await sharedStrings(buffer, parts.strings, budget);
  const dates = await dateStyles(buffer, parts.styles, budget);

  const cellValue = (c: CellState): Cell => {
    if (c.type === 'inlineStr') return c.value;
    if (c.type === 's') return strings[Number(c.value)] ?? null;
    if (c.type === 'str') return c.value;
    if (c.value === '' || c.type === 'e') return null;
    if (c.type === 'b') return c.value === '1' || c.value === 'true';
    if (c.type === 'd') return new Date(c.value);
    const n = Number(c.value);
    if (!Number.isFinite(n)) return c.value;
    return dates[c.style] ? excelDate(n, date1904) : n;
  };

  let row: Cell[] | null = null;
  let cell: CellState | null = null;
  let inValue = false;
  const ready: Cell[][] = [];
  const inline = textCollector();
  yield* parseXml(
    entryText(buffer, sheet, budget),
    {
      open: (name, attributes) => {
        if (name === 'row') row = [];
        else if (name === 'c' && row) {
          const column = attributes.r ? columnOf(attributes.r) : row.length;
          if (column === null) throw unreadable();
          if (column >= IMPORT_MAX_COLUMNS)
            throw new AppError('payloadTooLarge', {
              params: { max: kitMessage('columns', { count: IMPORT_MAX_COLUMNS })[limits.lang] },
            });
          cell = {
            column,
            type: attributes.t ?? 'n',
            style: Number(attributes.s ?? 0),
            value: '',
            inline: false,
          };
        } else if (name === 'v' && cell) inValue = true;
        else if (name === 'is' && cell) cell.inline = true;
        if (cell?.inline) inline.open(name);
      },
      close: (name) => {
        if (cell?.inline) inline.close(name);
        if (name === 'v') inValue = false;
        else if (name === 'is' && cell) {
          cell.value = inline.take();
          cell.inline = false;
        } else if (name === 'c' && cell && row) {
          while (row.length < cell.column) row.push(null);
          row[cell.column] = cellValue(cell);
          cell = null;
        } else if (name === 'row' && row) {
          ready.push(row);
          row = null;
        }
      },
      text: (text) => {
        if (inValue && cell) cell.value += text;
        else if (cell?.inline) inline.text(text);
      },
    },
    () => ready.splice(0),
  );
}

/** Rows of CSV text (RFC 4180: quotes, doubled quotes, CRLF or LF), one at a time. */
export function* csvRows(text: string): Generator<string[]> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(field);
      yield row;
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    yield row;
  }
}

/** Gives other requests their turn when the current one has held the event loop for `sliceMs`. */
export function turnTaker(sliceMs = 20): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}
