import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppModule } from '../../src/extensions';
import { multipart } from '../helpers';
import { type Call, client, createEngineApp } from './setup';

// The one write pipeline: hooks registered by a module fire on every write path (create, update, delete,
// restore, purge, revert, import, status actions, batches and commands), in registration order; a
// beforeWrite issue refuses a status action too, and an afterWrite throw rolls it back.

type Seen = { hook: string; action: string; ids: number[] };
const seen: Seen[] = [];
let refuseStatus: string | null = null;
let failAfterWrite = false;

const probe = (tag: string): AppModule => ({
  name: `probe-${tag}`,
  register: (ext) =>
    ext.hooks('customer_service', {
      beforeValidate: (_ctx, body) => {
        seen.push({ hook: `${tag}:beforeValidate`, action: '', ids: [] });
        return body;
      },
      beforeWrite: async (_ctx, values) => {
        seen.push({ hook: `${tag}:beforeWrite`, action: '', ids: [] });
        if (tag === 'a' && refuseStatus && values.status === refuseStatus)
          return [{ path: 'status', message: { en: 'Not now', zh: '现在不行' } }];
        return [];
      },
      afterWrite: async (_tx, _ctx, event) => {
        seen.push({
          hook: `${tag}:afterWrite`,
          action: event.action,
          ids: event.rows.map((r) => Number((r.after ?? r.before)!.id)),
        });
        if (tag === 'a' && failAfterWrite) throw new Error('afterWrite refused');
      },
      afterCommit: async (_ctx, event) => {
        seen.push({ hook: `${tag}:afterCommit`, action: event.action, ids: [] });
        // An afterCommit error is logged, never thrown: the write stands.
        if (tag === 'b') throw new Error('after commit');
      },
    }),
});

let t: Awaited<ReturnType<typeof createEngineApp>>;
let call: (c: Call) => ReturnType<ReturnType<typeof client>>;
let companyId: number;
let companyName: string;

beforeAll(async () => {
  t = await createEngineApp({ extraModules: [probe('a'), probe('b')] });
  call = client(t.app, t.token);
  companyName = 'Pipeline Probe Hardware Co., Ltd.';
  const company = await call({
    method: 'POST',
    url: '/api/company',
    body: {
      name: companyName,
      logo: 'demo/logo-p.png',
      backgroundImg: 'demo/bg-p.png',
      account: 'pipelineprobe',
      telphone: '86-13800000000',
      introduce: 'Probe.',
      email: 'probe@example.com',
      countryCode: 'CN',
      belong: '330000/330200',
      belongAddress: 'No. 1 Road',
    },
  });
  expect(company.status).toBe(200);
  companyId = company.body.content.id;
});
afterAll(() => t?.close());

const afterWrites = () => seen.filter((s) => s.hook.endsWith(':afterWrite'));

async function contact(name: string) {
  const res = await call({ method: 'POST', url: '/api/customer_service', body: { companyId, name } });
  expect(res.status).toBe(200);
  return res.body.content as { id: number; version: number };
}

describe('the write pipeline', () => {
  it('fires each module’s hooks, in registration order, on every write path', async () => {
    seen.length = 0;
    const first = await contact('First');
    expect(seen.map((s) => s.hook)).toEqual([
      'a:beforeValidate',
      'b:beforeValidate',
      'a:beforeWrite',
      'b:beforeWrite',
      'a:afterWrite',
      'b:afterWrite',
      'a:afterCommit',
      'b:afterCommit',
    ]);
    const second = await contact('Second');
    let v = (await call({ method: 'GET', url: `/api/customer_service/${first.id}` })).body.content.version;
    const put = await call({
      method: 'PUT',
      url: `/api/customer_service/${first.id}`,
      body: { version: v, position: 'Sales' },
    });
    expect(put.status).toBe(200);
    const patch = await call({
      method: 'PATCH',
      url: `/api/customer_service/${first.id}`,
      body: { version: put.body.content.version, remark: 'x' },
    });
    expect(patch.status).toBe(200);
    v = patch.body.content.version;
    expect(
      (await call({ method: 'POST', url: `/api/customer_service/${first.id}/revert/${v - 1}` })).status,
    ).toBe(200);
    expect((await call({ method: 'POST', url: `/api/customer_service/disable/${first.id}` })).status).toBe(
      200,
    );
    expect(
      (await call({ method: 'POST', url: '/api/customer_service/batch/enable', body: { ids: [first.id] } }))
        .status,
    ).toBe(200);
    expect(
      (await call({ method: 'POST', url: `/api/customer_service/setDefault/${second.id}` })).status,
    ).toBe(200);
    expect((await call({ method: 'DELETE', url: `/api/customer_service/${second.id}` })).status).toBe(200);
    expect((await call({ method: 'POST', url: `/api/customer_service/restore/${second.id}` })).status).toBe(
      200,
    );
    expect(
      (await call({ method: 'POST', url: '/api/customer_service/batch/delete', body: { ids: [second.id] } }))
        .status,
    ).toBe(200);
    expect((await call({ method: 'DELETE', url: `/api/customer_service/purge/${second.id}` })).status).toBe(
      200,
    );
    const form = await multipart({
      file: {
        filename: 'c.csv',
        type: 'text/csv',
        data: Buffer.from(`Name,Company\nImported,"${companyName}"\n`),
      },
    });
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/customer_service/import?dryRun=false',
      headers: { 'x-token': t.token, ...form.headers },
      payload: form.payload,
    });
    expect(imported.json().content, JSON.stringify(imported.json().content.rows)).toMatchObject({
      created: 1,
      invalid: 0,
    });
    const actions = afterWrites()
      .filter((s) => s.hook === 'a:afterWrite')
      .map((s) => s.action);
    expect(actions).toEqual([
      'create',
      'create',
      'update',
      'update',
      'revert',
      'disable',
      'enable',
      'setDefault',
      'delete',
      'restore',
      'delete',
      'purge',
      'import',
    ]);
    expect(seen.filter((s) => s.hook === 'b:afterCommit')).toHaveLength(actions.length);
  });

  it('a status action respects beforeWrite (400, nothing changes) and rolls back on an afterWrite throw', async () => {
    const one = await contact('Refused');
    refuseStatus = 'disabled';
    const refused = await call({ method: 'POST', url: `/api/customer_service/disable/${one.id}` });
    refuseStatus = null;
    expect(refused.status).toBe(400);
    expect(refused.body.content.errors).toEqual([{ path: 'status', message: 'Not now' }]);
    failAfterWrite = true;
    const failed = await call({
      method: 'POST',
      url: '/api/customer_service/batch/disable',
      body: { ids: [one.id] },
    });
    failAfterWrite = false;
    expect(failed.status).toBe(500);
    const after = await call({ method: 'GET', url: `/api/customer_service/${one.id}` });
    expect(after.body.content).toMatchObject({ status: 'enabled', version: one.version });
    const history = await call({ method: 'GET', url: `/api/customer_service/${one.id}/history` });
    expect(history.body.content.map((h: { action: string }) => h.action)).toEqual(['create']);
  });
});
