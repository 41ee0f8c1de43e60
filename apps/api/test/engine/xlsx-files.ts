import { crc32, createDeflateRaw } from 'node:zlib';

// xlsx files written by hand, part by part, for the import limits: a million rows or a sheet that unpacks to
// hundreds of megabytes, made in a few seconds and small once packed, which a spreadsheet library would take
// minutes and gigabytes to write. The parts are the least a reader needs (workbook, its relations, shared
// strings, one sheet); the sheet's XML comes in pieces and is packed as it comes.

type Part = { name: string; chunks: Iterable<string | Buffer> };

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

async function packed(chunks: Iterable<string | Buffer>) {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = 0;
  let size = 0;
  for (const chunk of chunks) {
    const data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    crc = crc32(data, crc);
    size += data.length;
    if (!deflate.write(data)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return { data: Buffer.concat(out), crc, size };
}

/** A zip archive of the parts, deflated (sizes over 4 GB are not needed here). */
async function zip(parts: Part[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const { data, crc, size } = await packed(part.chunks);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(8, 8);
    head.writeUInt32LE(crc >>> 0, 14);
    head.writeUInt32LE(data.length, 18);
    head.writeUInt32LE(size >>> 0, 22);
    head.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size >>> 0, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(head, name, data);
    centrals.push(central, name);
    offset += head.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** An xlsx file whose first sheet is the header row followed by `rows` (sheet XML of rows); the shared strings
 * are the header's, then `strings` (a cell `<c t="s"><v>n</v></c>` names the nth). */
export function xlsxFile(
  header: string[],
  rows: Iterable<string | Buffer>,
  strings: string[] = [],
): Promise<Buffer> {
  const headerRow = `<row r="1">${header.map((_, i) => `<c r="${String.fromCharCode(65 + i)}1" t="s"><v>${i}</v></c>`).join('')}</row>`;
  function* sheet() {
    yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${MAIN}"><sheetData>${headerRow}`;
    yield* rows;
    yield '</sheetData></worksheet>';
  }
  return zip([
    {
      name: '[Content_Types].xml',
      chunks: [
        `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
      ],
    },
    {
      name: '_rels/.rels',
      chunks: [
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ],
    },
    {
      name: 'xl/workbook.xml',
      chunks: [
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${DOC}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ],
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      chunks: [
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${DOC}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ],
    },
    {
      name: 'xl/sharedStrings.xml',
      chunks: [
        `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">${[...header, ...strings].map((h) => `<si><t>${escapeXml(h)}</t></si>`).join('')}</sst>`,
      ],
    },
    { name: 'xl/worksheets/sheet1.xml', chunks: sheet() },
  ]);
}

/** `count` data rows from row 2 on, each of one cell naming shared string `string`. */
export function* numberedRows(count: number, string: number): Generator<string> {
  const batch = 10_000;
  for (let start = 2; start < count + 2; start += batch) {
    let xml = '';
    for (let r = start; r < Math.min(start + batch, count + 2); r++)
      xml += `<row r="${r}"><c r="A${r}" t="s"><v>${string}</v></c></row>`;
    yield xml;
  }
}

/** One data row whose only cell holds `megabytes` MB of text: a small file that unpacks to that much. */
export function* hugeCellRow(megabytes: number): Generator<string | Buffer> {
  yield '<row r="2"><c r="A2" t="inlineStr"><is><t>';
  const block = Buffer.alloc(1024 * 1024, 'a');
  for (let i = 0; i < megabytes; i++) yield block;
  yield '</t></is></c></row>';
}
