import { entityRoutes, userManager } from '@organiser/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, systemLog } from '../src/db/schema';
import { entityTables } from '../src/db/schema/entities';
import { addMissingStaffRecords } from '../src/modules/users';
import { createAccountWithRole } from './engine/roles';
import { type Call, client, createEngineApp } from './engine/setup';
import { login } from './helpers';

// The account commands of user_manager (password reset, roles, interests, activation mail, a session's end):
// engine commands at the product's paths, so each runs the write sequence with the account rule's hook,
// bumps the account's version and leaves a history entry. Who may call each, on whose rows, malformed
// bodies (400, never 5xx), and the generated password shown once: never in history, the system log or a
// cache.

let t: Awaited<ReturnType<typeof createEngineApp>>;
let call: ReturnType<typeof client>;
let n = 0;
const table = entityTables.user_manager!;

beforeAll(async () => {
  t = await createEngineApp();
  call = client(t.app, t.token);
});
afterAll(() => t?.close());

async function createUser(patch: Record<string, unknown> = {}) {
  n++;
  const res = await call({
    method: 'POST',
    url: '/api/user_manager',
    body: { account: `cmd_t${n}`, password: 'Secret12345', email: `cmd${n}@example.com`, ...patch },
  });
  if (res.status !== 200) throw new Error(`user: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.content as { id: number; version: number; account: string };
}

/** A staff account (login and record) signed in, with these menus and resources. */
async function staffWith(menus: string[], resources: { method: string; url: string }[] = []) {
  n++;
  const account = `cmd_staff${n}`;
  await createAccountWithRole(t.db, { account, password: 'Secret12345', menus, resources });
  await addMissingStaffRecords(t.db);
  const [row] = await t.db.select().from(table).where(eq(table.account, account));
  return { id: Number(row!.id), account, token: await login(t.app, account, 'Secret12345') };
}

const historyOf = async (id: number) =>
  (await call({ method: 'GET', url: `/api/user_manager/${id}/history` })).body.content as {
    action: string;
    changes: { field: string; old: unknown; new: unknown }[];
  }[];

describe('the account commands are engine commands at the product paths', () => {
  it('the route table of user_manager holds the six paths, each a resource permission', () => {
    const routes = entityRoutes(userManager).filter((r) => r.key.startsWith('command:'));
    expect(routes.map((r) => `${r.method} ${r.pattern}`).sort()).toEqual([
      'POST /api/user_manager/adjust_points/:id',
      'POST /api/user_manager/config/:id',
      'POST /api/user_manager/reset_password/:id',
      'POST /api/user_manager/revoke_session/:id',
      'POST /api/user_manager/send_active_email/:id',
      'POST /api/user_manager/update_user_interest/:id',
    ]);
    const byPath = new Map(routes.map((r) => [r.pattern.split('/')[3], r.access]));
    expect(byPath.get('config')).toMatchObject({ kind: 'resource', menu: '/adminManage/admin_list' });
    expect(byPath.get('revoke_session')).toMatchObject({ menu: '/adminManage/admin_list' });
    expect(byPath.get('reset_password')).toMatchObject({
      menu: '/user/user_list',
      name: { en: 'Reset password', zh: '重置密码' },
    });
  });

  it('every write route of an account is an engine route, the two-step import included (a new one would skip the hook)', () => {
    const engine = new Set(entityRoutes(userManager).map((r) => `${r.method} ${r.pattern}`));
    expect(engine).toContain('POST /api/user_manager/upload');
    expect(engine).toContain('POST /api/user_manager/import');
    const writes = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/user_manager') && r.method !== 'GET' && r.method !== 'HEAD')
      .filter((r) => r.access?.kind !== 'public' && r.access?.kind !== 'menu')
      .map((r) => `${r.method} ${r.url}`);
    expect(writes.length).toBeGreaterThan(15);
    expect(writes.filter((w) => !engine.has(w))).toEqual([]);
  });
});

describe('password reset', () => {
  it('shows the generated password once: not cached, not in history, not in the system log; the hash stored', async () => {
    const user = await createUser();
    const res = await call({ method: 'POST', url: `/api/user_manager/reset_password/${user.id}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const password = res.body.content.password as string;
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(res.raw.headers['cache-control']).toBe('no-store');
    const [row] = await t.db.select().from(table).where(eq(table.id, user.id));
    expect(String(row!.password)).not.toContain(password);
    expect(row!.version).toBe(user.version + 1);
    const history = await historyOf(user.id);
    expect(history[0]).toMatchObject({ action: 'resetPassword' });
    expect(history[0]!.changes).toContainEqual({ field: 'password', old: '******', new: '******' });
    expect(JSON.stringify(history)).not.toContain(password);
    await t.app.flushSystemLog();
    const logs = await t.db.select().from(systemLog).orderBy(desc(systemLog.id)).limit(20);
    const logged = logs.find((l) => l.url === `/api/user_manager/reset_password/${user.id}`);
    expect(logged).toBeDefined();
    expect(JSON.stringify(logs)).not.toContain(password);
  });

  it('is refused without its permission, and on an account that is gone (404)', async () => {
    const user = await createUser();
    const listOnly = await staffWith(['/user', '/user/user_list']);
    const refused = await call({
      method: 'POST',
      url: `/api/user_manager/reset_password/${user.id}`,
      token: listOnly.token,
    });
    expect(refused.status).toBe(403);
    const withReset = await staffWith(
      ['/user', '/user/user_list'],
      [{ method: 'POST', url: '/api/user_manager/reset_password/:id' }],
    );
    const done = await call({
      method: 'POST',
      url: `/api/user_manager/reset_password/${user.id}`,
      token: withReset.token,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    await call({ method: 'DELETE', url: `/api/user_manager/${user.id}` });
    expect((await call({ method: 'POST', url: `/api/user_manager/reset_password/${user.id}` })).status).toBe(
      404,
    );
  });
});

describe('role assignment', () => {
  it('records the roles before and after in the account history, and bumps its version', async () => {
    const staff = await staffWith([]);
    const roles = await call({ method: 'POST', url: '/api/role/list_by_user', body: { userId: staff.id } });
    const editor = roles.body.content.find((r: { code: string }) => r.code === 'editor');
    const [before] = await t.db.select().from(table).where(eq(table.id, staff.id));
    const set = await call({
      method: 'POST',
      url: `/api/user_manager/config/${staff.id}`,
      body: { ids: [editor.id] },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const [after] = await t.db.select().from(table).where(eq(table.id, staff.id));
    expect(after!.version).toBe(Number(before!.version) + 1);
    const [entry] = await historyOf(staff.id);
    expect(entry).toMatchObject({ action: 'assignRoles' });
    expect(entry!.changes).toContainEqual({ field: 'roles', old: expect.any(Array), new: ['editor'] });
  });

  it('refuses malformed bodies with 400 and changes nothing', async () => {
    const staff = await staffWith([]);
    const [before] = await t.db.select().from(table).where(eq(table.id, staff.id));
    const bodies: unknown[] = [
      {},
      { ids: 'all' },
      { ids: [-1] },
      { ids: [1.5] },
      { ids: [1], extra: true },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
      { ids: [2147483648] },
      [],
    ];
    for (const body of bodies) {
      const res = await call({ method: 'POST', url: `/api/user_manager/config/${staff.id}`, body });
      expect(res.status, `${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).toBe(400);
    }
    const [after] = await t.db.select().from(table).where(eq(table.id, staff.id));
    expect(after!.version).toBe(before!.version);
  });

  it('is refused to a caller with the user list only (the staff list grants it)', async () => {
    const staff = await staffWith([]);
    const caller = await staffWith(
      ['/user', '/user/user_list'],
      [{ method: 'POST', url: '/api/user_manager/reset_password/:id' }],
    );
    const res = await call({
      method: 'POST',
      url: `/api/user_manager/config/${staff.id}`,
      body: { ids: [] },
      token: caller.token,
    });
    expect(res.status).toBe(403);
  });
});

describe('sessions and interests', () => {
  it("ends only the account's own session: another account's session is 404 and stays open", async () => {
    const a = await staffWith([]);
    const b = await staffWith([]);
    const [bSession] = await t.db
      .select()
      .from(session)
      .where(eq(session.userId, await loginIdOf(b.id)));
    const res = await call({
      method: 'POST',
      url: `/api/user_manager/revoke_session/${a.id}`,
      body: { sessionId: bSession!.id },
    });
    expect(res.status).toBe(404);
    const [still] = await t.db.select().from(session).where(eq(session.id, bSession!.id));
    expect(still!.revokedAt).toBeNull();
    for (const body of [{}, { sessionId: 'not-a-uuid' }, { sessionId: bSession!.id, more: 1 }]) {
      const bad = await call({ method: 'POST', url: `/api/user_manager/revoke_session/${a.id}`, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    const own = await call({
      method: 'POST',
      url: `/api/user_manager/revoke_session/${b.id}`,
      body: { sessionId: bSession!.id },
    });
    expect(own.status).toBe(200);
    expect((await historyOf(b.id))[0]).toMatchObject({ action: 'revokeSession' });
  });

  it('records a change of interests in the history; malformed bodies are 400', async () => {
    const user = await createUser();
    const res = await call({
      method: 'POST',
      url: `/api/user_manager/update_user_interest/${user.id}`,
      body: { categoryIds: [] },
    });
    expect(res.body.content).toEqual({ categoryIds: [] });
    expect((await historyOf(user.id))[0]).toMatchObject({ action: 'setInterests' });
    for (const body of [{}, { categoryIds: ['x'] }, { categoryIds: [1], other: 1 }] as Call['body'][]) {
      const bad = await call({
        method: 'POST',
        url: `/api/user_manager/update_user_interest/${user.id}`,
        body,
      });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
  });
});

async function loginIdOf(recordId: number): Promise<number> {
  const [row] = await t.db.select().from(table).where(eq(table.id, recordId));
  return Number(row!.loginId);
}
