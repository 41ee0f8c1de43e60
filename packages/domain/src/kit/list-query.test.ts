import { describe, expect, it } from 'vitest';
import { banner } from '../entities/banner';
import { companyTag } from '../entities/company-tag';
import { LIST_WINDOW, listQuerySchema, parseListQuery, toSearchParams } from './list-query';

describe('list query grammar', () => {
  it('defaults: page 1, size 20, the definition’s sort', () => {
    expect(parseListQuery(banner, {})).toEqual({
      ok: true,
      query: { page: 1, size: 20, sort: { field: 'sortNo', order: 'asc' }, isDefaultSort: true, filters: [] },
    });
  });

  it('caps the size at 50 and refuses malformed paging', () => {
    expect(parseListQuery(banner, { size: '200' })).toMatchObject({ ok: true, query: { size: 50 } });
    expect(parseListQuery(banner, { page: '0' })).toEqual({ ok: false, param: 'page' });
    expect(parseListQuery(banner, { page: 'two' })).toEqual({ ok: false, param: 'page' });
    expect(parseListQuery(banner, { size: '-1' })).toEqual({ ok: false, param: 'size' });
    expect(parseListQuery(banner, { page: ['1', '2'] })).toEqual({ ok: false, param: 'page' });
  });

  it('refuses pages beyond the window', () => {
    expect(parseListQuery(banner, { page: String(LIST_WINDOW / 20), size: '20' }).ok).toBe(true);
    expect(parseListQuery(banner, { page: String(LIST_WINDOW / 20 + 1), size: '20' })).toEqual({
      ok: false,
      param: 'page',
    });
  });

  it('sorts only by declared sortable fields', () => {
    expect(parseListQuery(banner, { sort: 'startDate', order: 'desc' })).toMatchObject({
      ok: true,
      query: { sort: { field: 'startDate', order: 'desc' }, isDefaultSort: false },
    });
    expect(parseListQuery(banner, { order: 'desc' })).toMatchObject({
      query: { sort: { field: 'sortNo', order: 'desc' } },
    });
    expect(parseListQuery(banner, { sort: 'title' })).toEqual({ ok: false, param: 'sort' });
    expect(parseListQuery(banner, { sort: 'createdAt', order: 'up' })).toEqual({ ok: false, param: 'order' });
  });

  it('filters: in-lists comma-separated or repeated, ranges, equality', () => {
    const comma = parseListQuery(banner, { status: 'enabled,disabled', position: '3' });
    const repeated = parseListQuery(banner, { status: ['enabled', 'disabled'], position: '3' });
    expect(comma).toEqual(repeated);
    expect(comma).toMatchObject({
      query: {
        filters: [
          { field: 'status', op: 'in', values: ['enabled', 'disabled'] },
          { field: 'position', op: 'in', values: [3] },
        ],
      },
    });
    expect(parseListQuery(banner, { startDateFrom: '2024-01-01', startDateTo: '2024-12-31' })).toMatchObject({
      query: { filters: [{ field: 'startDate', op: 'range', from: '2024-01-01', to: '2024-12-31' }] },
    });
    expect(parseListQuery(companyTag, { createdAtTo: '2024-05-01' })).toMatchObject({
      query: {
        filters: [{ field: 'createdAt', op: 'range', to: '2024-05-02T00:00:00.000Z', toExclusive: true }],
      },
    });
    // Inclusive to the millisecond although the database keeps microseconds.
    const exact = parseListQuery(companyTag, { createdAtTo: '2024-05-01T10:00:00.123Z' });
    expect(exact).toMatchObject({
      query: { filters: [{ to: '2024-05-01T10:00:00.124Z', toExclusive: true }] },
    });
    if (exact.ok)
      expect(toSearchParams(companyTag, exact.query)).toEqual({ createdAtTo: '2024-05-01T10:00:00.123Z' });
  });

  it('names the unknown or malformed parameter', () => {
    expect(parseListQuery(banner, { colour: 'red' })).toEqual({ ok: false, param: 'colour' });
    expect(parseListQuery(banner, { status: 'sleeping' })).toEqual({ ok: false, param: 'status' });
    expect(parseListQuery(banner, { startDateFrom: '2024-13-01' })).toEqual({
      ok: false,
      param: 'startDateFrom',
    });
    expect(parseListQuery(banner, { startDateFrom: '2024-05-02', startDateTo: '2024-05-01' })).toEqual({
      ok: false,
      param: 'startDateFrom',
    });
    expect(parseListQuery(banner, { title: 'x' })).toEqual({ ok: false, param: 'title' });
    expect(parseListQuery(banner, { keyword: 'x'.repeat(101) })).toEqual({ ok: false, param: 'keyword' });
  });

  it('leaves hidden fields out of the grammar', () => {
    const policy = { hidden: ['status'], required: [], readOnly: [] };
    expect(parseListQuery(banner, { status: 'enabled' }, policy)).toEqual({ ok: false, param: 'status' });
  });

  it('keeps a Chinese keyword as typed', () => {
    expect(parseListQuery(banner, { keyword: ' 春季展会 ' })).toMatchObject({
      query: { keyword: '春季展会' },
    });
  });

  it('round-trips through URL parameters', () => {
    const raw = {
      page: '3',
      status: 'enabled',
      sort: 'startDate',
      order: 'desc',
      startDateFrom: '2024-01-01',
      keyword: '展',
    };
    const parsed = parseListQuery(banner, raw);
    if (!parsed.ok) throw new Error('parse failed');
    expect(toSearchParams(banner, parsed.query)).toEqual(raw);
  });

  it('as a zod schema, turns a query into the list query and names a bad parameter', () => {
    const schema = listQuerySchema(banner);
    expect(schema.parse({ page: '2' })).toMatchObject({ page: 2, size: 20 });
    const result = schema.safeParse({ colour: 'red' });
    expect(result.success ? null : result.error.issues[0]?.path).toEqual(['colour']);
  });
});
