import { isHomePath } from '@organiser/domain';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/query-client';
import { fakeApi, ok, Providers, publicConfig, signIn } from '../../engine/test/harness';
import { layoutRouteAt } from '../../navigation/visible-routes';
import { sessionStore } from '../../state/session';
import { dashboardCharts, dashboardQuery, loadCharts, startDashboardAhead } from './dashboard-ahead';
import type { DashboardData } from './dashboard-charts';

// A cold load of the dashboard asks for its figures at boot, beside the session's calls; the page's query takes
// that answer instead of asking again (once: a refetch asks the server); other pages are not asked for ahead. The
// charts' code asked for ahead renders at once, without a fallback.

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  localStorage.clear();
});

describe('the dashboard asked for ahead', () => {
  it('is the page at the addresses the boot checks', () => {
    for (const path of ['/', '/dashboard']) expect(isHomePath(path)).toBe(true);
    expect(layoutRouteAt('/dashboard')?.view).toMatchObject({ kind: 'page', page: 'Dashboard' });
    expect(isHomePath('/company/company_list')).toBe(false);
  });

  it("asks for the figures of the period in the address once, and the page's query takes that answer", async () => {
    signIn();
    let answers = 0;
    const api = fakeApi().on('GET /api/dashboard', () => ok({ today: '2026-11-28', answer: ++answers }));
    const search = '?periodFrom=2026-11-01&periodTo=2026-11-28';
    startDashboardAhead({ pathname: '/dashboard', search });
    await vi.waitFor(() => expect(api.callsTo('GET', '/api/dashboard')).toHaveLength(1));
    const [call] = api.callsTo('GET', '/api/dashboard');
    expect([call!.query.get('periodFrom'), call!.query.get('periodTo')]).toEqual([
      '2026-11-01',
      '2026-11-28',
    ]);

    const query = dashboardQuery(new URLSearchParams(search));
    expect(await queryClient.fetchQuery(query)).toEqual({ today: '2026-11-28', answer: 1 });
    expect(api.callsTo('GET', '/api/dashboard')).toHaveLength(1);
    // taken once: asking again reaches the server
    expect(await queryClient.fetchQuery({ ...query, staleTime: 0 })).toMatchObject({ answer: 2 });
    expect(api.callsTo('GET', '/api/dashboard')).toHaveLength(2);
  });

  it("leaves an answer for another period to that period's query", async () => {
    signIn();
    const api = fakeApi().on('GET /api/dashboard', () => ok({ today: '2026-11-28' }));
    startDashboardAhead({ pathname: '/', search: '' });
    const other = dashboardQuery(new URLSearchParams('?periodFrom=2026-10-01&periodTo=2026-10-31'));
    await queryClient.fetchQuery(other);
    const asked = api.callsTo('GET', '/api/dashboard').map((c) => c.query.get('periodFrom'));
    expect(asked).toEqual([null, '2026-10-01']);
    // the address "/" is the dashboard's default period, which takes the answer asked for at boot
    await queryClient.fetchQuery(dashboardQuery(new URLSearchParams()));
    expect(api.callsTo('GET', '/api/dashboard')).toHaveLength(2);
  });

  it("is not taken by another session's page", async () => {
    signIn();
    let answers = 0;
    const api = fakeApi().on('GET /api/dashboard', () => ok({ answer: ++answers }));
    startDashboardAhead({ pathname: '/dashboard', search: '' });
    // signed out and in again as someone else before the page took the answer
    sessionStore.set((s) => ({ ...s, token: 'another-token' }));
    expect(await queryClient.fetchQuery(dashboardQuery(new URLSearchParams()))).toEqual({ answer: 2 });
    expect(api.callsTo('GET', '/api/dashboard')).toHaveLength(2);
  });

  it('asks for nothing on another page', async () => {
    signIn();
    const api = fakeApi();
    startDashboardAhead({ pathname: '/company/company_list', search: '' });
    startDashboardAhead({ pathname: '/no/such/page', search: '' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls).toEqual([]);
  });
});

it('renders the charts without a fallback once their code asked for ahead has arrived', async () => {
  await loadCharts();
  const day = { visits: 0, uniqueVisitors: 0, newUsers: 0, consults: 0, consultsReplied: 0 };
  const data = {
    days: [{ day: '2026-11-28', ...day }],
    shown: { visits: true, newUsers: true, consults: true, keywords: true },
    top: { companies: [], products: [], keywords: [] },
  } as unknown as DashboardData;
  render(
    <Providers config={publicConfig()} lang="en" queryClient={new QueryClient()}>
      <Suspense fallback={<p>waiting for the charts</p>}>
        <dashboardCharts.Component data={data} />
      </Suspense>
    </Providers>,
  );
  // in the first commit, not after a suspension (which React reveals no sooner than 300 ms later)
  expect(screen.queryByText('waiting for the charts')).toBeNull();
  expect(screen.getAllByText('No data in this period').length).toBeGreaterThan(0);
});
