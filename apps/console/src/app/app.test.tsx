import { flattenRoutes, layoutRoutes } from '@organiser/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetClientState } from '../api/client';
import { changeLanguage } from '../i18n/i18n';
import { resolvePage } from '../pages/registry';
import { resetToken, sessionStore, startSession } from '../state/session';
import { resetTags } from '../state/tags-view';
import { ok, refusal, stubApi } from '../test/fetch-stub';
import { menuItem, renderApp, rootUser, sessionRoutes } from '../test/render-app';

const editor = { ...rootUser, nickname: 'Editor', account: 'editor', roles: ['editor'] };
const editorMenu = [
  menuItem(1, '/banner/banner_list', 'ShopOutlined'),
  menuItem(2, '/company/company_tag_list'),
];
const captcha = {
  'GET /api/user/captcha': ok({ token: 'cap-1', svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' }),
};

beforeEach(async () => {
  resetClientState();
  resetToken();
  resetTags();
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('guard and login', () => {
  it('sends a visitor to /login with the page asked for, then back to it after a wrong and a right captcha', async () => {
    let attempts = 0;
    stubApi({
      ...captcha,
      ...sessionRoutes(editor, editorMenu),
      'POST /api/user/login': (init) => {
        attempts += 1;
        const code = (init?.body as FormData | undefined)?.get('checkCode');
        return code === 'right'
          ? ok({ token: 'tok-login' })
          : refusal(40010, 'The verification code is incorrect', 400, { field: 'checkCode' });
      },
    });
    const app = renderApp('/banner/banner_list?page=2');
    await waitFor(() => expect(app.location()).toBe('/login?redirect=%2Fbanner%2Fbanner_list%3Fpage%3D2'));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Account'), 'editor');
    await user.type(screen.getByLabelText('Password'), 'editor123');
    await user.type(screen.getByLabelText('Verification code'), 'wrong{Enter}');
    expect(await screen.findByText('The verification code is incorrect')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Verification code').value).toBe('');
    await user.type(screen.getByLabelText('Verification code'), 'right{Enter}');
    await waitFor(() => expect(app.location()).toBe('/banner/banner_list?page=2'));
    expect(attempts).toBe(2);
    expect(sessionStore.get().token).toBe('tok-login');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 5000 });
    expect(within(menu).getByText('Banner list')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Banner list - Organiser Console'));
  });

  it('sends a signed-in user away from /login', async () => {
    stubApi({ ...captcha, ...sessionRoutes() });
    startSession('tok-a');
    const app = renderApp('/login');
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
  });

  it('clears the token and returns to login when the user info cannot be loaded', async () => {
    stubApi({
      ...captcha,
      ...sessionRoutes({ ...rootUser, roles: [] }),
    });
    startSession('tok-b');
    const app = renderApp('/company/company_list');
    await waitFor(() => expect(app.location()).toBe('/login?redirect=%2Fcompany%2Fcompany_list'));
    expect(sessionStore.get().token).toBeNull();
    expect(await screen.findByText('Verification failed, please Login again.')).toBeTruthy();
  });
});

describe('menu visibility and routes', () => {
  it('shows only the permitted menu, with the permission icon, and a 401 for other pages', async () => {
    stubApi({ ...captcha, ...sessionRoutes(editor, editorMenu) });
    startSession('tok-c');
    const app = renderApp('/dashboard');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 5000 });
    expect(within(menu).getByText('Dashboard')).toBeTruthy();
    expect(within(menu).getByText('Banner list')).toBeTruthy();
    expect(within(menu).getByText('Company tags')).toBeTruthy();
    expect(within(menu).queryByText('Company list')).toBeNull();
    expect(within(menu).queryByText('System')).toBeNull();
    // the permission's icon replaces the route's (PictureOutlined)
    const bannerItem = within(menu).getByText('Banner list').closest('li')!;
    expect(bannerItem.querySelector('[aria-label="shop"]')).toBeTruthy();
    expect(bannerItem.querySelector('[aria-label="picture"]')).toBeNull();
    await app.router.navigate('/company/company_list');
    await waitFor(() => expect(app.location()).toBe('/401'));
    await app.router.navigate('/no/such/page');
    await waitFor(() => expect(app.location()).toBe('/404'));
  });

  it('redirects / to the dashboard and a group to its first page', async () => {
    stubApi({ ...captcha, ...sessionRoutes(editor, editorMenu) });
    startSession('tok-d');
    const app = renderApp('/');
    await waitFor(() => expect(app.location()).toBe('/dashboard'), { timeout: 5000 });
    await app.router.navigate('/company');
    await waitFor(() => expect(app.location()).toBe('/company/company_tag_list'));
  });

  it('has a screen for every catalogue page: none is left "not available yet"', () => {
    const unbuilt = flattenRoutes(layoutRoutes)
      .filter((r) => !r.isGroup && r.view && !resolvePage(r.view))
      .map((r) => r.fullPath);
    expect(unbuilt).toEqual([]);
  });
});

describe('layout', () => {
  it('keeps tabs, closes one with the middle button and others from the context menu', async () => {
    stubApi({ ...captcha, ...sessionRoutes() });
    startSession('tok-f');
    const app = renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Open pages' }, { timeout: 5000 });
    const strip = screen.getByRole('navigation', { name: 'Open pages' });
    for (const [path, title] of [
      ['/banner/banner_list?page=3', 'Banner list'],
      ['/company/company_list', 'Company list'],
      ['/profile/index', 'Profile'],
    ] as const) {
      await app.router.navigate(path);
      await within(strip).findByRole('button', { name: title });
    }
    expect(within(strip).queryByRole('button', { name: 'Close Dashboard' })).toBeNull();

    // going back to a tab restores its query (list state)
    fireEvent.click(within(strip).getByRole('button', { name: 'Banner list' }));
    await waitFor(() => expect(app.location()).toBe('/banner/banner_list?page=3'));

    // middle-click closes a tab
    const companyTab = within(strip).getByRole('button', { name: 'Company list' }).closest('li')!;
    companyTab.dispatchEvent(new MouseEvent('auxclick', { button: 1, bubbles: true }));
    await waitFor(() => expect(within(strip).queryByRole('button', { name: 'Company list' })).toBeNull());

    // right-click → Close Others keeps the pinned dashboard and the chosen tab, and shows it
    const menuEntry = async (label: string) =>
      (await screen.findAllByText(label, { selector: '.ant-dropdown-menu-title-content' })).at(-1)!;
    fireEvent.contextMenu(within(strip).getByRole('button', { name: 'Profile' }));
    fireEvent.click(await menuEntry('Close Others'));
    await waitFor(() => expect(app.location()).toBe('/profile/index'));
    expect([...strip.querySelectorAll('.app-tag-title')].map((b) => b.textContent)).toEqual([
      'Dashboard',
      'Profile',
    ]);

    // right-click the dashboard → Close All while another page is shown: no page is left without its tab
    fireEvent.contextMenu(within(strip).getByRole('button', { name: 'Dashboard' }));
    fireEvent.click(await menuEntry('Close All'));
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
    expect([...strip.querySelectorAll('.app-tag-title')].map((b) => b.textContent)).toEqual(['Dashboard']);
  });

  it('finds a page with Ctrl+K and Enter', async () => {
    stubApi({ ...captcha, ...sessionRoutes() });
    startSession('tok-g');
    const app = renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByRole('combobox', { name: 'Search menu' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    await user.type(input, 'banner positions');
    expect(await screen.findByText('Banner > Banner positions')).toBeTruthy();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(app.location()).toBe('/banner/banner_position_list'));
  });

  it('switches the language of the menu, the title and antd texts without a reload', async () => {
    stubApi({ ...captcha, ...sessionRoutes() });
    startSession('tok-h');
    renderApp('/profile/index');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '中文' }));
    expect(await screen.findByText('切换语言成功')).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByRole('navigation', { name: '主菜单' })).getByText('首页')).toBeTruthy(),
    );
    expect(menu).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('个人中心 - 主办方管理后台'));
    // antd's own text (the textarea counter is ours; the upload and form texts follow the locale)
    expect(screen.getByRole('button', { name: '保 存' })).toBeTruthy();
  });

  it('logs out: the token, stored info and tabs are cleared and /login opens', async () => {
    const { calls } = stubApi({ ...captcha, ...sessionRoutes() });
    startSession('tok-i');
    const app = renderApp('/profile/index');
    await screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log Out' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(calls.some((c) => c.url.endsWith('/api/user/logout'))).toBe(true);
    expect(sessionStore.get()).toMatchObject({ token: null, user: null, roles: [], permissions: [] });
    expect(localStorage.getItem('userInfo')).toBeNull();
  });
});
