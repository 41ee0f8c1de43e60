import { entities, MAX_PAGE_SIZE } from '@organiser/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, menuId, resourceId, resourcesUnder, roleId } from './access-fixtures';
import { exportFile, importFile, parseExport } from './engine/transfer-helpers';
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
      ['GET', '/api/role/list?status=everything', undefined],
      ['GET', '/api/role/list?sneaky=1', undefined],
    ];
    for (const [method, url, payload] of bad) {
      const res = await call(admin, method, url, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)?.slice(0, 80)}`).toBe(400);
      expect(res.json().success).toBe(false);
    }
    // the role list is the engine's: a page larger than the largest is capped, as on every list
    const huge = await call(admin, 'GET', '/api/role/list?size=100000');
    expect(huge.json().content.size).toBe(MAX_PAGE_SIZE);
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

describe('role writes on every engine path', () => {
  let t: TestApp;
  let admin: string;
  let manager: string;
  let held: number;
  let lacked: number;
  const call = (token: string, method: Method | 'PATCH', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { 'x-token': token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const read = async (id: number) => (await call(admin, 'GET', `/api/role/${id}`)).json().content;
  /** A role root made with the given permissions, as stored. */
  const roleWith = async (code: string, permissionIds: number[]) =>
    (
      await call(admin, 'POST', '/api/role', {
        code,
        name: { en: code, zh: code },
        permissionIds,
      })
    ).json().content;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    held = await menuId(t.db, '/banner/banner_list');
    lacked = await resourceId(t.db, 'DELETE', '/api/banner/:id');
    const keeper = await roleWith('path_keeper', [
      await menuId(t.db, '/adminManage'),
      await menuId(t.db, '/adminManage/role_list'),
      ...(await resourcesUnder(t.db, '/adminManage/role_list')),
      held,
    ]);
    await createAccount(t.db, 'path_keeper', 'keeper12345', [keeper.id]);
    manager = await login(t.app, 'path_keeper', 'keeper12345');
  });
  afterAll(() => t.close());

  it('refuses a PATCH or a revert that would grant what the caller lacks; the role stays as it was', async () => {
    const role = await roleWith('patched', [held, lacked]);
    const narrowed = await call(admin, 'PUT', `/api/role/${role.id}`, { permissionIds: [held] });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    const before = await read(role.id);
    const patched = await call(manager, 'PATCH', `/api/role/${role.id}`, { permissionIds: [held, lacked] });
    expect(patched.statusCode, patched.body).toBe(403);
    const reverted = await call(manager, 'POST', `/api/role/${role.id}/revert/1`);
    expect(reverted.statusCode, reverted.body).toBe(403);
    expect(await read(role.id)).toEqual(before);
    // the caller's own grants go through both paths
    expect((await call(manager, 'PATCH', `/api/role/${role.id}`, { remark: 'mine' })).statusCode).toBe(200);
  });

  it('refuses an import row that would grant what the caller lacks; nothing of the file is written', async () => {
    const role = await roleWith('imported', [held, lacked]);
    // the role as exported for editing while it held both (its permissions by id), then narrowed by root
    const file = await exportFile(t.app, admin, entities.role!, 'format=csv&purpose=import&keyword=imported');
    expect((await parseExport(file.body, 'csv'))[1]).toContain(`${held}, ${lacked}`);
    await call(admin, 'PUT', `/api/role/${role.id}`, { permissionIds: [held] });
    const before = await read(role.id);
    const imported = await importFile(t.app, manager, entities.role!, file.body, 'csv', false);
    expect(imported.status, JSON.stringify(imported.body)).toBe(403);
    expect(await read(role.id)).toEqual(before);
  });

  it('refuses disabling or deleting, one by one or in bulk, a role holding what the caller lacks', async () => {
    const role = await roleWith('bulked', [held, lacked]);
    const before = await read(role.id);
    for (const [method, url, body] of [
      ['POST', '/api/role/batch/disable', { ids: [role.id] }],
      ['POST', '/api/role/batch/delete', { ids: [role.id] }],
      ['POST', `/api/role/disable/${role.id}`, undefined],
      ['DELETE', `/api/role/${role.id}`, undefined],
    ] as const) {
      const res = await call(manager, method, url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(403);
    }
    expect(await read(role.id)).toEqual(before);
  });

  it('keeps the root role from a caller who is not root: no edit, PATCH or revert', async () => {
    const root = await roleId(t.db, 'root');
    const before = await read(root);
    for (const [method, url, body] of [
      ['PUT', `/api/role/${root}`, { code: 'root', name: { en: 'Root', zh: '超级管理员' }, remark: 'mine' }],
      ['PATCH', `/api/role/${root}`, { remark: 'mine' }],
      ['PATCH', `/api/role/${root}`, { permissionIds: [held] }],
      ['POST', `/api/role/${root}/revert/1`, undefined],
    ] as const) {
      const res = await call(manager, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await read(root)).toEqual(before);
  });
});
