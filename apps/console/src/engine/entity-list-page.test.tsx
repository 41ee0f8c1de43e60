import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntityListPage } from './entity-list-page';
import { bannerRecord, listOf } from './test/banner-fixtures';
import { fakeApi, ok, renderPage, routeNamed, signIn } from './test/harness';

const bannerList = routeNamed('BannerList');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function bannerApi() {
  return fakeApi()
    .on('GET /api/banner/list', () =>
      ok(
        listOf(
          [
            bannerRecord(),
            bannerRecord({ id: 8, title: 'Summer sale', displayStatus: 'offline', status: 'disabled' }),
          ],
          { total: 45 },
        ),
      ),
    )
    .on('GET /api/banner_position/list', () => ok(listOf([])));
}

describe('EntityListPage (banner)', { timeout: 60_000 }, () => {
  it('builds the search form and the columns from the banner definition', async () => {
    signIn();
    bannerApi();
    await renderPage(EntityListPage, bannerList, { url: '/banner/banner_list' });
    const table = await screen.findByRole('table');
    await within(table).findByText('Spring fair');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim());
    for (const label of [
      'ID',
      'Title',
      'Position',
      'Cover image',
      'Sort weight',
      'Target type',
      'Status',
      'Start date',
      'End date',
      'Clicks',
      'Updated',
      'Actions',
    ]) {
      expect(headers).toContain(label);
    }
    // enabled / disabled and online / offline read as one state: what a visitor sees
    expect(headers).not.toContain('Display status');
    expect(within(table).getByText('Disabled')).toBeTruthy();
    // shown: false in the definition, remark is long text (no column)
    expect(headers).not.toContain('Target URL');
    expect(headers).not.toContain('Remark');
    // status tags from the enum options, relation labels, an image thumbnail with its alt text
    expect(within(table).getAllByText('Online')[0]).toBeTruthy();
    expect(within(table).getAllByText('Home top').length).toBe(2);
    expect(within(table).getAllByRole('img', { name: /Cover image of Spring fair/ }).length).toBeGreaterThan(
      0,
    );

    const search = screen.getByRole('search');
    expect(within(search).getByLabelText('Keyword')).toBeTruthy();
    expect(within(search).getByText('Position')).toBeTruthy();
    expect(within(search).getByText('Target type')).toBeTruthy();
    // the rest of the filters behind "More filters"
    await userEvent.click(within(search).getByRole('button', { name: /More filters/ }));
    for (const label of ['Status', 'Display status', 'Start date', 'End date', 'Created', 'Updated']) {
      expect(within(search).getByText(label)).toBeTruthy();
    }
    expect(screen.getByText('45 records')).toBeTruthy();
  });

  it('reads filters, sort and page from the URL into the request, and writes changes back', async () => {
    signIn();
    const api = bannerApi();
    await renderPage(EntityListPage, bannerList, {
      url: '/banner/banner_list?keyword=fair&status=enabled,disabled&startDateFrom=2025-05-01&sort=startDate&order=desc&page=2&size=10&bogus=1',
    });
    await screen.findByText('Spring fair');
    const first = api.callsTo('GET', '/api/banner/list')[0]!;
    expect(Object.fromEntries(first.query)).toEqual({
      keyword: 'fair',
      status: 'enabled,disabled',
      startDateFrom: '2025-05-01',
      sort: 'startDate',
      order: 'desc',
      page: '2',
      size: '10',
    });
    // the form shows the URL's values
    expect((screen.getByLabelText('Keyword') as HTMLInputElement).value).toBe('fair');

    // sorting by a column: page 1, the new sort in the URL and in the next request
    await userEvent.click(screen.getByRole('columnheader', { name: /Sort weight/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('sort=sortNo'));
    const location = screen.getByTestId('location').textContent!;
    expect(location).toContain('order=asc');
    expect(location).not.toContain('page=');
    expect(location).toContain('keyword=fair');
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/banner/list').at(-1)!.query.get('sort')).toBe('sortNo'),
    );

    // a new keyword replaces the old one and keeps the filters
    const keyword = screen.getByLabelText('Keyword');
    await userEvent.clear(keyword);
    await userEvent.type(keyword, 'sale{Enter}');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('keyword=sale'));
    expect(screen.getByTestId('location').textContent).toContain('status=enabled%2Cdisabled');

    // a filter chosen in the form, then a sort: the filter stays (handlers never start from a stale state);
    // the new keyword's request is sent and answered first (the table takes no clicks while it loads)
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/banner/list').at(-1)!.query.get('keyword')).toBe('sale'),
    );
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
    await userEvent.click(screen.getByRole('columnheader', { name: /Sort weight/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('order=desc'));
    expect(screen.getByTestId('location').textContent).toContain('keyword=sale');
    expect(screen.getByTestId('location').textContent).toContain('status=enabled%2Cdisabled');

    // reset really resets: nothing left in the URL
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/banner/banner_list'));
    expect(Object.fromEntries(api.callsTo('GET', '/api/banner/list').at(-1)!.query)).toEqual({
      page: '1',
      size: '20',
    });
  });

  it('shows row actions only when the user holds their resource permission', async () => {
    signIn({
      roles: ['editor'],
      permissions: [
        { type: 'menu', url: '/banner/banner_list' },
        { type: 'menu', url: '/banner/banner_edit/:id' },
        { type: 'resource', method: 'PUT', url: '/api/banner/:id' },
        { type: 'resource', method: 'POST', url: '/api/banner/offline/:id' },
      ],
    });
    bannerApi();
    await renderPage(EntityListPage, bannerList, { url: '/banner/banner_list' });
    const row = (await screen.findByText('Spring fair')).closest('tr')!;
    const actions = within(row).getByRole('group', { name: /Actions for Spring fair/ });
    expect(within(actions).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(actions).getByRole('button', { name: 'Take offline' })).toBeTruthy();
    expect(within(actions).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(actions).queryByRole('button', { name: 'Disable' })).toBeNull();
    // no POST /api/banner permission and no add route: no Add button, no import
    expect(screen.queryByRole('button', { name: /Add/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Import/ })).toBeNull();
    // the offline banner offers no "Take offline"
    const other = screen.getByText('Summer sale').closest('tr')!;
    expect(within(other).queryByRole('button', { name: 'Take offline' })).toBeNull();
  });

  it('runs a status action after the confirmation the definition asks for', async () => {
    signIn();
    const api = bannerApi().on('POST /api/banner/offline/:id', () =>
      ok(bannerRecord({ displayStatus: 'offline' })),
    );
    await renderPage(EntityListPage, bannerList, { url: '/banner/banner_list' });
    const row = (await screen.findByText('Spring fair')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Take offline' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Take “Spring fair” offline?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /Take offline/ }));
    await waitFor(() => expect(api.callsTo('POST', '/api/banner/offline/7')).toHaveLength(1));
    // the toast names the record and the state it is in now
    expect(await screen.findByText('“Spring fair”: Display status is now “Offline”')).toBeTruthy();
  });

  it('offers a disabled banner only Enable, an enabled one its online state and Disable', async () => {
    signIn();
    fakeApi().on('GET /api/banner/list', () =>
      ok({
        list: [
          bannerRecord({ id: 7, title: 'Spring fair', status: 'disabled', displayStatus: 'online' }),
          bannerRecord({ id: 8, title: 'Summer sale', status: 'enabled', displayStatus: 'online' }),
        ],
        total: 2,
        page: 1,
        size: 20,
      }),
    );
    await renderPage(EntityListPage, bannerList, { url: '/banner/banner_list' });
    const disabled = (await screen.findByText('Spring fair')).closest('tr')!;
    expect(within(disabled).getByText('Disabled')).toBeTruthy();
    expect(within(disabled).getByRole('button', { name: 'Enable' })).toBeTruthy();
    expect(within(disabled).queryByRole('button', { name: 'Take offline' })).toBeNull();
    const enabled = screen.getByText('Summer sale').closest('tr')!;
    expect(within(enabled).getByRole('button', { name: 'Take offline' })).toBeTruthy();
  });

  it('names the record in the confirmation and the toast in Chinese', async () => {
    signIn();
    bannerApi().on('POST /api/banner/offline/:id', () => ok(bannerRecord({ displayStatus: 'offline' })));
    await renderPage(EntityListPage, bannerList, { url: '/banner/banner_list', lang: 'zh' });
    const row = (await screen.findByText('Spring fair')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '下线' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定下线“Spring fair”吗？')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /下\s*线/ }));
    expect(await screen.findByText('“Spring fair”的上下线状态已改为“下线”')).toBeTruthy();
  });

  it('shows a record’s history in the drawer and reverts to an earlier version', async () => {
    signIn();
    const api = bannerApi()
      .on('GET /api/banner/7', () => ok(bannerRecord({ title: 'Spring fair 2025', version: 2 })))
      .on('GET /api/banner/7/history', () =>
        ok([
          {
            version: 2,
            action: 'update',
            actorId: 1,
            actorAccount: 'alice',
            at: new Date(Date.now() - 3 * 3600_000).toISOString(),
            changes: [{ field: 'title', old: 'Spring fair', new: 'Spring fair 2025' }],
          },
          {
            version: 1,
            action: 'create',
            actorId: null,
            actorAccount: null,
            at: new Date(Date.now() - 86_400_000 * 2).toISOString(),
            changes: [{ field: 'title', old: null, new: 'Spring fair' }],
          },
        ]),
      )
      .on('POST /api/banner/7/revert/1', () => ok(bannerRecord({ version: 3 })));
    await renderPage(EntityListPage, bannerList, { url: '/banner/banner_list' });
    const row = (await screen.findByText('Spring fair')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'More' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Details' }));
    const drawer = await screen.findByRole('dialog');
    await userEvent.click(within(drawer).getByRole('tab', { name: 'History' }));
    const panel = within(drawer).getByRole('tabpanel');
    expect(await within(panel).findByText('by alice')).toBeTruthy();
    expect(within(panel).getByText('3 hours ago')).toBeTruthy();
    expect(within(panel).getByText('by the system')).toBeTruthy();
    expect(within(panel).getByText('Spring fair 2025')).toBeTruthy();
    // the newest version is the current one; an older one can be put back
    expect(within(panel).getByText('Current')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: /Revert to this version/ }));
    const confirm = (await screen.findAllByRole('dialog')).at(-1)!;
    expect(within(confirm).getByText(/Put back the values of version 1/)).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revert to this version' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/banner/7/revert/1')).toHaveLength(1));
  });

  it('remembers column settings per user and entity, and resets them', async () => {
    signIn({ account: 'alice' });
    bannerApi();
    await renderPage(EntityListPage, bannerList, { url: '/banner/banner_list' });
    await screen.findByText('Spring fair');
    await userEvent.click(screen.getByRole('button', { name: 'Column settings' }));
    const list = await screen.findByRole('list', { name: 'Columns' });
    await userEvent.click(within(list).getByRole('checkbox', { name: 'Clicks' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Clicks' })).toBeNull());
    const saved = JSON.parse(localStorage.getItem('organiser.columns.alice.banner')!);
    expect(saved.hidden).toContain('clickNum');
    await userEvent.click(within(list).getByRole('button', { name: 'Move Title up' }));
    expect(JSON.parse(localStorage.getItem('organiser.columns.alice.banner')!).order.slice(0, 2)).toEqual([
      'title',
      'id',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Reset columns' }));
    await waitFor(() => expect(localStorage.getItem('organiser.columns.alice.banner')).toBeNull());
    expect(screen.getByRole('columnheader', { name: 'Clicks' })).toBeTruthy();
  });
  it('sends "all matching" as the filter with the count it showed, and reloads the list on a 409', async () => {
    signIn();
    const api = bannerApi().on('POST /api/banner/batch/delete', () => ({
      status: 409,
      body: {
        success: false,
        code: 40905,
        message: 'The records matching the filter changed: you saw 45, now 46 match.',
        content: null,
      },
    }));
    await renderPage(EntityListPage, bannerList, { url: '/banner/banner_list?keyword=fair' });
    const table = await screen.findByRole('table');
    await within(table).findByText('Spring fair');
    await userEvent.click(within(table).getAllByRole('checkbox')[0]!);
    const bar = await screen.findByRole('region', { name: 'Bulk actions' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Select all 45 matching records' }));
    expect(within(bar).getByText('All 45 matching records selected')).toBeTruthy();
    const listCalls = api.callsTo('GET', '/api/banner/list').length;
    await userEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    const confirm = (await screen.findAllByRole('dialog')).at(-1)!;
    expect(within(confirm).getByText('Delete: 45 records?')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/banner/batch/delete')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/banner/batch/delete')[0]!.body).toEqual({
      filter: { keyword: 'fair' },
      expectedCount: 45,
    });
    expect(await screen.findByText(/you saw 45, now 46 match/)).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', '/api/banner/list').length).toBeGreaterThan(listCalls));
  });
});
