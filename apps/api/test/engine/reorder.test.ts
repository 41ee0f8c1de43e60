import { defineEntity, type EntityDef } from '@organiser/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine';
import { registerEntityRoutes } from '../../src/engine/routes/routes';
import type { AppModule } from '../../src/extensions';
import { type Call, client, createEngineApp, createProbeTable } from './setup';

// A child entity with an order field gets `POST /api/<child>/reorder`: the parent's live children, listed
// first to last, get the order 1..n through the write pipeline (a version and a history entry each). A
// test-only child of company tags, its table created here.

const t = (en: string, zh: string) => ({ en, zh });
const probeItem = defineEntity({
  name: 'probe_item',
  labels: { singular: t('Probe item', '探针项'), plural: t('Probe items', '探针项') },
  permission: { menu: '/company/company_tag_list' },
  fields: {
    name: { kind: 'text', label: t('Name', '名称'), required: true, maxLength: 50 },
    tagId: {
      kind: 'relation',
      label: t('Tag', '标签'),
      to: 'company_tag',
      labelField: 'name',
      required: true,
    },
    position: { kind: 'integer', label: t('Position', '位置'), min: 0, default: 0 },
  },
  defaultSort: { field: 'position', order: 'asc' },
  softDelete: true,
  labelField: 'name',
  parent: { entity: 'company_tag', field: 'tagId', order: 'position' },
}) as EntityDef;

const probeModule: AppModule = {
  name: 'probe-children',
  register: (ext) =>
    ext.routes(async (app) =>
      registerEntityRoutes(app, createEngine(app.config.deployment, { probe_item: probeItem }), ext),
    ),
};

let s: Awaited<ReturnType<typeof createEngineApp>>;
let call: (c: Call) => ReturnType<ReturnType<typeof client>>;

beforeAll(async () => {
  s = await createEngineApp({ extraModules: [probeModule] });
  call = client(s.app, s.token);
  await createProbeTable(s.db, probeItem);
});
afterAll(() => s?.close());

async function tag(name: string) {
  return (await call({ method: 'POST', url: '/api/company_tag', body: { name } })).body.content as {
    id: number;
  };
}

async function item(tagId: number, name: string) {
  const res = await call({ method: 'POST', url: '/api/probe_item', body: { tagId, name } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.content as { id: number };
}

async function positions(tagId: number) {
  const res = await call({ method: 'GET', url: '/api/probe_item/list?size=50' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.content.list
    .filter((r: { tagId: number }) => r.tagId === tagId)
    .map((r: { name: string; position: number }) => `${r.name}:${r.position}`);
}

describe('reorder children', () => {
  it('sets the order field 1..n in the order given, with a history entry per moved child', async () => {
    const parent = await tag(`Reorder parent ${Date.now()}`);
    const a = await item(parent.id, 'A');
    const b = await item(parent.id, 'B');
    const c = await item(parent.id, 'C');
    const res = await call({
      method: 'POST',
      url: '/api/probe_item/reorder',
      body: { parentId: parent.id, ids: [c.id, a.id, b.id] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await positions(parent.id)).toEqual(['C:1', 'A:2', 'B:3']);
    const history = (await call({ method: 'GET', url: `/api/probe_item/${c.id}/history` })).body.content;
    expect(history[0]).toMatchObject({ action: 'reorder', changes: [{ field: 'position', old: 0, new: 1 }] });
  });

  it('refuses ids that are not exactly the parent’s live children (400 naming ids), changing nothing', async () => {
    const parent = await tag(`Reorder refused ${Date.now()}`);
    const other = await tag(`Reorder other ${Date.now()}`);
    const a = await item(parent.id, 'A');
    const b = await item(parent.id, 'B');
    const stranger = await item(other.id, 'X');
    for (const ids of [[a.id], [a.id, b.id, stranger.id], [a.id, a.id], [b.id, stranger.id]]) {
      const res = await call({
        method: 'POST',
        url: '/api/probe_item/reorder',
        body: { parentId: parent.id, ids },
      });
      expect(res.status, JSON.stringify(ids)).toBe(400);
      expect(res.body.message).toContain('ids');
    }
    await call({ method: 'DELETE', url: `/api/probe_item/${b.id}` });
    const trashed = await call({
      method: 'POST',
      url: '/api/probe_item/reorder',
      body: { parentId: parent.id, ids: [b.id, a.id] },
    });
    expect(trashed.status).toBe(400);
    for (const body of [
      { ids: [a.id] },
      { parentId: 'x', ids: [a.id] },
      { parentId: parent.id, ids: [a.id], more: 1 },
    ])
      expect((await call({ method: 'POST', url: '/api/probe_item/reorder', body })).status).toBe(400);
    expect(await positions(parent.id)).toEqual(['A:0']);
    expect(
      (
        await call({
          method: 'POST',
          url: '/api/probe_item/reorder',
          body: { parentId: parent.id, ids: [a.id] },
        })
      ).status,
    ).toBe(200);
    expect(await positions(parent.id)).toEqual(['A:1']);
  });
});
