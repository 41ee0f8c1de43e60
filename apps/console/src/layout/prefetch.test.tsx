import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetClientState } from '../api/client';
import { queryClient } from '../app/query-client';
import { companyRecord } from '../engine/test/company-fixtures';
import { changeLanguage } from '../i18n/i18n';
import { resetToken, startSession } from '../state/session';
import { resetTags } from '../state/tags-view';
import { type Call, ok, stubApi } from '../test/fetch-stub';
import { renderApp, rootUser, sessionRoutes } from '../test/render-app';

// A list's first request starts when its menu entry is pointed at or pressed, not after the page has mounted, and
// the page uses that answer instead of asking again.

beforeEach(async () => {
  resetClientState();
  resetToken();
  resetTags();
  queryClient.clear();
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const pathOf = (call: Call) => new URL(call.url, 'http://localhost').pathname;
const page = (list: unknown[]) => ({ list, total: list.length, page: 1, size: 20, totalIsEstimate: false });

describe('menu prefetch', { timeout: 60_000 }, () => {
  it('asks for the list when its menu entry is pointed at, and the opened page shows that answer', async () => {
    const { calls } = stubApi({
      ...sessionRoutes(rootUser, []),
      'GET /api/company/list': ok(page([companyRecord({ name: 'Prefetched Pumps Ltd.' })])),
    });
    startSession('tok-prefetch');
    const app = renderApp('/dashboard');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 10_000 });
    // the company group opens to show its entries
    await userEvent.click(within(menu).getByText('Company'));
    const entry = await within(menu).findByRole('link', { name: 'Company list' });
    const lists = () => calls.filter((c) => pathOf(c) === '/api/company/list');
    expect(lists()).toHaveLength(0);

    fireEvent.pointerEnter(entry);
    await waitFor(() => expect(lists()).toHaveLength(1));

    await userEvent.click(entry);
    await waitFor(() => expect(app.location()).toBe('/company/company_list'));
    expect(await within(await screen.findByRole('table')).findByText('Prefetched Pumps Ltd.')).toBeTruthy();
    expect(lists()).toHaveLength(1);
  });

  it("fetches the list screens' code once the first screen is up and the browser idle, but no list's data", async () => {
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn((callback: IdleRequestCallback) => idle.push(callback)),
    );
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    Object.assign(window, { requestIdleCallback, cancelIdleCallback });
    const { calls } = stubApi({
      ...sessionRoutes(rootUser, []),
      'GET /api/company/list': ok(page([companyRecord({ name: 'Idle Pumps Ltd.' })])),
    });
    startSession('tok-idle');
    const app = renderApp('/dashboard');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 10_000 });
    await waitFor(() => expect(idle.length).toBeGreaterThan(0));
    const before = calls.length;
    for (const callback of idle.splice(0)) callback({ didTimeout: false, timeRemaining: () => 50 });
    // the code is fetched, not the data: that waits for a pointer on an entry
    expect(calls.slice(before).filter((c) => pathOf(c).startsWith('/api/'))).toEqual([]);
    await userEvent.click(within(menu).getByText('Company'));
    await userEvent.click(await within(menu).findByRole('link', { name: 'Company list' }));
    await waitFor(() => expect(app.location()).toBe('/company/company_list'));
    expect(await within(await screen.findByRole('table')).findByText('Idle Pumps Ltd.')).toBeTruthy();
  });

  /** Holds the company list's answers back by `ms` (the other calls answer at once). */
  function slowList(ms: number) {
    const answered: number[] = [];
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const isList = String(input).includes('/api/company/list');
      if (isList) await new Promise((resolve) => setTimeout(resolve, ms));
      const response = await inner(input, init);
      if (isList) answered.push(Date.now());
      return response;
    });
    return answered;
  }

  /** Opens the company group; its list's entry. */
  async function companyEntry() {
    const menu = await screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 10_000 });
    await userEvent.click(within(menu).getByText('Company'));
    return within(menu).findByRole('link', { name: 'Company list' });
  }

  it('a click opens the list once its records have arrived, drawn with them at once, never empty first', async () => {
    stubApi({
      ...sessionRoutes(rootUser, []),
      'GET /api/company/list': ok(page([companyRecord({ name: 'Waited Pumps Ltd.' })])),
    });
    const answered = slowList(60);
    startSession('tok-wait');
    const app = renderApp('/dashboard');
    const entry = await companyEntry();
    // a table on screen without its rows, at any moment
    let emptyTable = false;
    const observer = new MutationObserver(() => {
      if (document.querySelector('.ant-table-tbody') && !document.querySelector('tr.ant-table-row'))
        emptyTable = true;
    });
    observer.observe(document.body, { childList: true, subtree: true });
    // the pointer arrives and presses at once
    fireEvent.pointerEnter(entry);
    fireEvent.click(entry);
    expect(app.location()).toBe('/dashboard');
    await waitFor(() => expect(app.location()).toBe('/company/company_list'));
    expect(answered).toHaveLength(1);
    expect(await within(await screen.findByRole('table')).findByText('Waited Pumps Ltd.')).toBeTruthy();
    observer.disconnect();
    expect(emptyTable).toBe(false);
  });

  it('opens the list without waiting longer than a moment for slow records, which show when they come', async () => {
    stubApi({
      ...sessionRoutes(rootUser, []),
      'GET /api/company/list': ok(page([companyRecord({ name: 'Slow Pumps Ltd.' })])),
    });
    const answered = slowList(1500);
    startSession('tok-slow');
    const app = renderApp('/dashboard');
    const entry = await companyEntry();
    const clicked = Date.now();
    fireEvent.click(entry);
    await waitFor(() => expect(app.location()).toBe('/company/company_list'), { timeout: 1000 });
    expect(Date.now() - clicked).toBeLessThan(1500);
    expect(answered).toHaveLength(0);
    expect(await screen.findByText('Slow Pumps Ltd.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('opens pages in the order they were clicked, and leaves a click with a modifier key to the link', async () => {
    stubApi({
      ...sessionRoutes(rootUser, []),
      'GET /api/company/list': ok(page([companyRecord({ name: 'Ordered Pumps Ltd.' })])),
    });
    slowList(300);
    startSession('tok-order');
    const app = renderApp('/dashboard');
    const entry = await companyEntry();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    fireEvent.click(entry, { ctrlKey: true });
    fireEvent.click(entry, { button: 1 });
    expect(app.location()).toBe('/dashboard');
    // the company list waits on its slow records; the dashboard, clicked after it, opens after it
    fireEvent.click(entry);
    fireEvent.click(within(menu).getByRole('link', { name: 'Dashboard' }));
    // each page is shown on its way (it has its tab), and the last clicked stays open
    const tabs = screen.getByRole('navigation', { name: 'Open pages' });
    await waitFor(() => expect(within(tabs).getByRole('button', { name: 'Company list' })).toBeTruthy());
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(app.location()).toBe('/dashboard');
  });
});
