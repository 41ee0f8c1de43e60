import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntityListPage } from '../entity-list-page';
import { bannerRecord, listOf } from '../test/banner-fixtures';
import { fakeApi, ok, renderPage, routeNamed, signIn } from '../test/harness';

const bannerList = routeNamed('BannerList');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function bannerApi() {
  return fakeApi()
    .on('GET /api/banner/list', () => ok(listOf([bannerRecord()], { total: 1 })))
    .on('GET /api/banner_position/list', () => ok(listOf([])));
}

describe('record actions of the list (banner)', { timeout: 60_000 }, () => {
  it('deletes one record after a confirm naming it, then reloads the list', async () => {
    signIn();
    const api = bannerApi().on('DELETE /api/banner/:id', () => ok(null));
    await renderPage(EntityListPage, bannerList, { url: '/banner/banner_list' });
    const row = (await screen.findByText('Spring fair')).closest('tr')!;
    const listCalls = api.callsTo('GET', '/api/banner/list').length;
    // the row's later actions sit under "More"
    await userEvent.click(within(row).getByRole('button', { name: 'More' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = (await screen.findAllByRole('dialog')).at(-1)!;
    expect(within(confirm).getByText(/Delete “Spring fair”\?/)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'DELETE')!.path).toMatch(/\/7$/);
    expect(await screen.findByText('“Spring fair” deleted')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', '/api/banner/list').length).toBeGreaterThan(listCalls));
  });

  it('runs a batch on the ticked ids after a confirm naming the count, and reports what was done', async () => {
    signIn();
    const api = bannerApi().on('POST /api/banner/batch/delete', () => ok({ succeeded: [7], skipped: [] }));
    await renderPage(EntityListPage, bannerList, { url: '/banner/banner_list' });
    const row = (await screen.findByText('Spring fair')).closest('tr')!;
    await userEvent.click(within(row).getByRole('checkbox'));
    const bar = await screen.findByRole('region', { name: 'Bulk actions' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    const confirm = (await screen.findAllByRole('dialog')).at(-1)!;
    expect(within(confirm).getByText('Delete: 1 record?')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/banner/batch/delete')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/banner/batch/delete')[0]!.body).toEqual({ ids: [7] });
    expect(await screen.findByText('Delete: 1 done')).toBeTruthy();
  });
});
