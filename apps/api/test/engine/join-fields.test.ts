import { defineEntity, type EntityDef, t } from '@organiser/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProbeApp } from './setup';
import { exportFile, importFile } from './transfer-helpers';

// A `relationMany` field kept in a join table (`through`): the entity's table has no column for it; create,
// update, read, list, history, revert, export and removal read and write the join table's rows, and a
// related record its rows still name is not removed. Test-only entities, their tables created here.

const probeTag = defineEntity({
  name: 'probe_tag',
  labels: { singular: t('Probe tag', '探针标签'), plural: t('Probe tags', '探针标签') },
  permission: { menu: '/company/company_tag_list' },
  fields: { name: { kind: 'text', label: t('Name', '名称'), required: true, maxLength: 50 } },
  defaultSort: { field: 'createdAt', order: 'desc' },
  labelField: 'name',
}) as EntityDef;

const probeGroup = defineEntity({
  name: 'probe_group',
  labels: { singular: t('Probe group', '探针组'), plural: t('Probe groups', '探针组') },
  permission: { menu: '/company/company_tag_list' },
  fields: {
    name: { kind: 'text', label: t('Name', '名称'), required: true, maxLength: 50 },
    tagIds: {
      kind: 'relationMany',
      label: t('Tags', '标签'),
      to: 'probe_tag',
      labelField: 'name',
      through: { table: 'probe_group_tag', source: 'group_id', target: 'tag_id' },
      list: { filter: 'in' },
    },
  },
  defaultSort: { field: 'createdAt', order: 'desc' },
  labelField: 'name',
  commands: { keepFirst: { label: t('Keep the first tag', '只留第一个标签'), target: 'record' } },
}) as EntityDef;

let s: Awaited<ReturnType<typeof createProbeApp>>;
let call: Awaited<ReturnType<typeof createProbeApp>>['call'];
let ok: Awaited<ReturnType<typeof createProbeApp>>['ok'];

beforeAll(async () => {
  s = await createProbeApp({ probe_tag: probeTag, probe_group: probeGroup }, (ext) =>
    ext.command('probe_group', 'keepFirst', async (_tx, _ctx, { row }) => ({
      set: { tagIds: (row!.tagIds as number[]).slice(0, 1) },
    })),
  );
  ({ call, ok } = s);
  await s.db.execute(
    sql.raw(
      'create table probe_group_tag (group_id integer not null, tag_id integer not null, primary key (group_id, tag_id))',
    ),
  );
  await s.db.execute(sql.raw('create index probe_group_tag_tag_id_idx on probe_group_tag (tag_id)'));
});
afterAll(() => s?.close());

async function tags(...names: string[]): Promise<number[]> {
  const out: number[] = [];
  for (const name of names)
    out.push(
      (await ok({ method: 'POST', url: '/api/probe_tag', body: { name: `${name} ${Date.now()}` } })).id,
    );
  return out;
}

/** What the join table holds for a group, as the permission checks of a real one would read it. */
async function joinRows(groupId: number): Promise<number[]> {
  const result = await s.db.execute(
    sql`select tag_id from probe_group_tag where group_id = ${groupId} order by tag_id`,
  );
  return (result as unknown as { rows: { tag_id: number }[] }).rows.map((r) => r.tag_id);
}

describe('a relationMany field kept in a join table', () => {
  it('has no column of its own; create writes the join rows and reads answer them in id order', async () => {
    const columns = await s.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'probe_group'`,
    );
    expect(
      (columns as unknown as { rows: { column_name: string }[] }).rows.map((r) => r.column_name),
    ).not.toContain('tag_ids');
    const [a, b] = await tags('Join A', 'Join B');
    const created = await ok({
      method: 'POST',
      url: '/api/probe_group',
      body: { name: 'G1', tagIds: [b, a] },
    });
    expect(created.tagIds).toEqual([a, b]);
    expect(await joinRows(created.id)).toEqual([a, b]);
    const read = await ok({ method: 'GET', url: `/api/probe_group/${created.id}` });
    expect(read).toMatchObject({
      tagIds: [a, b],
      tagIdsLabels: [expect.stringContaining('Join A'), expect.stringContaining('Join B')],
    });
    const list = await ok({ method: 'GET', url: '/api/probe_group/list?size=50' });
    expect(list.list.find((r: { id: number }) => r.id === created.id)).toMatchObject({ tagIds: [a, b] });
  });

  it('PUT of what GET returned changes nothing; a change replaces the rows, is in history and reverts', async () => {
    const [a, b, c] = await tags('Join C', 'Join D', 'Join E');
    const created = await ok({
      method: 'POST',
      url: '/api/probe_group',
      body: { name: 'G2', tagIds: [a, b] },
    });
    const read = await ok({ method: 'GET', url: `/api/probe_group/${created.id}` });
    const same = await ok({
      method: 'PUT',
      url: `/api/probe_group/${created.id}`,
      body: { name: read.name, tagIds: read.tagIds, version: read.version },
    });
    expect(same.version).toBe(1);
    const changed = await ok({
      method: 'PUT',
      url: `/api/probe_group/${created.id}`,
      body: { name: 'G2', tagIds: [c], version: 1 },
    });
    expect(changed).toMatchObject({ version: 2, tagIds: [c] });
    expect(await joinRows(created.id)).toEqual([c]);
    const history = await ok({ method: 'GET', url: `/api/probe_group/${created.id}/history` });
    expect(history[0]).toMatchObject({
      action: 'update',
      changes: [{ field: 'tagIds', old: [a, b], new: [c] }],
    });
    const reverted = await ok({ method: 'POST', url: `/api/probe_group/${created.id}/revert/1` });
    expect(reverted).toMatchObject({ version: 3, tagIds: [a, b] });
    expect(await joinRows(created.id)).toEqual([a, b]);
    await ok({
      method: 'PATCH',
      url: `/api/probe_group/${created.id}`,
      body: { name: 'G2 renamed', version: 3 },
    });
    expect(await joinRows(created.id)).toEqual([a, b]);
    const emptied = await ok({
      method: 'PATCH',
      url: `/api/probe_group/${created.id}`,
      body: { tagIds: [], version: 4 },
    });
    expect(emptied.tagIds).toEqual([]);
    expect(await joinRows(created.id)).toEqual([]);
  });

  it('refuses an unknown related id with a field error and writes nothing', async () => {
    const [a] = await tags('Join F');
    const created = await ok({ method: 'POST', url: '/api/probe_group', body: { name: 'G3', tagIds: [a] } });
    const res = await call({
      method: 'PUT',
      url: `/api/probe_group/${created.id}`,
      body: { name: 'G3', tagIds: [a, 2_000_000_000], version: 1 },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.content)).toContain('tagIds');
    for (const tagIds of ['1', [null], { a: 1 }]) {
      const bad = await call({
        method: 'PUT',
        url: `/api/probe_group/${created.id}`,
        body: { name: 'G3', tagIds, version: 1 },
      });
      expect(bad.status).toBe(400);
    }
    expect(await joinRows(created.id)).toEqual([a]);
    expect((await ok({ method: 'GET', url: `/api/probe_group/${created.id}` })).version).toBe(1);
  });

  it('exports the labels; a related record still named is not deleted; deleting the record removes its rows', async () => {
    const [a] = await tags('Join Export');
    const created = await ok({ method: 'POST', url: '/api/probe_group', body: { name: 'G4', tagIds: [a] } });
    const file = await call({ method: 'GET', url: '/api/probe_group/export?format=csv' });
    expect(file.status).toBe(200);
    expect(file.raw.body).toMatch(/G4,Join Export \d+/);
    expect((await call({ method: 'DELETE', url: `/api/probe_tag/${a}` })).status).toBe(409);
    expect((await ok({ method: 'GET', url: `/api/probe_tag/${a}` })).id).toBe(a);
    await ok({ method: 'DELETE', url: `/api/probe_group/${created.id}` });
    expect(await joinRows(created.id)).toEqual([]);
    await ok({ method: 'DELETE', url: `/api/probe_tag/${a}` });
  });

  it('an import row writes the join rows, with an import entry in history', async () => {
    const [a, b] = await tags('Join Import A', 'Join Import B');
    const created = await ok({ method: 'POST', url: '/api/probe_group', body: { name: 'G5', tagIds: [a] } });
    const file = await exportFile(s.app, s.token, probeGroup, 'format=csv&purpose=import');
    expect(file.status).toBe(200);
    const text = file.body.toString('utf8');
    expect(text).toContain(`${created.id},G5,${a}`);
    const edited = Buffer.from(text.replace(`${created.id},G5,${a}`, `${created.id},G5,"${a}, ${b}"`));
    const done = await importFile(s.app, s.token, probeGroup, edited, 'csv', false);
    expect(done.body.content, JSON.stringify(done.body)).toMatchObject({ dryRun: false, invalid: 0 });
    expect(await joinRows(created.id)).toEqual([a, b]);
    const history = await ok({ method: 'GET', url: `/api/probe_group/${created.id}/history` });
    expect(history[0]).toMatchObject({
      action: 'import',
      changes: [{ field: 'tagIds', old: [a], new: [a, b] }],
    });
  });

  it('a command that sets the field writes the join rows, recorded in history', async () => {
    const [a, b] = await tags('Join Command A', 'Join Command B');
    const created = await ok({
      method: 'POST',
      url: '/api/probe_group',
      body: { name: 'G6', tagIds: [a, b] },
    });
    const done = await ok({ method: 'POST', url: `/api/probe_group/keepFirst/${created.id}` });
    expect(done).toMatchObject({ version: 2, tagIds: [a] });
    expect(await joinRows(created.id)).toEqual([a]);
    const history = await ok({ method: 'GET', url: `/api/probe_group/${created.id}/history` });
    expect(history[0]).toMatchObject({
      action: 'keepFirst',
      changes: [{ field: 'tagIds', old: [a, b], new: [a] }],
    });
  });

  it('filters the list by the ids a record holds (eq or in), refusing a malformed value', async () => {
    const [a, b, c] = await tags('Join Filter A', 'Join Filter B', 'Join Filter C');
    const ga = await ok({ method: 'POST', url: '/api/probe_group', body: { name: 'F-a', tagIds: [a] } });
    const gab = await ok({ method: 'POST', url: '/api/probe_group', body: { name: 'F-ab', tagIds: [a, b] } });
    await ok({ method: 'POST', url: '/api/probe_group', body: { name: 'F-c', tagIds: [c] } });
    const names = async (query: string) =>
      (await ok({ method: 'GET', url: `/api/probe_group/list?size=50&${query}` })).list
        .map((r: { name: string }) => r.name)
        .sort();
    expect(await names(`tagIds=${b}`)).toEqual(['F-ab']);
    expect(await names(`tagIds=${a}`)).toEqual(['F-a', 'F-ab']);
    expect(await names(`tagIds=${b},${c}`)).toEqual(['F-ab', 'F-c']);
    const page = await ok({ method: 'GET', url: `/api/probe_group/list?size=50&tagIds=${a}` });
    expect(page.total).toBe(2);
    expect(page.list.find((r: { id: number }) => r.id === gab.id).tagIds).toEqual([a, b]);
    expect(page.list.find((r: { id: number }) => r.id === ga.id).tagIds).toEqual([a]);
    expect((await call({ method: 'GET', url: '/api/probe_group/list?tagIds=x' })).status).toBe(400);
  });
});
