import { defineEntity, type EntityDef, t } from '@organiser/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createProbeApp } from './setup';

// Where the product's API answers otherwise than the engine: a definition moves generated routes to other
// paths or leaves them out (the product's own call keeps its path), a tree answers a plain array in tree order,
// and a module shapes every record the entity's routes answer. A test-only tree entity, its table created here.

const probeNode = defineEntity({
  name: 'probe_node',
  labels: { singular: t('Probe node', '探针节点'), plural: t('Probe nodes', '探针节点') },
  permission: { menu: '/company/company_tag_list' },
  fields: {
    title: { kind: 'bilingual', label: t('Title', '标题'), required: 'en', maxLength: 50 },
    parentId: { kind: 'treeRelation', label: t('Parent', '上级'), labelField: 'title' },
    sortNo: { kind: 'integer', label: t('Order', '排序'), default: 0, list: { sortable: true } },
  },
  defaultSort: { field: 'sortNo', order: 'asc' },
  labelField: 'title',
  routes: { paths: { tree: 'list', list: 'page' }, omit: ['import', 'batchDelete'] },
  treeAnswer: 'flat',
}) as EntityDef;

let s: Awaited<ReturnType<typeof createProbeApp>>;
let call: Awaited<ReturnType<typeof createProbeApp>>['call'];
let ok: Awaited<ReturnType<typeof createProbeApp>>['ok'];

beforeAll(async () => {
  s = await createProbeApp({ probe_node: probeNode }, (ext) =>
    ext.answer('probe_node', {
      fields: { title: z.object({ en: z.string(), zh: z.string() }), isRoot: z.boolean() },
      shape: async (_request, records) => {
        for (const r of records) {
          r.title = { en: r.enTitle, zh: r.zhTitle || r.enTitle };
          r.isRoot = r.parentId === null;
        }
      },
    }),
  );
  ({ call, ok } = s);
});
afterAll(() => s?.close());

const node = (enTitle: string, parentId: number | null, sortNo: number) =>
  ok({ method: 'POST', url: '/api/probe_node', body: { enTitle, parentId, sortNo } });

describe('answers the product spells its own way', () => {
  it('answers the tree as a plain array in tree order on the moved path; the page moved aside', async () => {
    const b = await node('B', null, 2);
    const a = await node('A', null, 1);
    const b1 = await node('B1', b.id, 1);
    const a2 = await node('A2', a.id, 2);
    const a1 = await node('A1', a.id, 1);
    await node('A1x', a1.id, 1);
    const tree = await ok({ method: 'GET', url: '/api/probe_node/list' });
    expect(Array.isArray(tree)).toBe(true);
    expect(tree.map((r: { enTitle: string }) => r.enTitle)).toEqual(['A', 'A1', 'A1x', 'A2', 'B', 'B1']);
    expect(tree[0]).not.toHaveProperty('children');
    expect(tree.find((r: { id: number }) => r.id === a2.id)).toMatchObject({ parentId: a.id });
    const page = await ok({ method: 'GET', url: '/api/probe_node/page?size=2&sort=sortNo&order=asc' });
    expect(page).toMatchObject({ total: 6, page: 1, size: 2 });
    expect(page.list).toHaveLength(2);
    expect((await call({ method: 'GET', url: `/api/probe_node/${b1.id}` })).status).toBe(200);
  });

  it('leaves the omitted routes out entirely', async () => {
    expect((await call({ method: 'POST', url: '/api/probe_node/import' })).status).toBe(404);
    expect(
      (await call({ method: 'POST', url: '/api/probe_node/batch/delete', body: { ids: [1] } })).status,
    ).toBe(404);
    const urls = s.app.routeTable.map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('GET /api/probe_node/page');
    expect(urls).toContain('GET /api/probe_node/list');
    expect(
      urls.filter((u) => u.includes('probe_node/import') || u.includes('probe_node/batch/delete')),
    ).toEqual([]);
  });

  it('shapes every record the routes answer: list page, tree, one record and writes', async () => {
    const root = await node('Shaped', null, 9);
    expect(root).toMatchObject({ title: { en: 'Shaped', zh: 'Shaped' }, isRoot: true });
    const child = await ok({
      method: 'POST',
      url: '/api/probe_node',
      body: { enTitle: 'Child', zhTitle: '子', parentId: root.id },
    });
    expect(child).toMatchObject({ title: { en: 'Child', zh: '子' }, isRoot: false });
    expect(await ok({ method: 'GET', url: `/api/probe_node/${child.id}` })).toMatchObject({
      title: { en: 'Child', zh: '子' },
    });
    const edited = await ok({
      method: 'PUT',
      url: `/api/probe_node/${child.id}`,
      body: { enTitle: 'Child 2', version: child.version },
    });
    expect(edited).toMatchObject({ title: { en: 'Child 2', zh: '子' }, version: 2 });
    const page = await ok({ method: 'GET', url: '/api/probe_node/page?size=50' });
    expect(page.list.find((r: { id: number }) => r.id === child.id)).toMatchObject({
      title: { en: 'Child 2' },
    });
    const tree = await ok({ method: 'GET', url: '/api/probe_node/list' });
    expect(tree.find((r: { id: number }) => r.id === root.id)).toMatchObject({ isRoot: true });
  });
});
