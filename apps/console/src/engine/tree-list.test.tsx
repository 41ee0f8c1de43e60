import { type EntityTreeNode, flattenTree } from '@organiser/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntityListPage } from './entity-list-page';
import { categoryRecord } from './test/company-fixtures';
import { fakeApi, ok, renderPage, routeNamed, signIn } from './test/harness';

const categoryList = routeNamed('CompanyCategoryList');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Two roots, the first with two children (the API's tree: children inside their parent, in list order). */
const tree = () => {
  const machinery = { ...categoryRecord(1, 'Machinery', '机械设备', null, 0), parentIdLabel: null };
  const textiles = { ...categoryRecord(2, 'Textiles', '纺织服装', null, 10), parentIdLabel: null };
  return {
    list: [
      {
        ...machinery,
        children: [
          { ...categoryRecord(11, 'Pumps', '泵', 1, 0), parentIdLabel: 'Machinery' },
          { ...categoryRecord(12, 'Valves', '阀门', 1, 10), parentIdLabel: 'Machinery' },
        ],
      },
      textiles,
    ],
    total: 4,
  };
};

const rowNames = () =>
  screen
    .getAllByRole('row')
    .map((row) => row.getAttribute('data-row-key'))
    .filter(Boolean);

describe('EntityListPage of a tree entity (company categories)', { timeout: 60_000 }, () => {
  it('shows the tree from GET …/tree, open, with no pages, and folds it', async () => {
    signIn();
    const api = fakeApi().on('GET /api/company_category/tree', () => ok(tree()));
    await renderPage(EntityListPage, categoryList, { url: '/company/company_category_list' });
    const table = await screen.findByRole('table');
    await within(table).findByText('Pumps');
    // a small tree opens whole, children under their parent
    expect(rowNames()).toEqual(['1', '11', '12', '2']);
    expect(api.callsTo('GET', '/api/company_category/list')).toHaveLength(0);
    // no paging: the total under the table, no pager
    expect(screen.getByText('4 records')).toBeTruthy();
    expect(document.querySelector('.ant-pagination')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    await waitFor(() => expect(rowNames()).toEqual(['1', '2']));
    await userEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    await waitFor(() => expect(rowNames()).toEqual(['1', '11', '12', '2']));
    // one row by its own button
    const machinery = document.querySelector<HTMLElement>('tr[data-row-key="1"]')!;
    const collapse = within(machinery).getByRole('button', { name: /collapse/i });
    await userEvent.click(collapse);
    await waitFor(() => expect(rowNames()).toEqual(['1', '2']));
  });

  it('nests a tree the server answers flat, in tree order', async () => {
    signIn();
    const flat = flattenTree(tree().list as EntityTreeNode[]);
    fakeApi().on('GET /api/company_category/tree', () => ok(flat));
    await renderPage(EntityListPage, categoryList, { url: '/company/company_category_list' });
    const table = await screen.findByRole('table');
    await within(table).findByText('Pumps');
    expect(rowNames()).toEqual(['1', '11', '12', '2']);
    expect(screen.getByText('4 records')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    await waitFor(() => expect(rowNames()).toEqual(['1', '2']));
  });

  it('searches with the list’s keyword, filters and sort, and says the ancestors come along', async () => {
    signIn();
    const api = fakeApi().on('GET /api/company_category/tree', () => ok(tree()));
    await renderPage(EntityListPage, categoryList, {
      url: '/company/company_category_list?keyword=pump&status=enabled&sort=sortNo&order=desc',
      lang: 'zh',
    });
    await screen.findByText('泵');
    // the parent filter's own tree select reads the whole tree; the table reads the matches
    const call = api.callsTo('GET', '/api/company_category/tree').find((c) => c.query.has('keyword'))!;
    expect(Object.fromEntries(call.query)).toEqual({
      keyword: 'pump',
      status: 'enabled',
      sort: 'sortNo',
      order: 'desc',
    });
    expect(screen.getByText('显示匹配的记录及其上级')).toBeTruthy();
  });

  it('lists the trash page by page, as any list', async () => {
    signIn();
    const api = fakeApi()
      .on('GET /api/company_category/tree', () => ok(tree()))
      .on('GET /api/company_category/trash', () =>
        ok({ list: [categoryRecord(5, 'Old', '旧', null)], total: 1, page: 1, size: 20 }),
      );
    await renderPage(EntityListPage, categoryList, { url: '/company/company_category_list?trash=1' });
    await screen.findByText('Old');
    expect(api.callsTo('GET', '/api/company_category/trash')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Expand all' })).toBeNull();
  });
});
