import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, renderPage, routeNamed, signIn } from '../../engine/test/harness';
import { DashboardPage } from './dashboard-page';

// The dashboard page: the waiting work as links to the filtered lists, the key figures with their change in
// words and colour, the period in the URL, empty charts as empty states, a supplier's own company, in English
// and Chinese. (The charts drawn by ECharts are seen in the browser journey.)

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const figures = (visits: number, consults: number, replied: number) => ({
  visits,
  uniqueVisitors: Math.floor(visits / 2),
  newUsers: 1,
  consults,
  consultsReplied: replied,
  replyRate: consults > 0 ? Math.round((replied * 1000) / consults) / 10 : null,
});

const days = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    day: `2026-11-${String(i + 1).padStart(2, '0')}`,
    visits: 0,
    uniqueVisitors: 0,
    newUsers: 0,
    consults: 0,
    consultsReplied: 0,
  }));

const staffAnswer = {
  today: '2026-11-28',
  period: {
    from: '2026-10-30',
    to: '2026-11-28',
    days: 30,
    previousFrom: '2026-09-30',
    previousTo: '2026-10-29',
  },
  scope: 'marketplace',
  waiting: [
    {
      kind: 'companiesToAudit',
      count: 3,
      link: '/company/company_list?auditStatus=pending',
      list: '/api/company/list?auditStatus=pending',
    },
    {
      kind: 'consultsUnreplied',
      count: 0,
      link: '/consult/consult_list?isFeedback=false',
      list: '/api/consult/list?isFeedback=false',
    },
  ],
  shown: { visits: true, newUsers: true, consults: true, keywords: true },
  figures: {
    today: figures(12, 4, 2),
    yesterday: figures(8, 4, 3),
    period: figures(300, 40, 30),
    previous: figures(400, 40, 30),
  },
  days: days(28),
  top: { companies: [], products: [], keywords: [] },
  company: null,
};

describe('dashboard page', { timeout: 60_000 }, () => {
  it('links each waiting work to its filtered list and shows the figures with their change', async () => {
    signIn();
    const api = fakeApi().on('GET /api/dashboard', () => ok(staffAnswer));
    const page = await renderPage(DashboardPage, routeNamed('Dashboard'), { url: '/dashboard' });
    const waiting = await screen.findByRole('link', { name: 'Companies to audit 3' });
    expect(waiting.getAttribute('href')).toBe('/company/company_list?auditStatus=pending');
    expect(screen.getByRole('link', { name: 'Unreplied consults 0' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Welcome/ })).toBeTruthy();

    const visits = document.querySelector('[data-figure="visits"]') as HTMLElement;
    expect(within(visits).getByText('12')).toBeTruthy();
    const [day, period] = visits.querySelectorAll('[data-change]');
    expect([day!.getAttribute('data-change'), day!.textContent]).toEqual(['up', 'up 50 % 50 % vs yesterday']);
    expect([period!.getAttribute('data-change'), period!.textContent]).toEqual([
      'down',
      'down 25 % 25 % vs previous period',
    ]);
    const rate = document.querySelector('[data-figure="replyRate"]') as HTMLElement;
    expect(within(rate).getByText('50 %')).toBeTruthy();
    expect(rate.querySelector('[data-change]')!.textContent).toBe('down 25 pt 25 pt vs yesterday');

    // no data in the period: empty states instead of charts (their code loaded after the page)
    expect(await screen.findByRole('heading', { name: 'Most viewed companies' })).toBeTruthy();
    expect(screen.getAllByText('No data in this period')).toHaveLength(5);

    await userEvent.click(screen.getByText('Last 7 days'));
    await waitFor(() =>
      expect(page.router.state.location.search).toBe('?periodFrom=2026-11-22&periodTo=2026-11-28'),
    );
    await waitFor(() => expect(api.callsTo('GET', '/api/dashboard')).toHaveLength(2));
    expect(api.callsTo('GET', '/api/dashboard')[1]!.query.get('periodFrom')).toBe('2026-11-22');
  });

  it('shows a supplier its own company: audit, completeness and limits', async () => {
    signIn({ type: 'company', companyId: 5, roles: ['supplier'] });
    fakeApi().on('GET /api/dashboard', () =>
      ok({
        ...staffAnswer,
        scope: 'company',
        waiting: [],
        shown: { visits: true, newUsers: false, consults: true, keywords: false },
        top: { companies: null, products: [], keywords: null },
        company: {
          id: 5,
          name: 'Quiet Valves Ltd.',
          auditStatus: 'refused',
          auditReason: 'No licence',
          status: 'enabled',
          complete: false,
          requiredFields: 10,
          filledFields: 8,
          quotaPeriod: '2026-11',
          quotas: [
            { key: 'consultReply', used: 3, limit: 10 },
            { key: 'siteLetter', used: 2, limit: null },
          ],
        },
      }),
    );
    await renderPage(DashboardPage, routeNamed('Dashboard'), { url: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Quiet Valves Ltd.' })).toBeTruthy();
    expect(screen.getByText('Refused')).toBeTruthy();
    expect(screen.getByText('Reason: No licence')).toBeTruthy();
    expect(screen.getByText('8 of 10 required fields')).toBeTruthy();
    expect(screen.getByText('3 / 10')).toBeTruthy();
    expect(screen.getByText('2 / unlimited')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit my company' }).getAttribute('href')).toBe(
      '/company/supplier/company_edit/5',
    );
    expect(screen.queryByText('New users')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Most viewed companies' })).toBeNull();
  });

  it('speaks Chinese', async () => {
    signIn();
    fakeApi().on('GET /api/dashboard', () => ok(staffAnswer));
    await renderPage(DashboardPage, routeNamed('Dashboard'), { url: '/dashboard', lang: 'zh' });
    expect(await screen.findByRole('heading', { name: '待办事项' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '待审核企业 3' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '关键指标' })).toBeTruthy();
  });
});
