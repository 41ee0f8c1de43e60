import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, renderPage, routeNamed, signIn } from '../../engine/test/harness';
import { LoginSecurityPage } from './login-security-page';

// The login-security list as the engine lists have it: its search and page in the URL under the list call's own
// names, a Reset, and the column settings.

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const logins = (call: { query: URLSearchParams }) =>
  ok({
    list: [
      {
        id: 4,
        account: 'annie',
        nickname: 'Annie Lee',
        type: 'admin',
        failedLogins: 5,
        lockedUntil: '2026-01-01T10:00:00Z',
        isLocked: true,
        lastLoginAt: null,
      },
    ],
    total: 45,
    page: Number(call.query.get('page') ?? 1),
    size: 20,
  });

describe('login security list', { timeout: 60_000 }, () => {
  it('reads its search and page from the URL, writes a new search there and resets it', async () => {
    signIn();
    const api = fakeApi().on('GET /api/login_security/list', logins);
    const page = await renderPage(LoginSecurityPage, routeNamed('LoginSecurity'), {
      url: '/systemManage/login_security?keyword=ann&locked=true&page=2',
    });
    expect(await screen.findByText('annie')).toBeTruthy();
    const first = api.callsTo('GET', '/api/login_security/list')[0]!.query;
    expect([first.get('keyword'), first.get('locked'), first.get('page')]).toEqual(['ann', 'true', '2']);
    const form = screen.getByRole('search', { name: 'Search logins' });
    const keyword = within(form).getByRole('textbox') as HTMLInputElement;
    expect(keyword.value).toBe('ann');
    expect((within(form).getByRole('checkbox', { name: 'Locked only' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await userEvent.clear(keyword);
    await userEvent.type(keyword, 'bob');
    await userEvent.click(within(form).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(page.router.state.location.search).toBe('?keyword=bob&locked=true'));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/login_security/list').at(-1)!.query.get('keyword')).toBe('bob'),
    );
    await userEvent.click(within(form).getByRole('button', { name: /Reset/ }));
    await waitFor(() => expect(page.router.state.location.search).toBe(''));
  });

  it('hides a column through the column settings and reloads on demand', async () => {
    signIn();
    const api = fakeApi().on('GET /api/login_security/list', logins);
    await renderPage(LoginSecurityPage, routeNamed('LoginSecurity'), { url: '/systemManage/login_security' });
    expect(await screen.findByText('Annie Lee')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Column settings' }));
    const settings = await screen.findByRole('list', { name: 'Columns' });
    await userEvent.click(within(settings).getByRole('checkbox', { name: 'Nickname' }));
    await waitFor(() => expect(screen.queryByText('Annie Lee')).toBeNull());
    expect(screen.getByText('annie')).toBeTruthy();
    const calls = api.callsTo('GET', '/api/login_security/list').length;
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/login_security/list').length).toBeGreaterThan(calls));
  });
});
