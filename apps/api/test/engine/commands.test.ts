import { defineEntity, type EntityDef, enableStatus, media } from '@organiser/domain';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDeploymentConfig } from '../../src/config/load';
import { createEngine } from '../../src/engine';
import { registerEntityRoutes } from '../../src/engine/routes/routes';
import { type AppModule, createExtensions } from '../../src/extensions';
import { EDITOR, login, tryLogin, uploadFile } from '../helpers';
import { type Call, client, createEngineApp } from './setup';

// Declared commands: their routes (one record, a batch, the entity as a whole), permission, input
// validation, `when` condition, and the two real ones — a contact set as its company's default and a
// company's supplier login password reset. The batch and entity-wide variants use a test-only definition
// over the company tag table.

const t = (en: string, zh: string) => ({ en, zh });
const probeTag = defineEntity({
  name: 'probe_tag',
  table: 'company_tag',
  labels: { singular: t('Probe tag', '探针标签'), plural: t('Probe tags', '探针标签') },
  permission: { menu: '/company/company_tag_list' },
  fields: {
    name: { kind: 'text', label: t('Name', '名称'), required: true, maxLength: 50 },
    status: enableStatus(),
  },
  defaultSort: { field: 'createdAt', order: 'desc' },
  softDelete: true,
  labelField: 'name',
  commands: {
    suffix: {
      label: t('Add a suffix', '添加后缀'),
      target: 'both',
      when: { field: 'status', in: ['enabled'] },
      input: { text: { kind: 'text', label: t('Suffix', '后缀'), required: true, maxLength: 5 } },
    },
    ping: { label: t('Ping', '探测'), target: 'entity' },
    attach: {
      label: t('Attach images', '附加图片'),
      target: 'record',
      input: { images: media.images(t('Images', '图片'), { maxCount: 2 }) },
    },
  },
}) as EntityDef;

/** The same table without history: its writes leave no history rows. */
const quietTag = defineEntity({
  name: 'probe_quiet_tag',
  table: 'company_tag',
  labels: { singular: t('Quiet tag', '静默标签'), plural: t('Quiet tags', '静默标签') },
  permission: { menu: '/company/company_tag_list' },
  fields: {
    name: { kind: 'text', label: t('Name', '名称'), required: true, maxLength: 50 },
    status: enableStatus(),
  },
  defaultSort: { field: 'createdAt', order: 'desc' },
  softDelete: true,
  labelField: 'name',
  capabilities: { history: false },
}) as EntityDef;

const pings: unknown[] = [];
const attached: unknown[] = [];
const probeModule: AppModule = {
  name: 'probe-commands',
  register: (ext) => {
    ext.command('probe_tag', 'suffix', async (_tx, _ctx, { row, input }) => ({
      set: { name: `${row!.name}${input.text}` },
    }));
    ext.command('probe_tag', 'ping', async (_tx, _ctx, { input }) => void pings.push(input));
    ext.command('probe_tag', 'attach', async (_tx, _ctx, { input }) => void attached.push(input));
    ext.routes(async (app) =>
      registerEntityRoutes(
        app,
        createEngine(app.config.deployment, { probe_tag: probeTag, probe_quiet_tag: quietTag }),
        ext,
      ),
    );
  },
};

let s: Awaited<ReturnType<typeof createEngineApp>>;
let call: (c: Call) => ReturnType<ReturnType<typeof client>>;
let editorToken: string;
let n = 0;

beforeAll(async () => {
  s = await createEngineApp({ extraModules: [probeModule] });
  call = client(s.app, s.token);
  editorToken = await login(s.app, EDITOR.account, EDITOR.password);
});
afterAll(() => s?.close());

async function createCompany(patch: Record<string, unknown> = {}) {
  n++;
  const res = await call({
    method: 'POST',
    url: '/api/company',
    body: {
      name: `Command Probe ${n} Co., Ltd.`,
      logo: `demo/logo-c${n}.png`,
      backgroundImg: `demo/bg-c${n}.png`,
      account: `cmdprobe${n}`,
      telphone: '86-13800000000',
      introduce: 'Probe.',
      email: `cmd${n}@example.com`,
      countryCode: 'CN',
      belong: '330000/330200',
      belongAddress: 'No. 1 Road',
      ...patch,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.content as { id: number; account: string };
}

const errorsOf = (res: { body: { content: { errors: { path: string; message: string }[] } } }) =>
  Object.fromEntries(res.body.content.errors.map((e) => [e.path, e.message]));

describe('customer_service.setDefault', () => {
  it('moves the default to the contact; 409 naming the command when it already is; 403 without permission', async () => {
    const company = await createCompany();
    const add = async (name: string) =>
      (await call({ method: 'POST', url: '/api/customer_service', body: { companyId: company.id, name } }))
        .body.content as { id: number; isDefault: boolean };
    const first = await add('First');
    const second = await add('Second');
    expect([first.isDefault, second.isDefault]).toEqual([true, false]);

    const denied = await call({
      method: 'POST',
      url: `/api/customer_service/setDefault/${second.id}`,
      token: editorToken,
    });
    expect(denied.status).toBe(403);

    const done = await call({ method: 'POST', url: `/api/customer_service/setDefault/${second.id}` });
    expect(done.status).toBe(200);
    expect(done.body.content).toMatchObject({ id: second.id, isDefault: true });
    const read = async (id: number) =>
      (await call({ method: 'GET', url: `/api/customer_service/${id}` })).body.content;
    expect((await read(first.id)).isDefault).toBe(false);
    expect((await read(second.id)).isDefault).toBe(true);
    const history = (await call({ method: 'GET', url: `/api/customer_service/${second.id}/history` })).body
      .content;
    expect(history[0]).toMatchObject({
      action: 'setDefault',
      changes: [{ field: 'isDefault', old: false, new: true }],
    });

    for (const [lang, text] of [
      ['en', 'Set as default'],
      ['zh', '设为默认'],
    ] as const) {
      const again = await call({
        method: 'POST',
        url: `/api/customer_service/setDefault/${second.id}`,
        lang,
      });
      expect(again.status).toBe(409);
      expect(again.body.message).toContain(text);
    }
    const gone = await call({ method: 'POST', url: '/api/customer_service/setDefault/999999' });
    expect(gone.status).toBe(404);
  });
});

describe('customer_service.setDefault for a supplier account', () => {
  it('sets its own contact as default, and finds no other company’s contact (404)', async () => {
    const own = await createCompany({ password: 'Supplier-own-1' });
    const other = await createCompany();
    const add = async (companyId: number, name: string) =>
      (await call({ method: 'POST', url: '/api/customer_service', body: { companyId, name } })).body
        .content as {
        id: number;
      };
    await add(own.id, 'Own first');
    const ownSecond = await add(own.id, 'Own second');
    await add(other.id, 'Other first');
    const otherSecond = await add(other.id, 'Other second');
    const supplier = await login(s.app, own.account, 'Supplier-own-1');
    const mine = await call({
      method: 'POST',
      url: `/api/customer_service/setDefault/${ownSecond.id}`,
      token: supplier,
    });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.content.isDefault).toBe(true);
    const theirs = await call({
      method: 'POST',
      url: `/api/customer_service/setDefault/${otherSecond.id}`,
      token: supplier,
    });
    expect(theirs.status).toBe(404);
    expect(
      (await call({ method: 'GET', url: `/api/customer_service/${otherSecond.id}` })).body.content.isDefault,
    ).toBe(false);
  });
});

describe('company.resetLoginPassword', () => {
  it('validates the password (400 naming it), sets the supplier login’s password, records it masked', async () => {
    const company = await createCompany({ password: 'First-pass-1' });
    const url = `/api/company/resetLoginPassword/${company.id}`;
    expect(
      (await call({ method: 'POST', url, body: { password: 'New-pass-2' }, token: editorToken })).status,
    ).toBe(403);

    const missing = await call({ method: 'POST', url, body: {} });
    expect(missing.status).toBe(400);
    expect(Object.keys(errorsOf(missing))).toEqual(['password']);
    const short = await call({ method: 'POST', url, body: { password: 'short' }, lang: 'zh' });
    expect(short.status).toBe(400);
    expect(errorsOf(short).password).toMatch(/新登录密码/);
    const extra = await call({ method: 'POST', url, body: { password: 'New-pass-2', other: 1 } });
    expect(extra.status).toBe(400);

    const done = await call({ method: 'POST', url, body: { password: 'New-pass-2' } });
    expect(done.status).toBe(200);
    expect(JSON.stringify(done.body)).not.toContain('New-pass-2');
    expect((await tryLogin(s.app, company.account, 'First-pass-1')).statusCode).not.toBe(200);
    await expect(login(s.app, company.account, 'New-pass-2')).resolves.toBeTruthy();
    const history = (await call({ method: 'GET', url: `/api/company/${company.id}/history` })).body.content;
    expect(history[0]).toMatchObject({
      action: 'resetLoginPassword',
      changes: [{ field: 'password', old: '******', new: '******' }],
    });
    expect(JSON.stringify(history)).not.toContain('New-pass-2');
  });

  it('is documented in OpenAPI with its input', async () => {
    const doc = (await s.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/company/resetLoginPassword/{id}']?.post;
    expect(op).toBeTruthy();
    expect(JSON.stringify(op.requestBody)).toContain('password');
  });
});

describe('a command on a batch and on the entity', () => {
  it('runs on the given ids, skipping records whose state does not allow it; checks the input', async () => {
    const add = async (name: string) =>
      (await call({ method: 'POST', url: '/api/probe_tag', body: { name } })).body.content as { id: number };
    const a = await add(`Batch A ${Date.now()}`);
    const b = await add(`Batch B ${Date.now()}`);
    expect((await call({ method: 'POST', url: `/api/probe_tag/disable/${b.id}` })).status).toBe(200);

    const bad = await call({
      method: 'POST',
      url: '/api/probe_tag/suffix',
      body: { ids: [a.id], text: 'toolong' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(errorsOf(bad))).toEqual(['text']);
    const noTarget = await call({ method: 'POST', url: '/api/probe_tag/suffix', body: { text: '!' } });
    expect(noTarget.status).toBe(400);

    const res = await call({
      method: 'POST',
      url: '/api/probe_tag/suffix',
      body: { ids: [a.id, b.id, 999999], text: '!' },
    });
    expect(res.status).toBe(200);
    expect(res.body.content).toEqual({
      total: 3,
      succeeded: [a.id],
      skipped: [
        { id: b.id, reason: 'notAllowed' },
        { id: 999999, reason: 'notFound' },
      ],
    });
    const read = (await call({ method: 'GET', url: `/api/probe_tag/${a.id}` })).body.content;
    expect(read.name).toMatch(/!$/);
    const one = await call({ method: 'POST', url: `/api/probe_tag/suffix/${a.id}`, body: { text: '?' } });
    expect(one.body.content.name).toMatch(/!\?$/);
    expect(
      (await call({ method: 'POST', url: `/api/probe_tag/suffix/${b.id}`, body: { text: '?' } })).status,
    ).toBe(409);
    expect(
      (
        await call({
          method: 'POST',
          url: '/api/probe_tag/suffix',
          body: { ids: [a.id], text: '!' },
          token: editorToken,
        })
      ).status,
    ).toBe(403);
  });

  it('an entity-wide command takes its input alone', async () => {
    const res = await call({ method: 'POST', url: '/api/probe_tag/ping', body: {} });
    expect(res.status).toBe(200);
    expect(pings).toEqual([{}]);
    expect((await call({ method: 'POST', url: '/api/probe_tag/ping', body: { ids: [1] } })).status).toBe(400);
  });
});

describe("a command's file input", () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const MP4 = Buffer.concat([Buffer.from('0000001866747970', 'hex'), Buffer.alloc(200, 1)]);

  it('is checked by the engine with the upload rules before the handler runs', async () => {
    const tag = await call({ method: 'POST', url: '/api/probe_tag', body: { name: `Files ${++n}` } });
    expect(tag.status, JSON.stringify(tag.body)).toBe(200);
    const id = tag.body.content.id as number;
    const image = await uploadFile(
      s.app,
      s.token,
      { filename: 'a.png', type: 'image/png', data: PNG },
      'image',
    );
    const video = await uploadFile(
      s.app,
      s.token,
      { filename: 'clip.mp4', type: 'video/mp4', data: MP4 },
      'video',
    );
    attached.length = 0;
    for (const images of [[video], ['2026/01/no-such-file.png'], [image, image, image]]) {
      const res = await call({ method: 'POST', url: `/api/probe_tag/attach/${id}`, body: { images } });
      expect(res.status, JSON.stringify(images)).toBe(400);
      expect(JSON.stringify(res.body)).toContain('images');
    }
    expect(attached).toEqual([]);
    const res = await call({ method: 'POST', url: `/api/probe_tag/attach/${id}`, body: { images: [image] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(attached).toEqual([{ images: [image] }]);
  });
});

describe('an entity without history', () => {
  it('writes no history rows and has no history route', async () => {
    const created = await call({
      method: 'POST',
      url: '/api/probe_quiet_tag',
      body: { name: `Quiet ${Date.now()}` },
    });
    expect(created.status).toBe(200);
    const id = created.body.content.id;
    const v = created.body.content.version;
    expect(
      (
        await call({
          method: 'PUT',
          url: `/api/probe_quiet_tag/${id}`,
          body: { version: v, name: `Q ${id}` },
        })
      ).status,
    ).toBe(200);
    expect((await call({ method: 'POST', url: `/api/probe_quiet_tag/disable/${id}` })).status).toBe(200);
    expect((await call({ method: 'DELETE', url: `/api/probe_quiet_tag/${id}` })).status).toBe(200);
    const rows = await s.db.execute(
      sql`select count(*)::int as n from record_history where entity = 'probe_quiet_tag'`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect((await call({ method: 'GET', url: `/api/probe_quiet_tag/${id}/history` })).status).toBe(404);
  });
});

describe('command handlers at start', () => {
  let built: ReturnType<typeof createExtensions> | undefined;
  const build = async (register: (ext: ReturnType<typeof createExtensions>) => void) => {
    const ext = createExtensions();
    register(ext);
    built = ext;
    const app = Fastify();
    app.decorate('config', { deployment: parseDeploymentConfig({}) } as never);
    app.decorate('db', null as never);
    await app.register(async (scope) =>
      registerEntityRoutes(scope, createEngine({ fieldPolicy: {} }, { probe_tag: probeTag }), ext),
    );
  };
  const noop = async () => undefined;

  it('refuses a declared command without a handler', async () => {
    await expect(build((ext) => ext.command('probe_tag', 'ping', noop))).rejects.toThrow(
      'Declared commands without a handler (register one with ext.command): probe_tag.suffix',
    );
  });

  it('refuses a handler of a command the definition does not declare', async () => {
    await expect(
      build((ext) => {
        ext.command('probe_tag', 'suffix', noop);
        ext.command('probe_tag', 'ping', noop);
        ext.command('probe_tag', 'attach', noop);
        ext.command('probe_tag', 'pong', noop);
      }),
    ).rejects.toThrow('Command handlers for commands no definition declares: probe_tag.pong');
  });

  it('leaves a handler of an entity no engine serves unclaimed (buildApp refuses to start with one)', async () => {
    await build((ext) => {
      ext.command('probe_tag', 'suffix', noop);
      ext.command('probe_tag', 'ping', noop);
      ext.command('probe_tag', 'attach', noop);
      ext.command('no_such_entity', 'suffix', noop);
    });
    expect(built!.unclaimedCommands()).toEqual(['no_such_entity.suffix']);
  });
});
