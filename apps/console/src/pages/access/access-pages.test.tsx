import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntityForm } from '../../engine';
import { fakeApi, ok, renderPage, routeNamed, signIn } from '../../engine/test/harness';
import type { PageProps } from '../../navigation/page-props';
import { PermissionListPage, RoleEditPage, RoleListPage } from './access-screens';

// The role and permission screens are the engine's list and form over `role` and `permission`, with the access
// pages' own parts as slots: the permission tree of the role form, its holders and what it opens, the reserved
// root role read-only, the stale mark and the delete that asks to confirm.

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const audit = {
  version: 3,
  createdAt: '2025-01-02T03:04:05.000Z',
  updatedAt: '2025-01-02T03:04:05.000Z',
  createdBy: null,
  updatedBy: null,
};

const entry = (id: number, over: Record<string, unknown> = {}) => ({
  ...audit,
  id,
  parentId: null,
  type: 'menu',
  icon: null,
  nameEn: `P${id}`,
  nameZh: `权限${id}`,
  name: { en: `P${id}`, zh: `权限${id}` },
  method: '',
  url: `/p${id}`,
  sortNo: id,
  status: 'enabled',
  builtIn: true,
  edited: false,
  stale: false,
  roles: 0,
  grantable: true,
  ...over,
});

const named = (en: string, zh: string) => ({ nameEn: en, nameZh: zh, name: { en, zh } });

const tree = [
  entry(1, { ...named('Banner', '横幅管理'), url: '/banner' }),
  entry(2, { ...named('Banner list', '横幅列表'), parentId: 1, url: '/banner/banner_list' }),
  entry(3, {
    ...named('Add banner', '新增横幅'),
    parentId: 2,
    type: 'resource',
    method: 'POST',
    url: '/api/banner',
  }),
  entry(4, {
    ...named('Retired call', '已废弃接口'),
    parentId: 2,
    type: 'resource',
    method: 'POST',
    url: '/api/banner/retired',
    stale: true,
  }),
  entry(5, {
    ...named('Help', '帮助'),
    parentId: 1,
    builtIn: false,
    url: 'https://help.example.com/',
    roles: 1,
  }),
];

const role = (over: Record<string, unknown> = {}) => ({
  ...audit,
  id: 7,
  code: 'reader',
  ...named('Reader', '读者'),
  status: 'enabled',
  remark: '',
  builtIn: false,
  holders: 1,
  permissionIds: [1, 2],
  ...over,
});

const listOf = (list: unknown[]) =>
  ok({ list, total: list.length, page: 1, size: 20, totalIsEstimate: false });

describe('role form', { timeout: 60_000 }, () => {
  it('shows who holds the role and what it opens, and saves the grants checked in the tree', async () => {
    signIn();
    const api = fakeApi()
      .on('GET /api/role/7', () => ok(role()))
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
      .on('PUT /api/role/:id', (call) => ok(role(call.body as Record<string, unknown>)));
    await renderPage(RoleEditPage, routeNamed('RoleEdit'), { url: '/adminManage/role/role_edit/7' });
    expect(await screen.findByDisplayValue('Reader')).toBeTruthy();
    expect(await screen.findByText('editor')).toBeTruthy();
    expect(await screen.findByText('/api/banner/list')).toBeTruthy();
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search permissions (English or Chinese)' }),
      'add',
    );
    const node = (await screen.findByText('Add banner')).closest('.ant-tree-treenode') as HTMLElement;
    await userEvent.click(node.querySelector('.ant-tree-checkbox') as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/role/7')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/role/7')[0]!.body).toMatchObject({
      code: 'reader',
      nameEn: 'Reader',
      nameZh: '读者',
      permissionIds: [1, 2, 3],
      version: 3,
    });
  });

  it('shows the reserved root role read-only, without Save', async () => {
    signIn();
    fakeApi()
      .on('GET /api/role/1', () =>
        ok(role({ id: 1, code: 'root', ...named('Root', '超级管理员'), builtIn: true })),
      )
      .on('GET /api/role/permission_tree', () => ok(tree))
      .on('GET /api/role/1/holders', () => ok([]))
      .on('GET /api/role/1/access', () => ok({ root: true, roles: [], menus: [], routes: [], scope: null }));
    await renderPage(RoleEditPage, routeNamed('RoleEdit'), { url: '/adminManage/role/role_edit/1' });
    const name = (await screen.findByDisplayValue('Root')) as HTMLInputElement;
    expect(name.disabled).toBe(true);
    expect((screen.getByDisplayValue('root') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
  });
});

describe('role list', { timeout: 60_000 }, () => {
  it('reads its search and page from the URL and opens the add page at role_edit/new', async () => {
    signIn();
    const api = fakeApi().on('GET /api/role/list', () => listOf([role({ remark: 'Reads banners' })]));
    const page = await renderPage(RoleListPage, routeNamed('RoleList'), {
      url: '/adminManage/role_list?keyword=rea&page=2',
    });
    expect(await screen.findByText('Reader')).toBeTruthy();
    const first = api.callsTo('GET', '/api/role/list')[0]!.query;
    expect([first.get('keyword'), first.get('page')]).toEqual(['rea', '2']);
    await userEvent.click(screen.getByRole('button', { name: 'Add role' }));
    await waitFor(() => expect(page.router.state.location.pathname).toBe('/adminManage/role/role_edit/new'));
  });
});

describe('role list: the reserved root role', { timeout: 60_000 }, () => {
  it('shows how many accounts hold each role, and offers no change of the root role', async () => {
    signIn();
    fakeApi().on('GET /api/role/list', () =>
      listOf([
        role({ id: 1, code: 'root', ...named('Root', '超级管理员'), builtIn: true, holders: 2 }),
        role(),
      ]),
    );
    await renderPage(RoleListPage, routeNamed('RoleList'), { url: '/adminManage/role_list' });
    const rootRow = (await screen.findByText('Root')).closest('tr') as HTMLElement;
    const readerRow = screen.getByText('Reader').closest('tr') as HTMLElement;
    expect(within(rootRow).getByText('Reserved')).toBeTruthy();
    expect(within(readerRow).queryByText('Reserved')).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Accounts' })).toBeTruthy();
    expect(within(rootRow).getByRole('cell', { name: '2' })).toBeTruthy();
    const actionsOf = (row: HTMLElement) =>
      within(row)
        .queryAllByRole('button')
        .map((b) => b.textContent?.replace(/\s/g, ''));
    expect(actionsOf(rootRow)).toEqual(['Edit', 'Details']);
    expect(actionsOf(readerRow)).toEqual(['Edit', 'Disable', 'Details', 'Delete']);
  });
});

describe('permission list', { timeout: 60_000 }, () => {
  it('marks a resource whose route is gone', async () => {
    signIn();
    fakeApi().on('GET /api/permission/tree', () => ok(tree));
    await renderPage(PermissionListPage, routeNamed('PermissionList'), {
      url: '/adminManage/permission_list',
    });
    const row = (await screen.findByText('/api/banner/retired')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Route gone')).toBeTruthy();
  });

  it('keeps to the entries whose route is gone when so filtered, from the URL', async () => {
    signIn();
    const api = fakeApi().on('GET /api/permission/tree', (call) =>
      ok(call.query.get('stale') === 'true' ? tree.filter((e) => e.stale || e.id <= 2) : tree),
    );
    await renderPage(PermissionListPage, routeNamed('PermissionList'), {
      url: '/adminManage/permission_list?stale=true',
    });
    expect(await screen.findByText('/api/banner/retired')).toBeTruthy();
    expect(screen.queryByText('/api/banner')).toBeNull();
    expect(api.callsTo('GET', '/api/permission/tree')[0]!.query.get('stale')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'Route gone' })).toBeTruthy();
  });

  it('asks again, naming the roles, before deleting a permission roles hold (in Chinese)', async () => {
    signIn();
    const api = fakeApi()
      .on('GET /api/permission/tree', () => ok(tree))
      .on('DELETE /api/permission/:id', (call) =>
        call.query.get('confirm') === 'true'
          ? ok(true)
          : {
              status: 409,
              body: {
                success: false,
                code: 40926,
                message: '以下角色拥有“https://help.example.com/”：读者。确认后将删除它并从中移除',
                content: { holders: [{ id: 7, name: { en: 'Reader', zh: '读者' } }] },
              },
            },
      );
    await renderPage(PermissionListPage, routeNamed('PermissionList'), {
      url: '/adminManage/permission_list',
      lang: 'zh',
    });
    const row = (await screen.findByText('https://help.example.com/')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /删\s*除/ }));
    const first = await screen.findByRole('dialog');
    await userEvent.click(within(first).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() =>
      expect(screen.getAllByRole('dialog').some((d) => /读者/.test(d.textContent ?? ''))).toBe(true),
    );
    const dialog = screen.getAllByRole('dialog').find((d) => /读者/.test(d.textContent ?? ''))!;
    await userEvent.click(within(dialog).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/permission/5')).toHaveLength(2));
    expect(api.callsTo('DELETE', '/api/permission/5')[0]!.query.get('confirm')).toBeNull();
    expect(api.callsTo('DELETE', '/api/permission/5')[1]!.query.get('confirm')).toBe('true');
  });
});

/** The catalogue's permission_edit/{id}: the engine's form over `permission`. */
function PermissionEdit({ route, params }: PageProps) {
  return <EntityForm entity="permission" id={params.id} title={route.title} />;
}

describe('permission form', { timeout: 60_000 }, () => {
  it('keeps a built-in entry’s type and url read-only and sends only its names, icon, order and status', async () => {
    signIn();
    const api = fakeApi()
      .on('GET /api/permission/3', () => ok(tree[2]))
      .on('GET /api/permission/tree', () => ok(tree))
      .on('PUT /api/permission/:id', (call) => ok({ ...tree[2], ...(call.body as object) }));
    await renderPage(PermissionEdit, routeNamed('PermissionEdit'), {
      url: '/systemManage/permission_edit/3',
    });
    const url = (await screen.findByDisplayValue('/api/banner')) as HTMLInputElement;
    expect(url.disabled).toBe(true);
    const name = screen.getByDisplayValue('Add banner') as HTMLInputElement;
    expect(name.disabled).toBe(false);
    await userEvent.type(name, ' (new)');
    await userEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/permission/3')).toHaveLength(1));
    const body = api.callsTo('PUT', '/api/permission/3')[0]!.body as Record<string, unknown>;
    expect(body.nameEn).toBe('Add banner (new)');
    expect(body).not.toHaveProperty('url');
    expect(body).not.toHaveProperty('type');
  });
});
