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
});
