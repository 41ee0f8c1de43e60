import { ROOT_ROLE } from '@organiser/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { adminUser, role, rolePermission, session, userInterest, userRole } from '../src/db/schema';
import { entityTables } from '../src/db/schema/entities';
import { addMissingStaffRecords } from '../src/modules/users';
import { createAccount, menuId, resourcesUnder, roleId, supplierCompanyBody } from './access-fixtures';
import { type Call, client, createEngineApp } from './engine/setup';
import { login, multipart } from './helpers';

// The account rule: a caller who is not root may not act on an account that is root or holds a permission the
// caller does not hold, and a staff account needs the admin accounts' menu. One case per route that writes an
// account; every registered route under /api/user_manager that writes must have one (a new route that skips
// the rule fails here). Each case is sent by a user administrator (the user list's and the admin list's
// menus and resources, not root) at a root account and at an account holding more than it: no 2xx, and the
// account as it was.

let t: Awaited<ReturnType<typeof createEngineApp>>;
let call: ReturnType<typeof client>;
let adminToken: string;
const table = entityTables.user_manager!;
const PASSWORD = 'Secret12345';
let n = 0;

const USER_LIST = '/user/user_list';
const ADMIN_LIST = '/adminManage/admin_list';
const ROLE_LIST = '/adminManage/role_list';

/** A role holding these menus and every resource under each. */
async function roleWith(db: Db, code: string, menus: string[]): Promise<number> {
  const [r] = await db.insert(role).values({ nameEn: code, code }).returning({ id: role.id });
  const ids = new Set<number>();
  for (const url of menus) {
    ids.add(await menuId(db, url));
    for (const id of await resourcesUnder(db, url)) ids.add(id);
  }
  await db.insert(rolePermission).values([...ids].map((permissionId) => ({ roleId: r!.id, permissionId })));
  return r!.id;
}

/** A staff account (login and record) with these roles: its record id. */
async function staff(
  prefix: string,
  roleIds: number[],
  email = true,
): Promise<{ id: number; account: string }> {
  n++;
  const account = `${prefix}${n}`;
  await createAccount(t.db, account, PASSWORD, roleIds);
  await addMissingStaffRecords(t.db);
  const [row] = await t.db
    .update(table)
    .set(email ? { email: `${account}@example.com` } : {})
    .where(and(eq(table.account, account), isNull(table.deletedAt)))
    .returning({ id: table.id });
  return { id: Number(row!.id), account };
}

let roles: { userAdmin: number; stronger: number; weaker: number; listOnly: number; root: number };
let userAdmin: { id: number; account: string; token: string };

beforeAll(async () => {
  t = await createEngineApp();
  call = client(t.app, t.token);
  adminToken = t.token;
  roles = {
    userAdmin: await roleWith(t.db, 'user_admin', ['/user', USER_LIST, '/adminManage', ADMIN_LIST]),
    stronger: await roleWith(t.db, 'stronger', ['/user', USER_LIST, '/adminManage', ADMIN_LIST, ROLE_LIST]),
    weaker: await roleWith(t.db, 'weaker', ['/user', USER_LIST]),
    listOnly: await roleWith(t.db, 'list_only', ['/user', USER_LIST]),
    root: await roleId(t.db, ROOT_ROLE),
  };
  const made = await staff('uadmin', [roles.userAdmin]);
  userAdmin = { ...made, token: await login(t.app, made.account, PASSWORD) };
});
afterAll(() => t?.close());

type Kind = 'root' | 'stronger';
type Target = { id: number; account: string };

/** Everything a write on an account could change: its record, its login, roles, sessions and interests. */
async function stateOf(target: Target) {
  const [record] = await t.db.select().from(table).where(eq(table.id, target.id));
  const loginId = Number(record!.loginId);
  const [login1] = await t.db.select().from(adminUser).where(eq(adminUser.id, loginId));
  const held = await t.db.select().from(userRole).where(eq(userRole.userId, loginId));
  const live = await t.db
    .select({ id: session.id })
    .from(session)
    .where(and(eq(session.userId, loginId), isNull(session.revokedAt)));
  const interests = await t.db.select().from(userInterest).where(eq(userInterest.userId, target.id));
  const { lastLoginAt: _, updatedAt: __, ...login } = login1!;
  return { record, login, roles: held.map((r) => r.roleId).sort(), sessions: live.length, interests };
}

const target = (kind: Kind) => staff(`${kind}_t`, [kind === 'root' ? roles.root : roles.stronger]);
const asRoot = (c: Call) => call({ ...c, token: adminToken });
const versionOf = async (id: number) =>
  Number((await t.db.select().from(table).where(eq(table.id, id)))[0]!.version);

async function uploadAs(token: string, csv: string) {
  const form = await multipart({ file: { filename: 'users.csv', type: 'text/csv', data: Buffer.from(csv) } });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user_manager/upload',
    payload: form.payload,
    headers: { ...form.headers, 'x-token': token },
  });
  return { status: res.statusCode, body: res.json() };
}

/** How one route is sent at an account: set-up as root (the state the call needs), then the call. */
type Case = (kind: Kind) => Promise<{ target: Target; call: Call }>;

const on =
  (method: Call['method'], path: string, body?: (target: Target) => Promise<unknown> | unknown): Case =>
  async (kind) => {
    const tg = await target(kind);
    return { target: tg, call: { method, url: path.replace(':id', String(tg.id)), body: await body?.(tg) } };
  };

/** The target first trashed (restore, purge) or disabled (enable) by root. */
const after =
  (prepare: (tg: Target) => Promise<unknown>, method: Call['method'], path: string, body?: unknown): Case =>
  async (kind) => {
    const tg = await target(kind);
    await prepare(tg);
    return { target: tg, call: { method, url: path.replace(':id', String(tg.id)), body } };
  };
const trash = (tg: Target) => asRoot({ method: 'DELETE', url: `/api/user_manager/${tg.id}` });
const disable = (tg: Target) => asRoot({ method: 'POST', url: `/api/user_manager/disable/${tg.id}` });

const cases: Record<string, Case> = {
  // A new account named after an existing login (in another case) takes nothing over.
  'POST /api/user_manager': async (kind) => {
    const tg = await target(kind);
    return {
      target: tg,
      call: {
        method: 'POST',
        url: '/api/user_manager',
        body: { account: tg.account.toUpperCase(), type: 'admin', password: 'Hijack-12345' },
      },
    };
  },
  'PUT /api/user_manager/:id': on('PUT', '/api/user_manager/:id', async (tg) => ({
    version: await versionOf(tg.id),
    password: 'Hijack-12345',
    email: 'taken@evil.example',
  })),
  'PATCH /api/user_manager/:id': on('PATCH', '/api/user_manager/:id', async (tg) => ({
    version: await versionOf(tg.id),
    password: 'Hijack-12345',
  })),
  'DELETE /api/user_manager/:id': on('DELETE', '/api/user_manager/:id'),
  'POST /api/user_manager/restore/:id': after(trash, 'POST', '/api/user_manager/restore/:id'),
  'DELETE /api/user_manager/purge/:id': after(trash, 'DELETE', '/api/user_manager/purge/:id'),
  'POST /api/user_manager/disable/:id': on('POST', '/api/user_manager/disable/:id'),
  'POST /api/user_manager/enable/:id': after(disable, 'POST', '/api/user_manager/enable/:id'),
  'POST /api/user_manager/batch/delete': on('POST', '/api/user_manager/batch/delete', (tg) => ({
    ids: [tg.id],
  })),
  'POST /api/user_manager/batch/disable': on('POST', '/api/user_manager/batch/disable', (tg) => ({
    ids: [tg.id],
  })),
  'POST /api/user_manager/batch/enable': async (kind) => {
    const tg = await target(kind);
    await disable(tg);
    return {
      target: tg,
      call: { method: 'POST', url: '/api/user_manager/batch/enable', body: { ids: [tg.id] } },
    };
  },
  'POST /api/user_manager/:id/revert/:version': async (kind) => {
    const tg = await target(kind);
    const version = await versionOf(tg.id);
    await asRoot({
      method: 'PATCH',
      url: `/api/user_manager/${tg.id}`,
      body: { version, nickname: 'Changed' },
    });
    return { target: tg, call: { method: 'POST', url: `/api/user_manager/${tg.id}/revert/${version}` } };
  },
  'POST /api/user_manager/reset_password/:id': on('POST', '/api/user_manager/reset_password/:id'),
  // points belong to marketplace users only: a staff account's are never adjusted
  'POST /api/user_manager/adjust_points/:id': on('POST', '/api/user_manager/adjust_points/:id', () => ({
    points: 100,
    reason: 'Bonus',
  })),
  'POST /api/user_manager/config/:id': on('POST', '/api/user_manager/config/:id', () => ({
    ids: [roles.userAdmin],
  })),
  'POST /api/user_manager/revoke_session/:id': async (kind) => {
    const tg = await target(kind);
    await login(t.app, tg.account, PASSWORD);
    const [open] = (await asRoot({ method: 'GET', url: `/api/user_manager/sessions/${tg.id}` })).body.content;
    return {
      target: tg,
      call: {
        method: 'POST',
        url: `/api/user_manager/revoke_session/${tg.id}`,
        body: { sessionId: open.id },
      },
    };
  },
  'POST /api/user_manager/send_active_email/:id': on('POST', '/api/user_manager/send_active_email/:id'),
  'POST /api/user_manager/update_user_interest/:id': on(
    'POST',
    '/api/user_manager/update_user_interest/:id',
    () => ({
      categoryIds: [],
    }),
  ),
  // The check of a file that rewrites the account's password.
  'POST /api/user_manager/upload': async (kind) => {
    const tg = await target(kind);
    const form = await multipart({
      file: {
        filename: 'users.csv',
        type: 'text/csv',
        data: Buffer.from(`id,password\n${tg.id},Hijack-12345\n`),
      },
    });
    return { target: tg, call: { method: 'POST', url: '/api/user_manager/upload', body: form } };
  },
  // A file checked while the account held less, imported after it was given more.
  'POST /api/user_manager/import': async (kind) => {
    const tg = await staff('promoted_t', [roles.weaker]);
    const checked = await uploadAs(userAdmin.token, `id,password\n${tg.id},Hijack-12345\n`);
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body.content.valid).toBe(1);
    const [record] = await t.db.select().from(table).where(eq(table.id, tg.id));
    await t.db
      .insert(userRole)
      .values({ userId: Number(record!.loginId), roleId: kind === 'root' ? roles.root : roles.stronger });
    return {
      target: tg,
      call: {
        method: 'POST',
        url: '/api/user_manager/import',
        body: { handle: checked.body.content.handle },
      },
    };
  },
};

/** POST routes that only read (a role list, interests): no account is written. */
const READS = new Set(['POST /api/role/list_by_user', 'POST /api/user_manager/get_user_interest/:id']);

/** Sends a call as the user administrator; a multipart body goes as built. */
async function send(c: Call) {
  const body = c.body as { payload?: Buffer; headers?: Record<string, string> } | undefined;
  if (body?.payload && body.headers) {
    const res = await t.app.inject({
      method: c.method,
      url: c.url,
      payload: body.payload,
      headers: { ...body.headers, 'x-token': userAdmin.token },
    });
    return { status: res.statusCode, body: res.json() };
  }
  return call({ ...c, token: userAdmin.token });
}

describe('the account rule on every route that writes an account', () => {
  it('has a case for every registered route that writes an account (a new one without fails here)', () => {
    const writes = t.app.routeTable
      .filter(
        (r) =>
          (r.url.startsWith('/api/user_manager') || r.url.startsWith('/api/role/list_by_user')) &&
          r.method !== 'GET' &&
          r.method !== 'HEAD' &&
          r.access?.kind !== 'public',
      )
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !READS.has(key));
    expect(writes.length).toBeGreaterThan(15);
    expect(writes.filter((key) => !cases[key])).toEqual([]);
    expect(Object.keys(cases).filter((key) => !writes.includes(key))).toEqual([]);
  });

  for (const [route, make] of Object.entries(cases))
    it(`${route}: refused at a root account and at one holding more than the caller, which stay as they were`, async () => {
      for (const kind of ['root', 'stronger'] as const) {
        const { target: tg, call: c } = await make(kind);
        const before = await stateOf(tg);
        const res = await send(c);
        expect(res.status, `${kind}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${kind}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
        expect(await stateOf(tg), kind).toEqual(before);
      }
    });
});

describe('what a user administrator still does', () => {
  it('manages a staff account holding less than it: edit, password reset, roles it holds', async () => {
    const weaker = await staff('weaker_t', [roles.weaker]);
    const as = (c: Call) => call({ ...c, token: userAdmin.token });
    const edit = await as({
      method: 'PUT',
      url: `/api/user_manager/${weaker.id}`,
      body: { version: await versionOf(weaker.id), nickname: 'Renamed' },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await as({ method: 'POST', url: `/api/user_manager/reset_password/${weaker.id}` })).status).toBe(
      200,
    );
    const set = await as({
      method: 'POST',
      url: `/api/user_manager/config/${weaker.id}`,
      body: { ids: [roles.weaker, roles.userAdmin] },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const [record] = await t.db.select().from(table).where(eq(table.id, weaker.id));
    const held = await t.db
      .select()
      .from(userRole)
      .where(eq(userRole.userId, Number(record!.loginId)));
    expect(held.map((r) => r.roleId).sort()).toEqual([roles.weaker, roles.userAdmin].sort());
    expect(record!.nickname).toBe('Renamed');
  });

  it("with the user list's rights only: edits buyers, and no staff account on any route", async () => {
    const listOnly = await staff('listonly', [roles.listOnly]);
    const token = await login(t.app, listOnly.account, PASSWORD);
    const as = (c: Call) => call({ ...c, token });
    const buyer = (
      await call({
        method: 'POST',
        url: '/api/user_manager',
        body: { account: `buyer_g${++n}`, password: PASSWORD },
      })
    ).body.content;
    const ok = await as({
      method: 'PUT',
      url: `/api/user_manager/${buyer.id}`,
      body: { version: 1, nickname: 'B' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const weaker = await staff('weaker_t', [roles.weaker]);
    const before = await stateOf(weaker);
    for (const c of [
      { method: 'PUT', url: `/api/user_manager/${weaker.id}`, body: { version: 1, nickname: 'X' } },
      { method: 'POST', url: `/api/user_manager/reset_password/${weaker.id}` },
      { method: 'POST', url: `/api/user_manager/disable/${weaker.id}` },
      { method: 'POST', url: `/api/user_manager/send_active_email/${weaker.id}` },
      { method: 'POST', url: `/api/user_manager/config/${weaker.id}`, body: { ids: [] } },
      { method: 'POST', url: '/api/user_manager', body: { account: `staff_g${++n}`, type: 'admin' } },
      { method: 'GET', url: '/api/user_manager/list_admin' },
      { method: 'GET', url: '/api/user_manager/export_admin' },
      { method: 'GET', url: `/api/user_manager/sessions/${weaker.id}` },
      { method: 'POST', url: '/api/role/list_by_user', body: { userId: weaker.id } },
    ] as Call[]) {
      const res = await as(c);
      expect(res.status, `${c.method} ${c.url}`).toBe(403);
    }
    expect(await stateOf(weaker)).toEqual(before);
  });
});

describe('assigning roles', () => {
  it('never widens the caller: not its own roles, not a role granting what it does not hold', async () => {
    const as = (c: Call) => call({ ...c, token: userAdmin.token });
    const self = await stateOf(userAdmin);
    const own = await as({
      method: 'POST',
      url: `/api/user_manager/config/${userAdmin.id}`,
      body: { ids: [roles.userAdmin, roles.stronger] },
      lang: 'zh',
    });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('您不能修改自己的角色');
    expect(await stateOf(userAdmin)).toEqual(self);

    const weaker = await staff('weaker_t', [roles.weaker]);
    const before = await stateOf(weaker);
    const wider = await as({
      method: 'POST',
      url: `/api/user_manager/config/${weaker.id}`,
      body: { ids: [roles.weaker, roles.stronger] },
    });
    expect(wider.status).toBe(403);
    expect(wider.body.message).toMatch(/^You cannot grant the permission "/);
    expect(await stateOf(weaker)).toEqual(before);
  });

  it('marks as assignable only the roles the caller may give to that account', async () => {
    const as = (c: Call) => call({ ...c, token: userAdmin.token });
    const weaker = await staff('weaker_t', [roles.weaker]);
    const assignable = async (id: number) =>
      Object.fromEntries(
        (await as({ method: 'POST', url: '/api/role/list_by_user', body: { userId: id } })).body.content.map(
          (r: { id: number; assignable: boolean }) => [r.id, r.assignable],
        ),
      );
    const forWeaker = await assignable(weaker.id);
    expect(forWeaker[roles.weaker]).toBe(true);
    expect(forWeaker[roles.userAdmin]).toBe(true);
    expect(forWeaker[roles.stronger]).toBe(false);
    expect(forWeaker[roles.root]).toBe(false);
    expect(Object.values(await assignable(userAdmin.id)).every((a) => a === false)).toBe(true);
    const stronger = await target('stronger');
    expect(Object.values(await assignable(stronger.id)).every((a) => a === false)).toBe(true);
  });
});

describe("a supplier login's password set from its company", () => {
  it('is refused to a company manager holding less than the supplier login, whose password stays', async () => {
    const manager = await roleWith(t.db, 'company_manager', [
      '/company',
      '/company/company_list',
      '/adminManage',
      ADMIN_LIST,
    ]);
    const made = await staff('company_mgr', [manager]);
    const token = await login(t.app, made.account, PASSWORD);
    n++;
    const company = await call({
      method: 'POST',
      url: '/api/company',
      body: supplierCompanyBody(`guarded_supplier${n}`, PASSWORD),
    });
    expect(company.status, JSON.stringify(company.body)).toBe(200);
    const id = company.body.content.id;
    const loginOf = async () =>
      (
        await t.db
          .select()
          .from(adminUser)
          .where(eq(adminUser.account, `guarded_supplier${n}`))
      )[0]!;
    const before = await loginOf();
    const reset = await call({
      method: 'POST',
      url: `/api/company/resetLoginPassword/${id}`,
      body: { password: 'Hijack-12345' },
      token,
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(403);
    const edit = await call({
      method: 'PATCH',
      url: `/api/company/${id}`,
      body: { version: company.body.content.version, password: 'Hijack-12345' },
      token,
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(403);
    expect((await loginOf()).passwordHash).toBe(before.passwordHash);
    // The supplier still signs in with its own password.
    await login(t.app, `guarded_supplier${n}`, PASSWORD);
  });
});
