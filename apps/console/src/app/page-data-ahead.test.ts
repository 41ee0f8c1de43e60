import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, signIn } from '../engine/test/harness';
import { dashboardQuery } from '../pages/dashboard/dashboard-ahead';
import { fetchPageDataAhead } from './page-data-ahead';
import { queryClient } from './query-client';

// A cold load of the dashboard asks for its figures beside the session's calls, under the key the page reads
// (dashboardQuery, which the page uses too); other pages are not asked for ahead.

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  localStorage.clear();
});

describe('page data ahead', () => {
  it("asks for the dashboard's figures of the period in the address once, under the page's key", async () => {
    signIn();
    const api = fakeApi().on('GET /api/dashboard', () => ok({ today: '2026-11-28' }));
    const search = '?periodFrom=2026-11-01&periodTo=2026-11-28';
    fetchPageDataAhead({ pathname: '/dashboard', search });
    const { queryKey } = dashboardQuery(new URLSearchParams(search));
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKey)).toEqual({ today: '2026-11-28' }));
    const [call] = api.callsTo('GET', '/api/dashboard');
    expect([call!.query.get('periodFrom'), call!.query.get('periodTo')]).toEqual([
      '2026-11-01',
      '2026-11-28',
    ]);

    // the address "/" is the dashboard too; an answer already there is not asked for again
    fetchPageDataAhead({ pathname: '/', search: '' });
    fetchPageDataAhead({ pathname: '/dashboard', search });
    await vi.waitFor(() => expect(api.callsTo('GET', '/api/dashboard')).toHaveLength(2));
    expect(api.callsTo('GET', '/api/dashboard')[1]!.query.get('periodFrom')).toBeNull();
  });

  it('asks for nothing ahead on another page', async () => {
    signIn();
    const api = fakeApi();
    fetchPageDataAhead({ pathname: '/company/company_list', search: '' });
    fetchPageDataAhead({ pathname: '/no/such/page', search: '' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls).toEqual([]);
  });
});
