import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, renderPage, routeNamed, signIn } from '../../engine/test/harness';
import { MarketPage } from './market-page';

// The purchase leads screen: its keyword and page in the URL under the list call's names, the contact as the
// server answers it (masked until revealed), and a reveal that reads the list again.

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const lead = (isRevealed: boolean) => ({
  id: 7,
  requirementNo: 'BR20261126-000007',
  title: 'Stainless pumps',
  categoryId: 3,
  categoryName: 'Pumps',
  budget: 'USD 40,000',
  endTime: '2026-12-30T16:00:00.000Z',
  leftDate: 35,
  country: 'Nigeria',
  contactTypes: ['email'],
  content: null,
  clickNum: 2,
  createdAt: '2026-11-26T08:00:00.000Z',
  company: 'Lagos Water Works',
  contactName: isRevealed ? 'Ade Okafor' : 'A*******or',
  mobile: isRevealed ? '13800001234' : '1********34',
  tel: null,
  email: isRevealed ? 'ade@lagos.example' : 'a***@lagos.example',
  isRevealed,
  revealedAt: isRevealed ? '2026-11-26T09:00:00.000Z' : null,
});

describe('purchase leads', { timeout: 60_000 }, () => {
  it('reads its keyword and page from the URL and writes a new search there', async () => {
    signIn();
    const api = fakeApi().on('GET /api/buy_requirement/market/list', () =>
      ok({ list: [lead(false)], total: 45, page: 2, size: 20 }),
    );
    const page = await renderPage(MarketPage, routeNamed('BuyRequirementMarket'), {
      url: '/buy_requirement/buy_requirement_market?keyword=pump&page=2',
    });
    expect(await screen.findByText('Stainless pumps')).toBeTruthy();
    const first = api.callsTo('GET', '/api/buy_requirement/market/list')[0]!.query;
    expect([first.get('keyword'), first.get('page')]).toEqual(['pump', '2']);
    expect(screen.getByText('1********34')).toBeTruthy();
    expect(screen.queryByText('13800001234')).toBeNull();
    const form = screen.getByRole('search', { name: 'Search purchase leads' });
    const keyword = within(form).getByRole('textbox') as HTMLInputElement;
    await userEvent.clear(keyword);
    await userEvent.type(keyword, 'valve');
    await userEvent.click(within(form).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(page.router.state.location.search).toBe('?keyword=valve'));
  });

  it('reveals a contact after asking, then shows it from a new read', async () => {
    signIn();
    let revealed = false;
    const api = fakeApi()
      .on('GET /api/buy_requirement/market/list', () =>
        ok({ list: [lead(revealed)], total: 1, page: 1, size: 20 }),
      )
      .on('POST /api/buy_requirement/market/reveal/7', () => {
        revealed = true;
        return ok(lead(true));
      });
    await renderPage(MarketPage, routeNamed('BuyRequirementMarket'), {
      url: '/buy_requirement/buy_requirement_market',
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Reveal the contact of Stainless pumps' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Reveal' }));
    expect(await screen.findByText('13800001234')).toBeTruthy();
    expect(api.callsTo('POST', '/api/buy_requirement/market/reveal/7')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Reveal the contact of Stainless pumps' })).toBeNull();
  });
});
