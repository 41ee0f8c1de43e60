import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeUploads, ok, renderPage, routeNamed, signIn } from '../../engine/test/harness';
import { AdminEditPage, AdminListPage, UserListPage } from './user-pages';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const user = (patch: Record<string, unknown> = {}) => ({
  id: 5,
  version: 1,
  createdAt: '2025-01-02T03:04:05.000Z',
  updatedAt: '2025-01-02T03:04:05.000Z',
  createdBy: null,
  updatedBy: null,
  account: 'buyer_lee',
  type: 'buyer',
  realname: 'Li Lei',
  email: 'lee@example.com',
  status: 'enabled',
  ...patch,
});

const page = (list: unknown[]) => ok({ list, total: list.length, page: 1, size: 20, totalIsEstimate: false });

/** The account import's answer to the check: a report row by row and the handle to import with. */
const checkReport = {
  dryRun: true,
  total: 2,
  valid: 1,
  invalid: 1,
  created: 1,
  updated: 0,
  ignoredColumns: [],
  rows: [
    { row: 2, id: null, action: 'create', errors: [] },
    { row: 3, id: null, action: 'create', errors: [{ path: 'email', message: 'Email is not valid' }] },
  ],
  handle: '6f1c2b8e-0000-4000-8000-000000000001',
};

describe('account screens', { timeout: 60_000 }, () => {
  it('resets a password from the row and shows the new one once, with a copy button', async () => {
    signIn();
    const api = fakeApi()
      .on('GET /api/user_manager/list', () => page([user()]))
      .on('POST /api/user_manager/reset_password/5', () => ok({ password: 'Abc123xyz789', mailed: false }));
    await renderPage(UserListPage, routeNamed('UserList'), { url: '/user/user_list' });
    await screen.findByText('buyer_lee');
    await userEvent.click(screen.getByRole('button', { name: /Reset password/ }));
    const confirm = await screen.findByRole('dialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/user_manager/reset_password/5')).toHaveLength(1));
    expect(await screen.findByText('Abc123xyz789')).toBeTruthy();
    // the reset is a write of the account: the list is read again
    await waitFor(() => expect(api.callsTo('GET', '/api/user_manager/list').length).toBeGreaterThan(1));
    expect(screen.getByText('Copy it now: it is shown only once.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /copy/i })).toBeTruthy();
  });

  it('checks an import file, shows the bad row in Chinese labels, and imports with the handle', async () => {
    signIn();
    const api = fakeApi()
      .on('GET /api/user_manager/list', () => page([user()]))
      .on('POST /api/user_manager/import', () =>
        ok({
          dryRun: false,
          total: 2,
          valid: 1,
          invalid: 1,
          created: 1,
          updated: 0,
          ignoredColumns: [],
          rows: [],
        }),
      );
    const urls = fakeUploads(() => checkReport);
    await renderPage(UserListPage, routeNamed('UserList'), { url: '/user/user_list', lang: 'zh' });
    await screen.findByText('buyer_lee');
    await userEvent.click(screen.getByRole('button', { name: /^导\s?入$/ }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['账号\nx'], 'users.csv', { type: 'text/csv' }));
    await within(dialog).findByText('Email is not valid');
    expect(urls).toEqual([expect.stringMatching(/\/api\/user_manager\/upload$/)]);
    expect(within(dialog).getByText('共 2 行：有效 1 行，有错误 1 行')).toBeTruthy();
    expect(within(dialog).getByText('邮箱')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /导入 1 行有效数据/ }));
    await waitFor(() => expect(api.callsTo('POST', '/api/user_manager/import')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/user_manager/import')[0]!.body).toEqual({
      handle: '6f1c2b8e-0000-4000-8000-000000000001',
    });
  });

  it('lists staff accounts from list_admin', async () => {
    signIn();
    const api = fakeApi().on('GET /api/user_manager/list_admin', () =>
      page([
        user({ id: 1, account: 'admin', type: 'admin', roles: [{ id: 1, name: 'Root', code: 'root' }] }),
      ]),
    );
    await renderPage(AdminListPage, routeNamed('AdminList'), { url: '/adminManage/admin_list' });
    await screen.findByText('admin');
    expect(api.callsTo('GET', '/api/user_manager/list')).toHaveLength(0);
  });

  it('opens the staff accounts on organiser staff, without the buyers’ columns', async () => {
    signIn();
    const api = fakeApi().on('GET /api/user_manager/list_admin', () =>
      page([user({ id: 1, account: 'admin', type: 'admin', points: 0 })]),
    );
    await renderPage(AdminListPage, routeNamed('AdminList'), { url: '/adminManage/admin_list' });
    await screen.findByText('admin');
    expect(api.callsTo('GET', '/api/user_manager/list_admin')[0]!.query.get('type')).toBe('admin');
    for (const buyerColumn of ['Points', 'Membership package', 'Company name'])
      expect(screen.queryByRole('columnheader', { name: buyerColumn })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Last sign-in' })).toBeTruthy();
    // the export holds what this list shows (staff, its filter), never the buyers of the user list's export
    await userEvent.click(screen.getByRole('button', { name: /Export/ }));
    await userEvent.click(await screen.findByText(/CSV/));
    expect(screen.queryByText(/for import/i)).toBeNull();
    await waitFor(() => expect(api.callsTo('GET', '/api/user_manager/export_admin')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/user_manager/export_admin')[0]!.query.get('type')).toBe('admin');
    expect(api.callsTo('GET', '/api/user_manager/export')).toHaveLength(0);
  });

  it('assigns roles to a staff account with the role picker', async () => {
    signIn();
    const api = fakeApi()
      .on('GET /api/user_manager/3', () => ok(user({ id: 3, account: 'ops', type: 'admin', loginId: 9 })))
      .on('GET /api/user_manager/sessions/3', () => ok([]))
      .on('POST /api/user_manager/get_user_interest/3', () => ok({ categoryIds: [] }))
      .on('POST /api/role/list_by_user', () =>
        ok([
          { id: 1, name: 'Root', code: 'root', status: 'enabled', assigned: false, assignable: true },
          { id: 2, name: 'Editor', code: 'editor', status: 'enabled', assigned: false, assignable: true },
        ]),
      )
      .on('POST /api/user_manager/config/3', () => ok([]))
      .on('GET /api/role/access_by_user/9', () =>
        ok({
          root: false,
          roles: [{ id: 2, code: 'editor', name: { en: 'Editor', zh: '编辑' }, status: 'enabled' }],
          menus: [
            {
              id: 40,
              parentId: null,
              url: '/banner/banner_list',
              icon: null,
              name: { en: 'Banner list', zh: '横幅列表' },
            },
          ],
          routes: [{ method: 'GET', url: '/api/banner/list', access: 'menu' }],
          scope: null,
        }),
      );
    await renderPage(AdminEditPage, routeNamed('AdminEdit'), { url: '/adminManage/admin/admin_edit/3' });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Editor (editor)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save roles' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/user_manager/config/3')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/user_manager/config/3')[0]!.body).toEqual({ ids: [2] });
    // a role assignment is a write of the account (a new version): the record is read again, so a save of the
    // form goes with the new version
    await waitFor(() => expect(api.callsTo('GET', '/api/user_manager/3').length).toBeGreaterThan(1));
    expect(api.callsTo('POST', '/api/role/list_by_user')[0]!.body).toEqual({ userId: 3 });
    expect(await screen.findByText('No open session')).toBeTruthy();
    // what the account's login may open, from its roles; read again after the roles were saved
    const access = (await screen.findByText('What this account may open')).closest(
      '.ant-card',
    ) as HTMLElement;
    expect(await within(access).findByText('Banner list')).toBeTruthy();
    expect(within(access).getByText('/api/banner/list')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', '/api/role/access_by_user/9')).toHaveLength(2));
  });
});
