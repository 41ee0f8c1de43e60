import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, menuId, resourceId, resourcesUnder, roleId } from './access-fixtures';
import { createTestApp, login, type TestApp } from './helpers';

// The role and permission routes as an attacker calls them: malformed bodies and parameters are refused with
// 400 (never a 5xx), the reserved root role cannot be named, edited, disabled or deleted by any trick of
// spelling, a role manager cannot grant what it does not hold however the ids are packed, and a built-in
// permission's url, method, type and parent stay as the catalogue says even for a caller allowed to edit it.

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('role and permission routes under attack', () => {
  let t: TestApp;
  let admin: string;
  let manager: string;
  const call = (token: string, method: Method, url: string, payload?: unknown, lang = 'en') =>
    t.app.inject({
      method,
      url,
      headers: { 'x-token': token, 'accept-language': lang, 'content-type': 'application/json' },
      ...(payload === undefined
        ? {}
        : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    });
  const roleBody = (over: Record<string, unknown> = {}) => ({
    code: 'intruder',
    name: { en: 'Intruder', zh: '入侵者' },
    status: 'enabled',
    remark: '',
    permissionIds: [],
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    // A role manager: the role screens and their writes, the permission screens and their writes, one list.
    const permissionIds = [
      await menuId(t.db, '/adminManage'),
      await menuId(t.db, '/adminManage/role_list'),
      ...(await resourcesUnder(t.db, '/adminManage/role_list')),
      await menuId(t.db, '/adminManage/permission_list'),
      ...(await resourcesUnder(t.db, '/adminManage/permission_list')),
      await menuId(t.db, '/banner/banner_list'),
    ];
    const res = await call(admin, 'POST', '/api/role', roleBody({ code: 'access_keeper', permissionIds }));
    expect(res.statusCode).toBe(200);
    await createAccount(t.db, 'keeper', 'keeper12345', [res.json().content.id]);
    manager = await login(t.app, 'keeper', 'keeper12345');
  });
  afterAll(() => t.close());

  it('refuses malformed role bodies and parameters with 400, never a 5xx', async () => {
    const bad: [Method, string, unknown][] = [
      ['POST', '/api/role', '{"code":'],
      ['POST', '/api/role', []],
      ['POST', '/api/role', 'null'],
      ['POST', '/api/role', roleBody({ code: 'Upper' })],
      ['POST', '/api/role', roleBody({ code: 'a'.repeat(51) })],
      ['POST', '/api/role', roleBody({ name: 'Intruder' })],
      ['POST', '/api/role', roleBody({ name: { en: 'Intruder' } })],
      ['POST', '/api/role', roleBody({ status: 'root' })],
      ['POST', '/api/role', roleBody({ permissionIds: 'all' })],
      ['POST', '/api/role', roleBody({ permissionIds: [-1] })],
      ['POST', '/api/role', roleBody({ permissionIds: [1.5] })],
      ['POST', '/api/role', roleBody({ permissionIds: [2 ** 31] })],
      ['POST', '/api/role', roleBody({ permissionIds: ['1'] })],
      ['POST', '/api/role', roleBody({ permissionIds: Array.from({ length: 5001 }, (_, i) => i + 1) })],
      ['POST', '/api/role', roleBody({ builtIn: true })],
      ['POST', '/api/role', roleBody({ id: 1 })],
      ['PUT', '/api/role/abc', roleBody()],
      ['PUT', '/api/role/0', roleBody()],
      ['PUT', `/api/role/${2 ** 31}`, roleBody()],
      ['GET', '/api/role/-1', undefined],
      ['DELETE', '/api/role/1e3', undefined],
      ['POST', '/api/role/disable/x', undefined],
      ['GET', '/api/role/list?page=0', undefined],
      ['GET', '/api/role/list?size=100000', undefined],
      ['GET', '/api/role/list?status=everything', undefined],
      ['GET', '/api/role/list?sneaky=1', undefined],
    ];
    for (const [method, url, payload] of bad) {
      const res = await call(admin, method, url, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)?.slice(0, 80)}`).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it('refuses malformed permission bodies and parameters with 400, never a 5xx', async () => {
    const good = {
      parentId: null,
      type: 'menu',
      icon: null,
      name: { en: 'Help', zh: '帮助' },
      method: '',
      url: 'https://help.example.com/',
      sortNo: 0,
      status: 'enabled',
    };
    const bad: [Method, string, unknown][] = [
      ['POST', '/api/permission', { ...good, type: 'route' }],
      ['POST', '/api/permission', { ...good, type: 'resource', method: 'TRACE' }],
      ['POST', '/api/permission', { ...good, url: 'javascript:alert(1)' }],
      ['POST', '/api/permission', { ...good, url: '/with space' }],
      ['POST', '/api/permission', { ...good, icon: '<svg>' }],
      ['POST', '/api/permission', { ...good, parentId: '1' }],
      ['POST', '/api/permission', { ...good, parentId: 0 }],
      ['POST', '/api/permission', { ...good, sortNo: -1 }],
      ['POST', '/api/permission', { ...good, name: { en: '', zh: '帮助' } }],
      ['POST', '/api/permission', { ...good, builtIn: true }],
      ['POST', '/api/permission', { ...good, type: 'menu', method: 'GET' }],
      ['POST', '/api/permission', { ...good, type: 'resource', method: '' }],
      ['PUT', '/api/permission/abc', good],
      ['DELETE', '/api/permission/1?confirm=yes', undefined],
      ['GET', '/api/permission/list?stale=maybe', undefined],
    ];
    for (const [method, url, payload] of bad) {
      const res = await call(admin, method, url, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it('keeps root out of reach: its code cannot be taken by any spelling, the role not edited by its id', async () => {
    for (const code of ['root', ' root ', 'root\t']) {
      const res = await call(manager, 'POST', '/api/role', roleBody({ code }));
      expect(res.statusCode, JSON.stringify(code)).not.toBe(200);
      expect(res.statusCode).toBeLessThan(500);
    }
    const root = await roleId(t.db, 'root');
    for (const [method, url] of [
      ['PUT', `/api/role/${root}`],
      ['POST', `/api/role/disable/${root}`],
      ['DELETE', `/api/role/${root}`],
    ] as const) {
      const res = await call(manager, method, url, method === 'PUT' ? roleBody({ code: 'root' }) : undefined);
      expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    // renaming another role to root is refused too
    const other = (await call(manager, 'POST', '/api/role', roleBody({ code: 'renamed' }))).json().content.id;
    const renamed = await call(manager, 'PUT', `/api/role/${other}`, roleBody({ code: 'root' }));
    expect(renamed.statusCode).toBeGreaterThanOrEqual(400);
    expect(renamed.statusCode).toBeLessThan(500);
    expect((await call(admin, 'GET', `/api/role/${root}`)).json().content.code).toBe('root');
  });

  it('never grants what the role manager lacks, hidden among held ids, repeated, or on create and edit', async () => {
    const held = await menuId(t.db, '/banner/banner_list');
    const lacked = await resourceId(t.db, 'DELETE', '/api/banner/:id');
    for (const ids of [[lacked], [held, lacked], [held, lacked, lacked, held]]) {
      const res = await call(
        manager,
        'POST',
        '/api/role',
        roleBody({ code: 'smuggler', permissionIds: ids }),
      );
      expect(res.statusCode, JSON.stringify(ids)).toBe(403);
    }
    const created = await call(
      manager,
      'POST',
      '/api/role',
      roleBody({ code: 'smuggler', permissionIds: [held] }),
    );
    expect(created.statusCode).toBe(200);
    const id = created.json().content.id;
    for (const ids of [
      [held, lacked],
      [lacked, lacked],
    ]) {
      const res = await call(
        manager,
        'PUT',
        `/api/role/${id}`,
        roleBody({ code: 'smuggler', permissionIds: ids }),
      );
      expect(res.statusCode, JSON.stringify(ids)).toBe(403);
    }
    expect((await call(admin, 'GET', `/api/role/${id}`)).json().content.permissionIds).toEqual([held]);
    // what root granted stays when the manager edits other fields, and comes back only through root
    await call(
      admin,
      'PUT',
      `/api/role/${id}`,
      roleBody({ code: 'smuggler', permissionIds: [held, lacked] }),
    );
    const kept = await call(
      manager,
      'PUT',
      `/api/role/${id}`,
      roleBody({ code: 'smuggler', remark: 'edited', permissionIds: [held, lacked] }),
    );
    expect(kept.statusCode).toBe(200);
    await call(manager, 'PUT', `/api/role/${id}`, roleBody({ code: 'smuggler', permissionIds: [held] }));
    const back = await call(
      manager,
      'PUT',
      `/api/role/${id}`,
      roleBody({ code: 'smuggler', permissionIds: [held, lacked] }),
    );
    expect(back.statusCode).toBe(403);
  });

  it('keeps a built-in permission’s url, method, type and parent for a caller allowed to edit it', async () => {
    const id = await resourceId(t.db, 'DELETE', '/api/banner/:id');
    const entry = (await call(admin, 'GET', `/api/permission/${id}`)).json().content;
    const body = {
      parentId: entry.parentId,
      type: entry.type,
      icon: entry.icon,
      name: entry.name,
      method: entry.method,
      url: entry.url,
      sortNo: entry.sortNo,
      status: entry.status,
    };
    for (const [field, value, en, zh] of [
      ['url', '/api/role/:id', 'url', '地址'],
      ['method', 'GET', 'method', '请求方式'],
      ['type', 'menu', 'type', '类型'],
      ['parentId', null, 'parent', '上级'],
    ] as const) {
      for (const [lang, name] of [
        ['en', en],
        ['zh', zh],
      ] as const) {
        const res = await call(manager, 'PUT', `/api/permission/${id}`, { ...body, [field]: value }, lang);
        expect([400, 403, 409], `${field} ${lang}`).toContain(res.statusCode);
        expect(res.json().message).toContain(name);
      }
    }
    const after = (await call(admin, 'GET', `/api/permission/${id}`)).json().content;
    expect([after.url, after.method, after.type, after.parentId]).toEqual([
      entry.url,
      entry.method,
      entry.type,
      entry.parentId,
    ]);
    // its names and order stay editable
    const renamed = await call(manager, 'PUT', `/api/permission/${id}`, {
      ...body,
      name: { en: 'Remove a banner', zh: '移除横幅' },
      sortNo: 7,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().content).toMatchObject({
      url: entry.url,
      sortNo: 7,
      name: { en: 'Remove a banner' },
    });
  });
});
