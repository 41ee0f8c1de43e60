import { banner, companyTag, listColumns } from '@organiser/domain';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine';
import { sanitizeRichText } from '../../src/engine/read/records';
import { csvLine, fromCell, mapHeaders, parseCsv, toCell } from '../../src/engine/transfer/spreadsheet';
import { contentDisposition } from '../../src/engine/transfer/transfer';

const engine = createEngine({ fieldPolicy: {} });

describe('rich text', () => {
  it('keeps formatting and drops scripts, handlers and script urls', () => {
    const html = sanitizeRichText(
      '<p onclick="x()">Hi <b>there</b><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="https://a/b.png" onerror="y()"></p>',
    );
    expect(html).toBe('<p>Hi <b>there</b><a>x</a><img src="https://a/b.png" /></p>');
  });
});

describe('spreadsheets', () => {
  it('reads CSV with a BOM, quotes, doubled quotes, commas and CRLF', () => {
    const text = '\uFEFFID,名称\r\n1,"Say ""hi"", then go"\r\n2,"two\nlines"\n';
    expect(parseCsv(text)).toEqual([
      ['ID', '名称'],
      ['1', 'Say "hi", then go'],
      ['2', 'two\nlines'],
    ]);
  });

  it('writes CSV that Excel does not run as a formula, and reads it back', () => {
    const line = csvLine(['=SUM(A1)', 'a,b', -5, null, 'plain']);
    expect(line).toBe(`'=SUM(A1),"a,b",-5,,plain\r\n`);
    const status = banner.fields.status!;
    expect(fromCell(banner.fields.title!, parseCsv(line)[0]![0]!)).toBe('=SUM(A1)');
    expect(fromCell(status, '禁用')).toBe('disabled');
    expect(fromCell(status, 'Enabled')).toBe('enabled');
    expect(fromCell(banner.fields.startDate!, new Date(Date.UTC(2024, 4, 31)))).toBe('2024-05-31');
    expect(fromCell(banner.fields.startDate!, '2024/5/3')).toBe('2024-05-03');
    expect(fromCell(banner.fields.sortNo!, '12')).toBe(12);
    expect(fromCell(banner.fields.sortNo!, 'twelve')).toBe('twelve');
  });

  it('writes option labels and related labels in the caller’s language', () => {
    const columns = listColumns(banner);
    const status = columns.find((c) => c.name === 'status')!;
    const position = columns.find((c) => c.name === 'position')!;
    const record = { status: 'enabled', position: 3, positionLabel: '首页顶部' };
    expect(toCell(status, record, 'zh', 'csv')).toBe('启用');
    expect(toCell(status, record, 'en', 'csv')).toBe('Enabled');
    expect(toCell(position, record, 'zh', 'csv')).toBe('首页顶部');
  });

  it('matches headers in English or Chinese and skips computed and unknown columns', () => {
    const entity = engine.get('banner')!;
    const { columns, ignored } = mapHeaders(entity, ['ID', '标题', 'Status', '点击量', 'Colour', null], {});
    expect([...columns.values()]).toEqual(['id', 'title', 'status']);
    expect(ignored).toEqual(['Colour']);
    expect(mapHeaders(engine.get('company_tag')!, ['名称'], {}).columns.get(0)).toBe('name');
    expect(companyTag.name).toBe('company_tag');
  });

  it('names a download in ASCII and in UTF-8', () => {
    expect(contentDisposition('横幅-20240501.xlsx')).toBe(
      `attachment; filename="__-20240501.xlsx"; filename*=UTF-8''${encodeURIComponent('横幅-20240501.xlsx')}`,
    );
  });
});
