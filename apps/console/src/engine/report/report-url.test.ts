import { supplierOverview } from '@organiser/domain';
import { describe, expect, it } from 'vitest';
import { readReportUrl, reportExportQueryOf, reportQueryOf, writeReportUrl } from './report-url';

const read = (query: string) => readReportUrl(supplierOverview, new URLSearchParams(query));

describe('report URL state', () => {
  it('reads the declared group-by, period, granularity, filters and sort, and writes them back', () => {
    const state = read(
      'groupBy=country&periodFrom=2026-10-01&periodTo=2026-11-30&granularity=week&auditStatus=pending,passed&sort=companies&order=asc&page=2',
    );
    expect(state).toMatchObject({
      groupBy: 'country',
      periodFrom: '2026-10-01',
      periodTo: '2026-11-30',
      granularity: 'week',
      filters: { auditStatus: 'pending,passed' },
      sort: 'companies',
      order: 'asc',
      page: 2,
    });
    expect(Object.fromEntries(writeReportUrl(supplierOverview, state))).toEqual({
      auditStatus: 'pending,passed',
      sort: 'companies',
      order: 'asc',
      page: '2',
      groupBy: 'country',
      periodFrom: '2026-10-01',
      periodTo: '2026-11-30',
      granularity: 'week',
    });
    expect(reportExportQueryOf(supplierOverview, state)).toEqual({
      auditStatus: 'pending,passed',
      sort: 'companies',
      order: 'asc',
      groupBy: 'country',
      periodFrom: '2026-10-01',
      periodTo: '2026-11-30',
      granularity: 'week',
    });
  });

  it('drops what the report does not take, so an edited link still opens it', () => {
    const state = read(
      'groupBy=province&periodFrom=2026-02-30&periodTo=2026-11-30&granularity=year&createdAtFrom=2026-01-01&sort=id&keyword=x',
    );
    expect(state).toMatchObject({ filters: {}, keyword: '', page: 1 });
    expect(state.groupBy).toBeUndefined();
    expect(state.periodFrom).toBeUndefined();
    expect(state.periodTo).toBe('2026-11-30');
    expect(state.granularity).toBeUndefined();
    expect(state.sort).toBeUndefined();
    // a period the wrong way round is left out whole
    const reversed = read('periodFrom=2026-11-01&periodTo=2026-10-01');
    expect([reversed.periodFrom, reversed.periodTo]).toEqual([undefined, undefined]);
    // the request always names the dimension: the first declared when the URL names none
    expect(reportQueryOf(supplierOverview, read(''))).toEqual({
      groupBy: 'auditStatus',
      page: '1',
      size: '20',
    });
    expect(writeReportUrl(supplierOverview, read('groupBy=auditStatus')).toString()).toBe('');
  });
});
