import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, renderPage, routeNamed, signIn } from '../../engine/test/harness';
import { EventInformationFormPage, HotWordFormPage, SearchHistoryPage } from './search-pages';

// The search history's top keywords tab: its rows from the report, "make it a hot word" for people who may add
// hot words (a dialog starting with the keyword in its language), none for others; the hot word form's preview
// of the words being typed.

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const keywordRows = {
  list: [
    {
      keyword: 'led panel',
      language: 'en',
      searches: 4,
      users: 2,
      averageResults: 5,
      zeroShare: 25,
      hotWord: false,
      drill: {},
    },
    {
      keyword: '离心泵',
      language: 'zh',
      searches: 2,
      users: 1,
      averageResults: 4,
      zeroShare: 0,
      hotWord: true,
      drill: {},
    },
  ],
  total: 2,
  period: { from: '2026-10-30', to: '2026-11-28' },
};

function searchApi() {
  return fakeApi()
    .on('GET /api/search_history/list', () => ok({ list: [], total: 0 }))
    .on('GET /api/search_keyword/list', () => ok(keywordRows));
}

const route = routeNamed('SearchHistoryList');

describe('the search history’s top keywords', { timeout: 60_000 }, () => {
  it('makes a keyword a hot word through a dialog starting with the keyword', async () => {
    signIn();
    const api = searchApi().on('POST /api/search_top/from_keyword', () =>
      ok({ id: 5, enWord: 'led panel', zhWord: 'LED 面板' }),
    );
    await renderPage(SearchHistoryPage, route, { url: '/searchManage/search_history_list' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Top keywords' }));
    const row = (await screen.findByText('led panel')).closest('tr')!;
    expect(
      within((await screen.findByText('离心泵')).closest('tr')!).getByText('Already a hot word'),
    ).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Make “led panel” a hot word' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Word (English)') as HTMLInputElement).value).toBe('led panel');
    await userEvent.type(within(dialog).getByLabelText('Word (Chinese)'), 'LED 面板');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make it a hot word' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/search_top/from_keyword')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/search_top/from_keyword')[0]!.body).toEqual({
      enWord: 'led panel',
      zhWord: 'LED 面板',
    });
  });

  it('opens on the tab its address names, so a reload keeps the top keywords open', async () => {
    signIn();
    const api = searchApi();
    await renderPage(SearchHistoryPage, route, { url: '/searchManage/search_history_list#keywords' });
    await screen.findByText('led panel');
    expect(screen.getByRole('tab', { name: 'Top keywords', selected: true })).toBeTruthy();
    expect(api.callsTo('GET', '/api/search_history/list')).toHaveLength(0);
    // a search writes the list's state into the address: the tab stays open, and named
    await userEvent.type(screen.getByRole('textbox', { name: 'Keyword' }), 'led{Enter}');
    await waitFor(() => expect(api.callsTo('GET', '/api/search_keyword/list').length).toBeGreaterThan(1));
    expect(screen.getByRole('tab', { name: 'Top keywords', selected: true })).toBeTruthy();
    expect(api.callsTo('GET', '/api/search_history/list')).toHaveLength(0);
  });

  it('offers no hot word action to people who may not add hot words', async () => {
    signIn({
      roles: ['analyst'],
      permissions: [
        { type: 'menu', url: '/searchManage/search_history_list' },
        { type: 'resource', method: 'POST', url: '/api/search_top/from_keyword' },
      ],
    });
    searchApi();
    await renderPage(SearchHistoryPage, route, { url: '/searchManage/search_history_list' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Top keywords' }));
    await screen.findByText('led panel');
    expect(screen.queryByRole('button', { name: /hot word/ })).toBeNull();
    expect(screen.queryByText('Already a hot word')).toBeNull();
  });
});

describe('the hot word form', { timeout: 60_000 }, () => {
  it('previews the words being typed on both sites', async () => {
    signIn();
    fakeApi();
    await renderPage(HotWordFormPage, routeNamed('SearchTopAdd'), {
      url: '/searchManage/search_top/search_top_add',
    });
    await userEvent.type(await screen.findByLabelText(/Word \(English\)|English/), 'Pump');
    const preview = (await screen.findByText('Marketplace preview')).closest(
      '.marketing-preview',
    ) as HTMLElement;
    await waitFor(() => expect(within(preview).getByText('Pump')).toBeTruthy());
    expect(within(preview).getByText('English site')).toBeTruthy();
    expect(within(preview).getByText('Chinese site')).toBeTruthy();
  });
});

describe('the event information form', { timeout: 60_000 }, () => {
  it('previews the item’s card on both sites, the cover at its hinted size', async () => {
    signIn();
    fakeApi();
    await renderPage(EventInformationFormPage, routeNamed('EventInformationAdd'), {
      url: '/event_Information/event_Information_add',
    });
    await userEvent.type(await screen.findByLabelText('Title'), 'Spring fair opens');
    const preview = (await screen.findByText('Marketplace preview')).closest(
      '.marketing-preview',
    ) as HTMLElement;
    await waitFor(() => expect(within(preview).getAllByText('Spring fair opens')).toHaveLength(2));
    expect(within(preview).getByText('English site')).toBeTruthy();
    expect(within(preview).getByText('Chinese site')).toBeTruthy();
    expect(screen.getByText(/640x360/)).toBeTruthy();
  });
});
