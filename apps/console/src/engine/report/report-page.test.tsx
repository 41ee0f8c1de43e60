import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, currentLanguage } from '../../i18n/i18n';
import { resolvePage } from '../../pages/registry';
import { type Call, fakeApi, ok, renderPage, routeNamed, signIn } from '../test/harness';
import { ReportPage } from './report-page';

const overview = routeNamed('SupplierOverview');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const drill = (filters: Record<string, string>) => ({
  companies: { menu: '/company/company_list', filters },
});

/** The rows the API answers, grouped as asked and labelled in the caller's language (the console's language at
 * the time of the request, which it sends as Accept-Language). */
function reportApi() {
  return fakeApi().on('GET /api/supplier_overview/list', (call: Call) => {
    const label = (en: string, zh: string) => (currentLanguage() === 'zh' ? zh : en);
    const byCategory = call.query.get('groupBy') === 'category';
    const period = { periodStart: call.query.get('periodFrom'), periodEnd: call.query.get('periodTo') };
    const dates = { createdAtFrom: '2026-10-01', createdAtTo: '2026-11-30' };
    const list = byCategory
      ? [
          {
            group: label('Tools', '工具'),
            auditStatus: null,
            categoryId: 3,
            countryCode: null,
            ...period,
            companies: 7,
            drill: drill({ categoryIds: '3', ...dates }),
          },
        ]
      : [
          {
            group: label('To audit', '待审核'),
            auditStatus: 'pending',
            categoryId: null,
            countryCode: null,
            ...period,
            companies: 3,
            drill: drill({ auditStatus: 'pending' }),
          },
          {
            group: label('Passed', '已通过'),
            auditStatus: 'passed',
            categoryId: null,
            countryCode: null,
            ...period,
            companies: 1,
            drill: drill({ auditStatus: 'passed' }),
          },
        ];
    return ok({
      list,
      total: 42,
      page: Number(call.query.get('page')),
      size: Number(call.query.get('size')),
    });
  });
}

const lastQuery = (api: ReturnType<typeof reportApi>) =>
  Object.fromEntries(api.callsTo('GET', '/api/supplier_overview/list').at(-1)!.query);

const location = () => screen.getByTestId('location').textContent ?? '';

describe('ReportPage (supplier overview)', { timeout: 60_000 }, () => {
  it('is the screen of a list route that names a report', () => {
    expect(resolvePage(overview.view)).toBe(
      resolvePage({ kind: 'entity-list', entity: 'supplier_overview' }),
    );
    expect(resolvePage(overview.view)).not.toBe(resolvePage(routeNamed('CompanyList').view));
  });

  it('asks for the URL’s group-by, period, sort and page, and links a count to the filtered company list', async () => {
    signIn();
    const api = reportApi();
    await renderPage(ReportPage, overview, {
      url: '/company/supplier_overview?groupBy=category&periodFrom=2026-10-01&periodTo=2026-11-30&granularity=month&sort=group&order=asc&page=2&size=10',
    });
    const table = await screen.findByRole('table', { name: 'Supplier overview rows' });
    await within(table).findByText('Tools');
    expect(lastQuery(api)).toEqual({
      groupBy: 'category',
      periodFrom: '2026-10-01',
      periodTo: '2026-11-30',
      granularity: 'month',
      sort: 'group',
      order: 'asc',
      page: '2',
      size: '10',
    });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim());
    expect(headers).toEqual(['Group', 'Period from', 'Period to', 'Companies']);
    expect(within(table).getAllByText('2026-10-01').length).toBeGreaterThan(0);
    const link = within(table).getByRole('link', { name: '7: open Company list for Tools' });
    expect(link.getAttribute('href')).toBe(
      '/company/company_list?categoryIds=3&createdAtFrom=2026-10-01&createdAtTo=2026-11-30',
    );
    expect(link.textContent).toBe('7');
    // the parameters show what the URL says
    const params = screen.getByRole('region', { name: 'Report parameters' });
    expect(within(params).getByText('Category')).toBeTruthy();
    expect(within(params).getByText('Month')).toBeTruthy();
    expect(screen.getByText('42 records')).toBeTruthy();

    // the export asks for the rows the report shows: its parameters and order, no page
    await userEvent.click(screen.getByRole('button', { name: /Export/ }));
    await userEvent.click(await screen.findByText(/CSV/));
    await waitFor(() => expect(api.callsTo('GET', '/api/supplier_overview/export')).toHaveLength(1));
    expect(Object.fromEntries(api.callsTo('GET', '/api/supplier_overview/export')[0]!.query)).toEqual({
      groupBy: 'category',
      periodFrom: '2026-10-01',
      periodTo: '2026-11-30',
      granularity: 'month',
      sort: 'group',
      order: 'asc',
      format: 'csv',
      lang: 'en',
    });

    await userEvent.click(link);
    await waitFor(() =>
      expect(location()).toBe(
        '/company/company_list?categoryIds=3&createdAtFrom=2026-10-01&createdAtTo=2026-11-30',
      ),
    );
  });

  it('opens on the first group-by and the default sort; a new group-by or sort goes to the URL and the request', async () => {
    signIn();
    const api = reportApi();
    await renderPage(ReportPage, overview, { url: '/company/supplier_overview?page=3' });
    await screen.findByText('To audit');
    expect(lastQuery(api)).toEqual({ groupBy: 'auditStatus', page: '3', size: '20' });

    const params = screen.getByRole('region', { name: 'Report parameters' });
    const groupBy = within(params).getByLabelText('Group by');
    await userEvent.click(groupBy);
    const options = await screen.findAllByText('Category', { selector: '.ant-select-item-option-content' });
    await userEvent.click(options.at(-1)!);
    await waitFor(() => expect(location()).toBe('/company/supplier_overview?groupBy=category'));
    await waitFor(() => expect(lastQuery(api)).toEqual({ groupBy: 'category', page: '1', size: '20' }));
    await screen.findByText('Tools');

    await userEvent.click(screen.getByRole('columnheader', { name: /Group/ }));
    await waitFor(() =>
      expect(lastQuery(api)).toEqual({
        groupBy: 'category',
        sort: 'group',
        order: 'asc',
        page: '1',
        size: '20',
      }),
    );
    expect(location()).toBe('/company/supplier_overview?sort=group&order=asc&groupBy=category');
  });

  it('shows the rows, headers and drill-down link in Chinese', async () => {
    signIn();
    reportApi();
    await renderPage(ReportPage, overview, { url: '/company/supplier_overview', lang: 'zh' });
    const table = await screen.findByRole('table', { name: '供应商概览数据' });
    await within(table).findByText('待审核');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim());
    expect(headers).toEqual(['分组', '起始日期', '截止日期', '企业数']);
    const link = within(table).getByRole('link', { name: '3：查看企业列表（待审核）' });
    expect(link.getAttribute('href')).toBe('/company/company_list?auditStatus=pending');
    const params = screen.getByRole('region', { name: '报表参数' });
    expect(within(params).getByText('审核状态')).toBeTruthy();
    expect(within(params).getByText('整个期间')).toBeTruthy();
  });

  it('reads the rows again when the language changes: the server labels the groups', async () => {
    signIn();
    reportApi();
    await renderPage(ReportPage, overview, { url: '/company/supplier_overview' });
    await screen.findByText('To audit');
    await act(() => changeLanguage('zh'));
    await screen.findByText('待审核');
    expect(screen.queryByText('To audit')).toBeNull();
    expect(screen.getByRole('link', { name: '3：查看企业列表（待审核）' })).toBeTruthy();
  });

  it('shows a count as plain text to a user who cannot open the company list', async () => {
    signIn({
      roles: ['analyst'],
      permissions: [
        { type: 'menu', url: '/company' },
        { type: 'menu', url: '/company/supplier_overview' },
      ],
    });
    reportApi();
    await renderPage(ReportPage, overview, { url: '/company/supplier_overview' });
    const table = await screen.findByRole('table');
    await within(table).findByText('To audit');
    expect(within(table).queryByRole('link')).toBeNull();
    expect(within(table).getByText('3')).toBeTruthy();
  });
});

describe('ReportPage (a user’s drill-downs)', { timeout: 60_000 }, () => {
  it('links a user’s count to a drill-down on the same period, which reads and exports for the user in its path', async () => {
    signIn();
    const user = { userId: 7, account: 'ann', nickname: null, lastActive: '2026-11-20' };
    const api = fakeApi()
      .on('GET /api/c_user_conduct/list', () =>
        ok({
          list: [
            {
              ...user,
              companiesVisited: 2,
              companyViews: 5,
              duration: 60,
              companiesCollected: 1,
              consultsSent: 0,
              drill: {
                companiesCollected: {
                  menu: '/conduct_statistical/collect_company_list/:userId',
                  filters: {},
                  params: { userId: '7' },
                },
                companiesVisited: {
                  menu: '/conduct_statistical/company_by_stat_list/:userId',
                  filters: {},
                  params: { userId: '7' },
                },
              },
            },
          ],
          total: 1,
          page: 1,
          size: 20,
        }),
      )
      .on('GET /api/company_by_stat/7/list', () =>
        ok({
          list: [
            {
              companyId: 3,
              companyName: 'Hengda',
              visits: 4,
              productViews: 1,
              duration: 50,
              lastVisit: '2026-11-20',
              drill: {},
            },
          ],
          total: 1,
          page: 1,
          size: 20,
        }),
      );
    await renderPage(ReportPage, routeNamed('CUserConductStatisticalList'), {
      url: '/conduct_statistical/c_user_conduct_statistical_list?periodFrom=2026-11-01&periodTo=2026-11-27',
    });
    const table = await screen.findByRole('table', { name: 'User behaviour towards companies rows' });
    const collected = await within(table).findByRole('link', { name: '1: open Collected companies for ann' });
    expect(collected.getAttribute('href')).toBe('/conduct_statistical/collect_company_list/7');
    const visited = within(table).getByRole('link', { name: '2: open Company visits for ann' });
    expect(visited.getAttribute('href')).toBe(
      '/conduct_statistical/company_by_stat_list/7?periodFrom=2026-11-01&periodTo=2026-11-27',
    );

    cleanup();
    await renderPage(ReportPage, routeNamed('CompanyByStatList'), {
      url: '/conduct_statistical/company_by_stat_list/7?periodFrom=2026-11-01&periodTo=2026-11-27',
    });
    await screen.findByText('Hengda');
    expect(Object.fromEntries(api.callsTo('GET', '/api/company_by_stat/7/list').at(-1)!.query)).toMatchObject(
      {
        periodFrom: '2026-11-01',
        periodTo: '2026-11-27',
      },
    );
    await userEvent.click(screen.getByRole('button', { name: /Export/ }));
    await userEvent.click(await screen.findByText(/CSV/));
    await waitFor(() => expect(api.callsTo('GET', '/api/company_by_stat/7/export')).toHaveLength(1));
  });
});
