import { banner, companyTag } from '@organiser/domain';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_LIST_STATE,
  effectiveSort,
  listQueryOf,
  matchQueryOf,
  readListUrl,
  writeListUrl,
} from './list-url';

const read = (search: string, policy?: Parameters<typeof readListUrl>[1]) =>
  readListUrl(banner, policy, new URLSearchParams(search));

describe('list URL state', () => {
  it('reads the list grammar of the API from the URL', () => {
    const state = read(
      'keyword=fair&status=enabled&status=disabled&startDateFrom=2025-01-01&sort=sortNo&order=desc&page=3&size=50',
    );
    expect(state).toEqual({
      page: 3,
      size: 50,
      keyword: 'fair',
      sort: 'sortNo',
      order: 'desc',
      filters: { status: 'enabled,disabled', startDateFrom: '2025-01-01' },
      isTrash: false,
    });
    expect(listQueryOf(state)).toEqual({
      keyword: 'fair',
      status: 'enabled,disabled',
      startDateFrom: '2025-01-01',
      page: '3',
      size: '50',
      sort: 'sortNo',
      order: 'desc',
    });
    expect(matchQueryOf(state)).toEqual({
      keyword: 'fair',
      status: 'enabled,disabled',
      startDateFrom: '2025-01-01',
    });
  });

  it('drops what the API would refuse instead of sending it', () => {
    const state = read(
      'status=gone&page=abc&sort=remark&startDateFrom=2025-13-40&bogus=1&endDateTo=2025-02-01',
    );
    expect(state.filters).toEqual({ endDateTo: '2025-02-01' });
    expect(state.page).toBe(1);
    expect(state.sort).toBeUndefined();
  });

  it('leaves out the filters of hidden fields', () => {
    const state = read('targetType=url&status=enabled', {
      hidden: ['targetType'],
      required: [],
      readOnly: [],
    });
    expect(state.filters).toEqual({ status: 'enabled' });
  });

  it('writes back only what differs from the defaults, in a stable order, and round-trips', () => {
    expect(writeListUrl(banner, EMPTY_LIST_STATE).toString()).toBe('');
    const state = read('page=2&status=enabled&keyword=a b&trash=1&order=asc&sort=sortNo');
    const written = writeListUrl(banner, state).toString();
    expect(written).toBe('trash=1&keyword=a+b&status=enabled&sort=sortNo&order=asc&page=2');
    expect(read(written)).toEqual(state);
  });

  it('opens the trash only for entities that soft-delete', () => {
    expect(read('trash=1').isTrash).toBe(true);
    const other = { ...companyTag, softDelete: false };
    expect(readListUrl(other, undefined, new URLSearchParams('trash=1')).isTrash).toBe(false);
  });

  it('knows the sort in force: the chosen one or the definition’s default', () => {
    expect(effectiveSort(banner, read(''))).toEqual({ field: 'sortNo', order: 'asc', isDefault: true });
    expect(effectiveSort(banner, read('sort=startDate&order=desc'))).toEqual({
      field: 'startDate',
      order: 'desc',
      isDefault: false,
    });
  });
});
