import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertRootRemains } from '../src/access/root-guard';
import { adminUser, role, userRole } from '../src/db/schema';
import { createAccount, menuId, resourceId, resourcesUnder, roleId } from './access-fixtures';
import { createTestApp, login, type TestApp } from './helpers';

// Roles: CRUD, the permission tree assignment, granting only what one holds, never changing one's own roles,
// rights taken away on the very next request, the reserved root role and the last-root rule, and 403 on
// every role route for a role without the menu.

describe('roles', () => {
  let t: TestApp;
  let admin: string;
  const call = (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    lang = 'en',
  ) =>
    t.app.inject({
      method,
      url,
      headers: { 'x-token': token, 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const body = (over: Record<string, unknown> = {}) => ({
    code: 'auditor',
    name: { en: 'Auditor', zh: '审核员' },
    status: 'enabled',
    remark: '',
    permissionIds: [],
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
  });
  afterAll(() => t.close());

  it('creates, reads back, lists, changes and deletes a role with its permissions', async () => {
    const bannerList = await menuId(t.db, '/banner/banner_list');
    const bannerCreate = await resourceId(t.db, 'POST', '/api/banner');
    const created = await call(
      admin,
      'POST',
      '/api/role',
      body({ permissionIds: [bannerList, bannerCreate] }),
    );
    expect(created.statusCode).toBe(200);
    const id = created.json().content.id as number;
    const read = (await call(admin, 'GET', `/api/role/${id}`)).json().content;
    expect(read).toMatchObject({ code: 'auditor', name: { en: 'Auditor', zh: '审核员' }, status: 'enabled' });
    expect(read.permissionIds).toEqual([bannerList, bannerCreate].sort((a, b) => a - b));

    const list = (await call(admin, 'GET', '/api/role/list?keyword=审核')).json().content;
    expect(list.list.map((r: { code: string }) => r.code)).toEqual(['auditor']);

    const changed = await call(
      admin,
      'PUT',
      `/api/role/${id}`,
      body({ remark: 'reads banners', permissionIds: [bannerList] }),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().content).toMatchObject({ remark: 'reads banners', permissionIds: [bannerList] });

    expect((await call(admin, 'POST', `/api/role/disable/${id}`)).json().content.status).toBe('disabled');
    expect((await call(admin, 'POST', `/api/role/enable/${id}`)).json().content.status).toBe('enabled');

    expect((await call(admin, 'DELETE', `/api/role/${id}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/api/role/${id}`)).statusCode).toBe(404);
  });

  it('refuses the reserved code, a duplicate code, a missing Chinese name and unknown permissions', async () => {
    const root = await call(admin, 'POST', '/api/role', body({ code: 'root' }), 'zh');
    expect(root.statusCode).toBe(409);
    expect(root.json().message).toContain('root');
    expect((await call(admin, 'POST', '/api/role', body({ code: 'editor' }))).statusCode).toBe(409);
    const noZh = await call(admin, 'POST', '/api/role', body({ name: { en: 'X', zh: ' ' } }));
    expect(noZh.statusCode).toBe(400);
    expect(JSON.stringify(noZh.json().content)).toContain('name.zh');
    const unknown = await call(
      admin,
      'POST',
      '/api/role',
      body({ code: 'ghost', permissionIds: [99_999_999] }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('permissionIds');
  });

  it('keeps root reserved: not editable, not disabled, not deleted', async () => {
    const rootId = await roleId(t.db, 'root');
    for (const [method, url] of [
      ['PUT', `/api/role/${rootId}`],
      ['POST', `/api/role/disable/${rootId}`],
      ['DELETE', `/api/role/${rootId}`],
    ] as const) {
      const res = await call(admin, method, url, method === 'PUT' ? body({ code: 'root' }) : undefined);
      expect(res.statusCode, url).toBe(409);
    }
    const [row] = await t.db.select().from(role).where(eq(role.id, rootId));
    expect(row!.status).toBe('enabled');
  });

  describe('a staff member managing roles', () => {
    let manager: string;
    let managerRole: number;
    beforeAll(async () => {
      const permissionIds = [
        await menuId(t.db, '/adminManage'),
        await menuId(t.db, '/adminManage/role_list'),
        ...(await resourcesUnder(t.db, '/adminManage/role_list')),
        await menuId(t.db, '/banner/banner_list'),
      ];
      const res = await call(admin, 'POST', '/api/role', body({ code: 'role_manager', permissionIds }));
      managerRole = res.json().content.id;
      await createAccount(t.db, 'manager', 'manager123', [managerRole]);
      manager = await login(t.app, 'manager', 'manager123');
    });

    it('grants what they hold and is refused, by name in both languages, what they do not', async () => {
      const bannerList = await menuId(t.db, '/banner/banner_list');
      const tagList = await menuId(t.db, '/company/company_tag_list');
      const ok = await call(
        manager,
        'POST',
        '/api/role',
        body({ code: 'banner_reader', permissionIds: [bannerList] }),
      );
      expect(ok.statusCode).toBe(200);
      const en = await call(manager, 'POST', '/api/role', body({ code: 'tagger', permissionIds: [tagList] }));
      expect(en.statusCode).toBe(403);
      expect(en.json().message).toContain('Company tags');
      const zh = await call(
        manager,
        'POST',
        '/api/role',
        body({ code: 'tagger', permissionIds: [tagList] }),
        'zh',
      );
      expect(zh.json().message).toContain('企业标签');
      // Adding it to an existing role is refused alike; the role is unchanged.
      const id = ok.json().content.id;
      const put = await call(
        manager,
        'PUT',
        `/api/role/${id}`,
        body({ code: 'banner_reader', permissionIds: [bannerList, tagList] }),
      );
      expect(put.statusCode).toBe(403);
      expect((await call(admin, 'GET', `/api/role/${id}`)).json().content.permissionIds).toEqual([
        bannerList,
      ]);
    });

    it('cannot change, disable or delete a role they hold', async () => {
      for (const [method, url] of [
        ['PUT', `/api/role/${managerRole}`],
        ['POST', `/api/role/disable/${managerRole}`],
        ['DELETE', `/api/role/${managerRole}`],
      ] as const) {
        const res = await call(
          manager,
          method,
          url,
          method === 'PUT' ? body({ code: 'role_manager' }) : undefined,
        );
        expect(res.statusCode, url).toBe(403);
        expect(res.json().message).toContain('Auditor');
      }
    });
  });

  it('takes a removed permission, or a disabled role, away on the next request of a live session', async () => {
    const bannerList = await menuId(t.db, '/banner/banner_list');
    const res = await call(
      admin,
      'POST',
      '/api/role',
      body({ code: 'banner_viewer', permissionIds: [bannerList] }),
    );
    const id = res.json().content.id;
    await createAccount(t.db, 'viewer', 'viewer123', [id]);
    const viewer = await login(t.app, 'viewer', 'viewer123');
    // Twice, so the permission set is cached.
    expect((await call(viewer, 'GET', '/api/banner/list')).statusCode).toBe(200);
    expect((await call(viewer, 'GET', '/api/banner/list')).statusCode).toBe(200);

    await call(admin, 'PUT', `/api/role/${id}`, body({ code: 'banner_viewer', permissionIds: [] }));
    expect((await call(viewer, 'GET', '/api/banner/list')).statusCode).toBe(403);

    await call(admin, 'PUT', `/api/role/${id}`, body({ code: 'banner_viewer', permissionIds: [bannerList] }));
    expect((await call(viewer, 'GET', '/api/banner/list')).statusCode).toBe(200);
    await call(admin, 'POST', `/api/role/disable/${id}`);
    expect((await call(viewer, 'GET', '/api/banner/list')).statusCode).toBe(403);
    const menu = (await call(viewer, 'GET', '/api/user/get_login_menu')).json().content;
    expect(menu).toEqual([]);
  });

  it('lists who holds a role and what it opens', async () => {
    const bannerList = await menuId(t.db, '/banner/banner_list');
    const bannerCreate = await resourceId(t.db, 'POST', '/api/banner');
    const res = await call(
      admin,
      'POST',
      '/api/role',
      body({ code: 'banner_writer', permissionIds: [bannerList, bannerCreate] }),
    );
    const id = res.json().content.id;
    const userId = await createAccount(t.db, 'writer', 'writer123', [id]);
    const holders = (await call(admin, 'GET', `/api/role/${id}/holders`)).json().content;
    expect(holders.map((h: { account: string }) => h.account)).toEqual(['writer']);

    const access = (await call(admin, 'GET', `/api/role/${id}/access`)).json().content;
    expect(access.menus.map((m: { url: string }) => m.url)).toEqual(['/banner/banner_list']);
    const routes = access.routes.map((r: { method: string; url: string }) => `${r.method} ${r.url}`);
    expect(routes).toContain('GET /api/banner/list');
    expect(routes).toContain('POST /api/banner');
    expect(routes).not.toContain('DELETE /api/banner/:id');
    expect(routes).not.toContain('GET /api/company_tag/list');

    const byUser = (await call(admin, 'GET', `/api/role/access_by_user/${userId}`)).json().content;
    expect(byUser.roles.map((r: { code: string }) => r.code)).toEqual(['banner_writer']);
    expect(byUser.menus).toEqual(access.menus);
    expect(byUser.scope).toBeNull();
  });

  it('limits a supplier account to its company in its effective access', async () => {
    const created = await call(admin, 'POST', '/api/company', {
      name: 'Ningbo Access Hardware Co., Ltd.',
      logo: 'demo/logo-a.png',
      backgroundImg: 'demo/bg-a.png',
      account: 'accesssupplier',
      password: 'Supplier2025',
      telphone: '86-13800000000',
      introduce: 'Hand tools since 1998.',
      email: 'sales-access@example.com',
      countryCode: 'CN',
      belong: '330000/330200',
      belongAddress: 'No. 88 Jiangnan Road',
    });
    expect(created.statusCode, created.body).toBe(200);
    const [supplier] = await t.db.select().from(adminUser).where(eq(adminUser.account, 'accesssupplier'));
    const access = (await call(admin, 'GET', `/api/role/access_by_user/${supplier!.id}`)).json().content;
    expect(access.scope).toEqual({
      companyId: created.json().content.id,
      companyName: 'Ningbo Access Hardware Co., Ltd.',
    });
    expect(access.roles.map((r: { code: string }) => r.code)).toEqual(['supplier']);
    expect(access.menus.length).toBeGreaterThan(0);
  });

  it('refuses the change that would leave no enabled account with root', async () => {
    const [adminRow] = await t.db.select().from(adminUser).where(eq(adminUser.account, 'admin'));
    const rootId = await roleId(t.db, 'root');
    await expect(
      assertRootRemains(t.db, { kind: 'disableAccount', userId: adminRow!.id }),
    ).rejects.toMatchObject({
      key: 'lastRoot',
    });
    await expect(
      assertRootRemains(t.db, { kind: 'setRoles', userId: adminRow!.id, roleIds: [] }),
    ).rejects.toMatchObject({ key: 'lastRoot' });
    await expect(assertRootRemains(t.db, { kind: 'disableRole', roleId: rootId })).rejects.toMatchObject({
      key: 'lastRoot',
    });
    // With a second root holder, one of them may go.
    const second = await createAccount(t.db, 'second_root', 'second123', [rootId]);
    await expect(
      assertRootRemains(t.db, { kind: 'deleteAccount', userId: adminRow!.id }),
    ).resolves.toBeUndefined();
    await t.db.update(adminUser).set({ status: 'disabled' }).where(eq(adminUser.id, second));
    await expect(
      assertRootRemains(t.db, { kind: 'removeRole', userId: adminRow!.id, roleId: rootId }),
    ).rejects.toMatchObject({ key: 'lastRoot' });
    await t.db.delete(userRole).where(eq(userRole.userId, second));
  });

  it('answers 403 on every role and permission route to a role without their menus', async () => {
    const bannerList = await menuId(t.db, '/banner/banner_list');
    const res = await call(
      admin,
      'POST',
      '/api/role',
      body({ code: 'outsider', permissionIds: [bannerList] }),
    );
    await createAccount(t.db, 'outsider', 'outsider123', [res.json().content.id]);
    const outsider = await login(t.app, 'outsider', 'outsider123');
    const routes = t.app.routeTable.filter(
      (r) =>
        /^\/api\/(role|permission)\b/.test(r.url) &&
        r.access?.kind !== 'login' &&
        r.method !== 'HEAD' &&
        !r.url.includes('list_by_user'),
    );
    expect(routes.length).toBeGreaterThanOrEqual(14);
    const payload: Record<string, unknown> = {
      POST: body({ code: 'sneaky' }),
      PUT: body({ code: 'sneaky' }),
    };
    for (const r of routes) {
      const url = r.url.replace(':id', '1');
      const answer = await call(outsider, r.method as 'GET', url, payload[r.method]);
      expect(answer.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });
});
