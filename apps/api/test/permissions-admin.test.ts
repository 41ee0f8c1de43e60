import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncPermissions } from '../src/db/permission-sync';
import { permission, role, rolePermission } from '../src/db/schema';
import { recordHistory } from '../src/db/schema/entities';
import { createAccount, menuId, resourceId, resourcesUnder } from './access-fixtures';
import { createTestApp, login, type TestApp } from './helpers';

// The permission tree screens' API: built-in entries keep their url, method, type and parent while their
// names, icon and order are editable and survive the start-up sync; custom entries; cycles refused; a
// resource whose route is gone is reported; deleting what roles hold needs a confirmation naming them.

type Entry = {
  id: number;
  parentId: number | null;
  type: string;
  url: string;
  method: string;
  builtIn: boolean;
  stale: boolean;
  name: { en: string; zh: string };
  icon: string | null;
  sortNo: number;
};

describe('permission administration', () => {
  let t: TestApp;
  let admin: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, lang = 'en') =>
    t.app.inject({
      method,
      url,
      headers: { 'x-token': admin, 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const asBody = (e: Entry, over: Record<string, unknown> = {}) => ({
    parentId: e.parentId,
    type: e.type,
    icon: e.icon,
    name: e.name,
    method: e.method,
    url: e.url,
    sortNo: e.sortNo,
    status: 'enabled',
    ...over,
  });
  const read = async (id: number): Promise<Entry> =>
    (await call('GET', `/api/permission/${id}`)).json().content;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
  });
  afterAll(() => t.close());

  it('lists the synchronised tree, every entry built in and none stale', async () => {
    const list: Entry[] = (await call('GET', '/api/permission/list')).json().content;
    const roles = list.find((p) => p.url === '/adminManage/role_list')!;
    expect(roles).toMatchObject({
      type: 'menu',
      builtIn: true,
      stale: false,
      name: { en: 'Roles', zh: '角色管理' },
    });
    const put = list.find((p) => p.type === 'resource' && p.method === 'PUT' && p.url === '/api/role/:id')!;
    expect(put.parentId).toBe(roles.id);
    expect(list.filter((p) => p.stale)).toEqual([]);
  });

  it('keeps a built-in url, method, type and parent read-only; its name, icon and order editable across a sync', async () => {
    const id = await menuId(t.db, '/adminManage/role_list');
    const entry = await read(id);
    for (const [field, value, en, zh] of [
      ['url', '/adminManage/roles', 'url', '地址'],
      ['type', 'resource', 'type', '类型'],
      ['parentId', null, 'parent', '上级'],
    ] as const) {
      const res = await call('PUT', `/api/permission/${id}`, asBody(entry, { [field]: value }));
      expect(res.statusCode, field).toBe(409);
      expect(res.json().message).toContain(en);
      const zhRes = await call('PUT', `/api/permission/${id}`, asBody(entry, { [field]: value }), 'zh');
      expect(zhRes.json().message).toContain(zh);
    }
    const changed = await call(
      'PUT',
      `/api/permission/${id}`,
      asBody(entry, { name: { en: 'Role admin', zh: '角色维护' }, icon: 'TeamOutlined', sortNo: 3 }),
    );
    expect(changed.statusCode).toBe(200);
    await syncPermissions(t.db, t.app.routeTable);
    expect(await read(id)).toMatchObject({
      url: '/adminManage/role_list',
      name: { en: 'Role admin', zh: '角色维护' },
      icon: 'TeamOutlined',
      sortNo: 3,
      builtIn: true,
    });
    // The login menu shows the chosen icon.
    const menu = (await call('GET', '/api/user/get_login_menu')).json().content;
    expect(menu.find((m: { url: string }) => m.url === '/adminManage/role_list').icon).toBe('TeamOutlined');
  });

  it('adds custom entries, refuses a menu with a method, a resource without one, a duplicate and a cycle', async () => {
    const group = await menuId(t.db, '/adminManage');
    const base = {
      parentId: group,
      type: 'menu',
      icon: 'LinkOutlined',
      name: { en: 'Help centre', zh: '帮助中心' },
      method: '',
      url: 'https://help.example.com/',
      sortNo: 50,
      status: 'enabled',
    };
    const a = await call('POST', '/api/permission', base);
    expect(a.statusCode).toBe(200);
    expect(a.json().content).toMatchObject({
      builtIn: false,
      stale: false,
      url: 'https://help.example.com/',
    });
    const aId = a.json().content.id;
    expect((await call('POST', '/api/permission', base)).statusCode).toBe(409);
    const b = await call('POST', '/api/permission', {
      ...base,
      parentId: aId,
      url: 'https://help.example.com/faq',
    });
    const bId = b.json().content.id;

    const withMethod = await call('POST', '/api/permission', { ...base, url: '/x', method: 'GET' });
    expect(withMethod.statusCode).toBe(400);
    expect(JSON.stringify(withMethod.json().content)).toContain('method');
    const noMethod = await call('POST', '/api/permission', { ...base, type: 'resource', url: '/api/x' });
    expect(noMethod.statusCode).toBe(400);
    expect(JSON.stringify(noMethod.json().content)).toContain('method');
    const badUrl = await call('POST', '/api/permission', { ...base, url: 'help' });
    expect(badUrl.statusCode).toBe(400);
    expect(JSON.stringify(badUrl.json().content)).toContain('url');

    const cycle = await call('PUT', `/api/permission/${aId}`, { ...base, parentId: bId });
    expect(cycle.statusCode).toBe(409);
    expect((await call('PUT', `/api/permission/${aId}`, { ...base, parentId: aId })).statusCode).toBe(409);
    const zh = await call('PUT', `/api/permission/${aId}`, { ...base, parentId: bId }, 'zh');
    expect(zh.json().message).toContain('下级');
    const underResource = await call('PUT', `/api/permission/${bId}`, {
      ...base,
      url: 'https://help.example.com/faq',
      parentId: await resourceId(t.db, 'POST', '/api/role'),
    });
    expect(underResource.statusCode).toBe(409);
  });

  it('asks to confirm deleting a permission roles hold, naming them, then takes it from them', async () => {
    const group = await menuId(t.db, '/adminManage');
    const created = await call('POST', '/api/permission', {
      parentId: group,
      type: 'menu',
      icon: null,
      name: { en: 'Wiki', zh: '知识库' },
      method: '',
      url: 'https://wiki.example.com/',
      sortNo: 60,
      status: 'enabled',
    });
    const id = created.json().content.id;
    const role = await call('POST', '/api/role', {
      code: 'wiki_reader',
      name: { en: 'Wiki reader', zh: '知识库读者' },
      permissionIds: [id],
    });
    const roleId = role.json().content.id;

    const first = await call('DELETE', `/api/permission/${id}`);
    expect(first.statusCode).toBe(409);
    expect(first.json().message).toContain('Wiki reader');
    expect(first.json().code).toBe(40926);
    expect(first.json().content.holders).toEqual([
      { id: roleId, name: { en: 'Wiki reader', zh: '知识库读者' } },
    ]);
    expect((await call('DELETE', `/api/permission/${id}`, undefined, 'zh')).json().message).toContain(
      '知识库读者',
    );
    expect((await read(id)).id).toBe(id);

    const roleBefore = (await call('GET', `/api/role/${roleId}`)).json().content;
    expect((await call('DELETE', `/api/permission/${id}?confirm=true`)).statusCode).toBe(200);
    expect((await call('GET', `/api/permission/${id}`)).statusCode).toBe(404);
    const roleAfter = (await call('GET', `/api/role/${roleId}`)).json().content;
    expect(roleAfter.permissionIds).toEqual([]);
    expect(roleAfter.version).toBe(roleBefore.version + 1);
    // both deletes are in the history: the permission's, and the role's lost grant as its new version
    const gone = await t.db
      .select()
      .from(recordHistory)
      .where(and(eq(recordHistory.entity, 'permission'), eq(recordHistory.recordId, id)))
      .orderBy(desc(recordHistory.version));
    expect(gone[0]).toMatchObject({ action: 'delete', actorAccount: 'admin' });
    const roleHistory = (await call('GET', `/api/role/${roleId}/history`)).json().content;
    expect(roleHistory[0]).toMatchObject({
      action: 'update',
      version: roleAfter.version,
      changes: [{ field: 'permissionIds', old: [id], new: [] }],
    });
    expect((await call('DELETE', `/api/permission/${id}?confirm=true`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/permission/${id}?confirm=maybe`)).statusCode).toBe(400);
  });

  it('reports a built-in resource whose route is gone and lets it be deleted; a live built-in one is kept', async () => {
    const parent = await menuId(t.db, '/adminManage/role_list');
    const [gone] = await t.db
      .insert(permission)
      .values({
        type: 'resource',
        method: 'POST',
        url: '/api/role/retired/:id',
        nameEn: 'Retired',
        nameZh: '已废弃',
        parentId: parent,
        builtIn: true,
      })
      .returning();
    // the mark follows the server's routes at start: the next start finds the route gone
    expect((await read(gone!.id)).stale).toBe(false);
    await syncPermissions(t.db, t.app.routeTable);
    expect((await read(gone!.id)).stale).toBe(true);
    const stale: Entry[] = (await call('GET', '/api/permission/list?stale=true')).json().content;
    expect(stale.map((p) => p.url)).toEqual(['/api/role/retired/:id']);
    // the list screen's filter: the paged list and the tree (matches with their ancestors)
    const page = (await call('GET', '/api/permission/page?stale=true')).json().content;
    expect(page.list.map((p: Entry) => p.url)).toEqual(['/api/role/retired/:id']);
    const tree: Entry[] = (await call('GET', '/api/permission/tree?stale=true')).json().content;
    expect(tree.filter((p) => p.stale).map((p) => p.url)).toEqual(['/api/role/retired/:id']);
    // a client cannot clear the mark: the server keeps what it computed
    const before = await read(gone!.id);
    await call('PUT', `/api/permission/${gone!.id}`, { ...before, stale: false });
    expect((await read(gone!.id)).stale).toBe(true);
    const live = await resourceId(t.db, 'POST', '/api/role');
    const refused = await call('DELETE', `/api/permission/${live}`);
    expect(refused.statusCode).toBe(409);
    expect((await call('DELETE', `/api/permission/${gone!.id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(permission).where(eq(permission.id, gone!.id))).toEqual([]);
  });

  it('refuses to delete a menu with children', async () => {
    const entry = {
      parentId: null,
      type: 'menu',
      icon: null,
      name: { en: 'Links', zh: '链接' },
      method: '',
      url: '/links',
      sortNo: 70,
      status: 'enabled',
    };
    const parent = (await call('POST', '/api/permission', entry)).json().content.id;
    await call('POST', '/api/permission', { ...entry, parentId: parent, url: 'https://links.example.com/' });
    const res = await call('DELETE', `/api/permission/${parent}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('1');
  });
  it('lets a permission manager switch on or off only the permissions it holds', async () => {
    const [manager] = await t.db
      .insert(role)
      .values({ nameEn: 'perm_manager', code: 'perm_manager' })
      .returning();
    const held = [
      await menuId(t.db, '/adminManage/permission_list'),
      ...(await resourcesUnder(t.db, '/adminManage/permission_list')),
    ];
    await t.db
      .insert(rolePermission)
      .values(held.map((permissionId) => ({ roleId: manager!.id, permissionId })));
    await createAccount(t.db, 'perm_manager', 'Manager2025', [manager!.id]);
    const token = await login(t.app, 'perm_manager', 'Manager2025');
    const put = (id: number, body: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/permission/${id}`,
        headers: { 'x-token': token },
        payload: body as object,
      });
    const rolesMenu = await read(await menuId(t.db, '/adminManage/role_list'));
    const refused = await put(rolesMenu.id, asBody(rolesMenu, { status: 'disabled' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^You cannot grant the permission "/);
    const [stored] = await t.db.select().from(permission).where(eq(permission.id, rolesMenu.id));
    expect(stored!.status).toBe('enabled');
    // Its own permission: switched off and on again.
    const own = await read(held[0]!);
    expect((await put(own.id, asBody(own, { status: 'disabled' }))).statusCode).toBe(200);
    expect((await put(own.id, asBody(own, { status: 'enabled' }))).statusCode).toBe(200);
    const [back] = await t.db.select().from(permission).where(eq(permission.id, own.id));
    expect(back!.status).toBe('enabled');
    // Deleting takes an entry from every role holding it: a custom entry the manager does not hold stays,
    // with the roles holding it, confirmed or not, and the manager is refused before being asked to confirm;
    // one it holds goes.
    const remove = (id: number, confirm = false) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/permission/${id}${confirm ? '?confirm=true' : ''}`,
        headers: { 'x-token': token },
      });
    const entry = (url: string) => ({
      parentId: null,
      type: 'menu',
      icon: null,
      name: { en: 'Outside', zh: '外部' },
      method: '',
      url,
      sortNo: 90,
      status: 'enabled',
    });
    const foreign = (await call('POST', '/api/permission', entry('https://outside.example.com/'))).json()
      .content;
    const holder = (
      await call('POST', '/api/role', {
        code: 'outside',
        name: { en: 'Outside', zh: '外部' },
        permissionIds: [foreign.id],
      })
    ).json().content;
    for (const confirm of [false, true]) {
      const refusedDelete = await remove(foreign.id, confirm);
      expect(refusedDelete.statusCode).toBe(403);
      expect(refusedDelete.json().content?.holders).toBeUndefined();
    }
    expect((await call('GET', `/api/role/${holder.id}`)).json().content.permissionIds).toEqual([foreign.id]);
    expect((await read(foreign.id)).id).toBe(foreign.id);
    const mine = (await call('POST', '/api/permission', entry('https://mine.example.com/'))).json().content;
    await t.db.insert(rolePermission).values({ roleId: manager!.id, permissionId: mine.id });
    expect((await remove(mine.id)).statusCode).toBe(409);
    expect((await remove(mine.id, true)).statusCode).toBe(200);
    expect(await t.db.select().from(permission).where(eq(permission.id, mine.id))).toEqual([]);
  });
});
