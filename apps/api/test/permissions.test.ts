import { flattenRoutes, permissionGroups } from '@organiser/domain';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateAuthCaches } from '../src/access/auth-cache';
import { syncPermissions } from '../src/db/permission-sync';
import { permission, role, rolePermission } from '../src/db/schema';
import { ok } from '../src/plugins/envelope';
import { createTestApp, EDITOR, login, type TestApp } from './helpers';

// Every route declares its access; menu and resource permissions are enforced; root passes all;
// the permission tree is synchronised from the route catalogue and the routes, idempotently.

/** Probe routes: a read behind the banner list, and two writes hanging under it. */
const probes: FastifyPluginAsync = async (app) => {
  app.get('/probe/list', { config: { access: { kind: 'menu', url: '/banner/banner_list' } } }, async () =>
    ok('list'),
  );
  app.post(
    '/probe/:id',
    {
      config: {
        access: { kind: 'resource', menu: '/banner/banner_list', name: { en: 'Edit probe', zh: '编辑探针' } },
      },
    },
    async () => ok('edit'),
  );
  app.delete(
    '/probe/:id',
    { config: { access: { kind: 'resource', menu: '/banner/banner_list' } } },
    async () => ok('delete'),
  );
};

describe('permissions', () => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  beforeAll(async () => {
    t = await createTestApp({ extraModules: [probes] });
    admin = await login(t.app);
    editor = await login(t.app, EDITOR.account, EDITOR.password);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string) =>
    t.app.inject({ method, url, headers: { 'x-token': token } });

  it('has an access declaration on every registered route', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(10);
    for (const route of t.app.routeTable) {
      expect(route.access, `${route.method} ${route.url}`).toBeDefined();
      if (route.url.startsWith('/api/open/v1/')) {
        // the marketplace's routes open with an API key only
        expect(route.access!.kind, route.url).toBe('apiKey');
      } else if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs')) {
        expect(['public', 'login', 'menu', 'resource'], route.url).toContain(route.access!.kind);
      }
    }
    const access = (method: string, url: string) =>
      t.app.routeTable.find((r) => r.method === method && r.url === url)?.access;
    expect(access('POST', '/api/user/login')).toEqual({ kind: 'public' });
    expect(access('GET', '/api/user/captcha')).toEqual({ kind: 'public' });
    expect(access('POST', '/api/user/change_password')).toEqual({ kind: 'login' });
    expect(access('GET', '/api/system_log/list')).toEqual({
      kind: 'menu',
      url: '/systemManage/system_log_list',
    });
  });

  it('refuses a menu read without the menu permission with a 403 envelope', async () => {
    const res = await call('GET', '/api/system_log/list', editor);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      code: 40300,
      message: 'You do not have permission to do this',
      content: null,
    });
    const zh = await t.app.inject({
      method: 'GET',
      url: '/api/system_log/list',
      headers: { 'x-token': editor, 'accept-language': 'zh-CN' },
    });
    expect(zh.json().message).toBe('您没有执行此操作的权限');
    expect((await call('GET', '/api/system_log/list', admin)).statusCode).toBe(200);
  });

  it('allows a menu read to a holder of the menu permission', async () => {
    expect((await call('GET', '/api/probe/list', editor)).json()).toMatchObject({
      success: true,
      content: 'list',
    });
  });

  it('checks resource permissions by method and url pattern; root passes all', async () => {
    expect((await call('POST', '/api/probe/7', admin)).json().content).toBe('edit');
    expect((await call('DELETE', '/api/probe/7', admin)).json().content).toBe('delete');
    // The probes were registered after the editor role was seeded: it holds neither resource yet.
    expect((await call('POST', '/api/probe/7', editor)).statusCode).toBe(403);
    const [edit] = await t.db
      .select()
      .from(permission)
      .where(
        and(
          eq(permission.type, 'resource'),
          eq(permission.method, 'POST'),
          eq(permission.url, '/api/probe/:id'),
        ),
      );
    expect(edit).toMatchObject({ nameEn: 'Edit probe', nameZh: '编辑探针' });
    const [menu] = await t.db
      .select()
      .from(permission)
      .where(and(eq(permission.type, 'menu'), eq(permission.url, '/banner/banner_list')));
    expect(edit!.parentId).toBe(menu!.id);
    const [editorRole] = await t.db.select().from(role).where(eq(role.code, 'editor'));
    // Whatever writes roles or their permissions drops the cached permission sets (the cache is on here).
    await t.db.insert(rolePermission).values({ roleId: editorRole!.id, permissionId: edit!.id });
    invalidateAuthCaches();
    expect((await call('POST', '/api/probe/7', editor)).json().content).toBe('edit');
    expect((await call('DELETE', '/api/probe/7', editor)).statusCode).toBe(403);
    // A disabled role grants nothing.
    await t.db.update(role).set({ status: 'disabled' }).where(eq(role.id, editorRole!.id));
    invalidateAuthCaches();
    expect((await call('POST', '/api/probe/7', editor)).statusCode).toBe(403);
    await t.db.update(role).set({ status: 'enabled' }).where(eq(role.id, editorRole!.id));
    invalidateAuthCaches();
  });

  it('asks for a token before checking permissions', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/probe/7' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(50008);
  });

  it('seeds every catalogue route as a menu permission with both names, hidden pages included', async () => {
    const menus = await t.db.select().from(permission).where(eq(permission.type, 'menu'));
    const flat = flattenRoutes(permissionGroups);
    expect(menus.length).toBe(flat.length);
    const byUrl = new Map(menus.map((m) => [m.url, m]));
    for (const r of flat) {
      const m = byUrl.get(r.fullPath);
      expect(m, r.fullPath).toBeDefined();
      expect(m!.nameEn).toBe(r.title.en);
      expect(m!.nameZh).toBe(r.title.zh);
    }
    const edit = byUrl.get('/company/supplier/company_edit/:id')!;
    expect(edit.parentId).toBe(byUrl.get('/company')!.id);
  });

  it('synchronises idempotently, keeping ids, role links and changed icons', async () => {
    const countRows = async () => Number((await t.db.select({ n: count() }).from(permission))[0]!.n);
    const links = async () => Number((await t.db.select({ n: count() }).from(rolePermission))[0]!.n);
    const before = { permissions: await countRows(), links: await links() };
    await t.db
      .update(permission)
      .set({ icon: 'StarOutlined' })
      .where(eq(permission.url, '/banner/banner_list'));
    await syncPermissions(t.db, t.app.routeTable);
    await syncPermissions(t.db, t.app.routeTable);
    expect(await countRows()).toBe(before.permissions);
    expect(await links()).toBe(before.links);
    const [banner] = await t.db.select().from(permission).where(eq(permission.url, '/banner/banner_list'));
    expect(banner!.icon).toBe('StarOutlined');
  });

  it('writes only the entries that differ from the catalogue', async () => {
    const listUrl = '/banner/banner_list';
    await syncPermissions(t.db, t.app.routeTable);
    const read = async (url: string) =>
      (await t.db.select().from(permission).where(eq(permission.url, url)))[0]!;
    const untouched = await read('/company');
    // An entry changed behind the sync's back (not marked as edited by an administrator) is put back.
    await t.db.update(permission).set({ nameEn: 'Changed', sortNo: 999 }).where(eq(permission.url, listUrl));
    await syncPermissions(t.db, t.app.routeTable);
    const restored = await read(listUrl);
    expect(restored.nameEn).not.toBe('Changed');
    expect(restored.sortNo).not.toBe(999);
    // The others were not written again.
    expect((await read('/company')).updatedAt).toEqual(untouched.updatedAt);
  });

  it('refuses a resource route under a menu the catalogue does not have', async () => {
    await expect(
      syncPermissions(t.db, [
        { method: 'POST', url: '/api/x', access: { kind: 'resource', menu: '/no/such/menu' } },
      ]),
    ).rejects.toThrow('hangs under menu /no/such/menu');
  });
});
