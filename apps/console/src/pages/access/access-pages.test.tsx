import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, renderPage, routeNamed, signIn } from '../../engine/test/harness';
import type { PermissionEntry } from './api';
import { PermissionFormPage } from './permission-form-page';
import { PermissionListPage } from './permission-list-page';
import { RoleEditPage } from './role-edit-page';
import { RoleListPage } from './role-list-page';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const entry = (over: Partial<PermissionEntry> & Pick<PermissionEntry, 'id'>): PermissionEntry => ({
  parentId: null,
  type: 'menu',
  icon: null,
  name: { en: `P${over.id}`, zh: `权限${over.id}` },
  method: '',
  url: `/p${over.id}`,
  sortNo: over.id,
  status: 'enabled',
  builtIn: true,
  stale: false,
  roles: 0,
  grantable: true,
  ...over,
});

const tree = [
  entry({ id: 1, name: { en: 'Banner', zh: '横幅管理' }, url: '/banner' }),
  entry({ id: 2, parentId: 1, name: { en: 'Banner list', zh: '横幅列表' }, url: '/banner/banner_list' }),
  entry({
    id: 3,
    parentId: 2,
    type: 'resource',
    method: 'POST',
    url: '/api/banner',
    name: { en: 'Add banner', zh: '新增横幅' },
  }),
  entry({
    id: 4,
    parentId: 2,
    type: 'resource',
    method: 'POST',
    url: '/api/banner/retired',
    name: { en: 'Retired call', zh: '已废弃接口' },
    stale: true,
  }),
  entry({
    id: 5,
    parentId: 1,
    builtIn: false,
    url: 'https://help.example.com/',
    name: { en: 'Help', zh: '帮助' },
    roles: 1,
  }),
];

describe('role editor', { timeout: 60_000 }, () => {
  it('loads a role, changes its tree and saves the checked ids with the names', async () => {
    signIn();
    const api = fakeApi()
      .on('GET /api/role/7', () =>
        ok({
          id: 7,
          code: 'reader',
          name: { en: 'Reader', zh: '读者' },
          status: 'enabled',
          remark: '',
          builtIn: false,
          holders: 1,
          permissionIds: [1, 2],
        }),
      )
      .on('GET /api/role/permission_tree', () => ok(tree))
      .on('GET /api/role/7/holders', () =>
        ok([
          { id: 3, account: 'editor', nickname: 'Editor', type: 'admin', companyId: null, status: 'enabled' },
        ]),
      )
      .on('GET /api/role/7/access', () =>
        ok({
          root: false,
          roles: [],
          menus: [
            {
              id: 2,
              parentId: 1,
              url: '/banner/banner_list',
              icon: null,
              name: { en: 'Banner list', zh: '横幅列表' },
            },
          ],
          routes: [{ method: 'GET', url: '/api/banner/list', access: 'menu' }],
          scope: null,
        }),
      )
      .on('PUT /api/role/:id', (call) => ok({ id: 7, ...(call.body as object) }));
    await renderPage(RoleEditPage, routeNamed('RoleEdit'), { url: '/adminManage/role/role_edit/7' });
    expect(await screen.findByDisplayValue('Reader')).toBeTruthy();
    // who holds it, and what it opens
    expect(await screen.findByText('editor')).toBeTruthy();
    expect(await screen.findByText('/api/banner/list')).toBeTruthy();
    // the page's write, checked on its own
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search permissions (English or Chinese)' }),
      'add',
    );
    const node = (await screen.findByText('Add banner')).closest('.ant-tree-treenode') as HTMLElement;
    await userEvent.click(node.querySelector('.ant-tree-checkbox') as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/role/7')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/role/7')[0]!.body).toEqual({
      code: 'reader',
      name: { en: 'Reader', zh: '读者' },
      status: 'enabled',
      remark: '',
      permissionIds: [1, 2, 3],
    });
  });
});

const reader = {
  id: 7,
  code: 'reader',
  name: { en: 'Reader', zh: '读者' },
  status: 'enabled',
  remark: '',
  builtIn: false,
  holders: 0,
  permissionIds: [1, 2],
};

/** Leaves with the page's back button: the unsaved-changes question first; Stay keeps the page, Leave goes. */
async function leaveAsksFirst(
  page: Awaited<ReturnType<typeof renderPage>>,
  back: RegExp,
  here: string,
  there: string,
) {
  await userEvent.click(screen.getByRole('button', { name: back }));
  const dialog = await screen.findByRole('dialog');
  expect(
    within(dialog).getByText('Your changes on this page have not been saved and will be lost.'),
  ).toBeTruthy();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
  expect(page.router.state.location.pathname).toBe(here);
  await userEvent.click(screen.getByRole('button', { name: back }));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
  await waitFor(() => expect(page.router.state.location.pathname).toBe(there));
}

describe('unsaved changes', { timeout: 60_000 }, () => {
  it('the role editor asks before leaving with a changed grant, and not when nothing changed', async () => {
    signIn();
    fakeApi()
      .on('GET /api/role/7', () => ok(reader))
      .on('GET /api/role/permission_tree', () => ok(tree))
      .on('GET /api/role/7/holders', () => ok([]))
      .on('GET /api/role/7/access', () => ok({ root: false, roles: [], menus: [], routes: [], scope: null }));
    const url = '/adminManage/role/role_edit/7';
    let page = await renderPage(RoleEditPage, routeNamed('RoleEdit'), { url });
    expect(await screen.findByDisplayValue('Reader')).toBeTruthy();
    // nothing changed: the back button leaves at once
    await userEvent.click(screen.getByRole('button', { name: /Back to the roles/ }));
    await waitFor(() => expect(page.router.state.location.pathname).toBe('/adminManage/role_list'));
    expect(screen.queryByRole('dialog')).toBeNull();
    page.unmount();

    page = await renderPage(RoleEditPage, routeNamed('RoleEdit'), { url });
    expect(await screen.findByDisplayValue('Reader')).toBeTruthy();
    const node = (await screen.findByText('Banner list')).closest('.ant-tree-treenode') as HTMLElement;
    await userEvent.click(node.querySelector('.ant-tree-checkbox') as HTMLElement);
    await leaveAsksFirst(page, /Back to the roles/, url, '/adminManage/role_list');
  });

  it('the permission form asks before leaving with a changed name', async () => {
    signIn();
    fakeApi()
      .on('GET /api/permission/5', () => ok(tree[4]))
      .on('GET /api/permission/list', () => ok(tree));
    const url = '/systemManage/permission_edit/5';
    const page = await renderPage(PermissionFormPage, routeNamed('PermissionEdit'), { url });
    const name = (await screen.findByDisplayValue('Help')) as HTMLInputElement;
    await userEvent.type(name, ' centre');
    await leaveAsksFirst(page, /Back to the permissions/, url, '/adminManage/permission_list');
  });
});

describe('role list', { timeout: 60_000 }, () => {
  const roles = (call: { query: URLSearchParams }) =>
    ok({
      list: [{ ...reader, remark: 'Reads banners' }],
      total: 41,
      page: Number(call.query.get('page') ?? 1),
      size: 20,
    });

  it('keeps its search and page in the URL, under the list call’s own names', async () => {
    signIn();
    const api = fakeApi().on('GET /api/role/list', roles);
    const page = await renderPage(RoleListPage, routeNamed('RoleList'), {
      url: '/adminManage/role_list?keyword=rea&status=enabled&page=2',
    });
    expect(await screen.findByText('Reader')).toBeTruthy();
    const first = api.callsTo('GET', '/api/role/list')[0]!.query;
    expect([first.get('keyword'), first.get('status'), first.get('page')]).toEqual(['rea', 'enabled', '2']);
    const form = screen.getByRole('search', { name: 'Search roles' });
    const keyword = within(form).getByPlaceholderText('Search name or code') as HTMLInputElement;
    expect(keyword.value).toBe('rea');
    await userEvent.clear(keyword);
    await userEvent.type(keyword, 'writer');
    await userEvent.click(within(form).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(page.router.state.location.search).toBe('?keyword=writer&status=enabled'));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/role/list').at(-1)!.query.get('keyword')).toBe('writer'),
    );
    await userEvent.click(within(form).getByRole('button', { name: /Reset/ }));
    await waitFor(() => expect(page.router.state.location.search).toBe(''));
  });

  it('hides a column through the column settings, as the engine lists do', async () => {
    signIn();
    fakeApi().on('GET /api/role/list', roles);
    await renderPage(RoleListPage, routeNamed('RoleList'), { url: '/adminManage/role_list' });
    expect(await screen.findByText('Reads banners')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Column settings' }));
    const settings = await screen.findByRole('list', { name: 'Columns' });
    await userEvent.click(within(settings).getByRole('checkbox', { name: 'Remark' }));
    await waitFor(() => expect(screen.queryByText('Reads banners')).toBeNull());
    expect(screen.queryByRole('columnheader', { name: 'Remark' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
  });
});

describe('permission list', { timeout: 60_000 }, () => {
  it('filters by the keyword of its URL, showing the groups above the matches, and keeps the routes-gone switch there', async () => {
    signIn();
    fakeApi().on('GET /api/permission/list', () => ok(tree));
    const page = await renderPage(PermissionListPage, routeNamed('PermissionList'), {
      url: '/adminManage/permission_list?keyword=help',
    });
    expect(await screen.findByText('Help')).toBeTruthy();
    expect(screen.getByText('Banner')).toBeTruthy();
    expect(screen.queryByText('Banner list')).toBeNull();
    const form = screen.getByRole('search', { name: 'Search permissions' });
    await userEvent.click(within(form).getByRole('button', { name: /Reset/ }));
    await waitFor(() => expect(page.router.state.location.search).toBe(''));
    await userEvent.click(screen.getByText('Only routes gone (1)'));
    await waitFor(() => expect(page.router.state.location.search).toBe('?stale=true'));
  });

  it('shows built-in and stale entries and filters to the routes gone', async () => {
    signIn();
    fakeApi().on('GET /api/permission/list', () => ok(tree));
    await renderPage(PermissionListPage, routeNamed('PermissionList'), {
      url: '/adminManage/permission_list',
    });
    expect(await screen.findByText('Banner')).toBeTruthy();
    await userEvent.click(screen.getByText('Only routes gone (1)'));
    expect(await screen.findByText('Retired call')).toBeTruthy();
    const row = screen.getByText('Retired call').closest('tr') as HTMLElement;
    expect(within(row).getByText('Route gone')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Help')).toBeNull());
  });

  it('has the engine lists’ heading buttons: Add with its icon, then Reload', async () => {
    signIn();
    const api = fakeApi().on('GET /api/permission/list', () => ok(tree));
    await renderPage(PermissionListPage, routeNamed('PermissionList'), {
      url: '/adminManage/permission_list',
    });
    expect(await screen.findByText('Banner')).toBeTruthy();
    const header = screen.getByRole('heading', { name: 'Permissions' }).closest('header') as HTMLElement;
    expect(header.classList.contains('entity-page-header')).toBe(true);
    const add = within(header).getByRole('button', { name: /Add permission/ });
    expect(add.querySelector('.anticon-plus')).not.toBeNull();
    const calls = api.callsTo('GET', '/api/permission/list').length;
    await userEvent.click(within(header).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/permission/list').length).toBeGreaterThan(calls));
  });

  it('asks again, naming the roles, before deleting a permission roles hold (in Chinese)', async () => {
    signIn();
    const api = fakeApi()
      .on('GET /api/permission/list', () => ok(tree))
      .on('DELETE /api/permission/:id', (call) =>
        call.query.get('confirm') === 'true'
          ? ok({ id: 5 })
          : {
              status: 409,
              body: {
                success: false,
                code: 40926,
                message: '以下角色拥有该权限：读者。',
                content: { roles: [{ id: 7, name: { en: 'Reader', zh: '读者' } }] },
              },
            },
      );
    await renderPage(PermissionListPage, routeNamed('PermissionList'), {
      url: '/adminManage/permission_list',
      lang: 'zh',
    });
    // the tree opens to show the custom entry under its group
    const group = (await screen.findByText('横幅管理')).closest('tr') as HTMLElement;
    await userEvent.click(group.querySelector('button.ant-table-row-expand-icon') as HTMLElement);
    const row = (await screen.findByText('帮助')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /删\s*除/ }));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/读者/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/permission/5')).toHaveLength(2));
    expect(api.callsTo('DELETE', '/api/permission/5')[1]!.query.get('confirm')).toBe('true');
  });
});
