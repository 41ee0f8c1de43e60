import { defineEntity, type EntityDef, t } from '@organiser/domain';
import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveTable } from '../../src/db/entity-tables';
import { createProbeApp } from './setup';

// Fields unique together (a permission's type, method and url): a create, an edit or a restore that repeats
// another live record's values is 409 naming the fields, and nothing is written; the derived table has the
// unique index, so a write that races past the check is refused the same way. A test-only entity.

const probeRoute = defineEntity({
  name: 'probe_route',
  labels: { singular: t('Probe route', '探针路由'), plural: t('Probe routes', '探针路由') },
  permission: { menu: '/company/company_tag_list' },
  fields: {
    method: { kind: 'text', label: t('Method', '请求方式'), required: true, maxLength: 10 },
    url: { kind: 'text', label: t('Url', '地址'), required: true, maxLength: 100 },
    note: { kind: 'text', label: t('Note', '备注'), maxLength: 100 },
  },
  uniqueTogether: [['method', 'url']],
  defaultSort: { field: 'createdAt', order: 'desc' },
  softDelete: true,
  labelField: 'url',
}) as EntityDef;

let s: Awaited<ReturnType<typeof createProbeApp>>;

beforeAll(async () => {
  s = await createProbeApp({ probe_route: probeRoute });
  // the index the entity's migration would create (the derived table declares it)
  await s.db.execute(
    sql.raw(
      'create unique index probe_route_method_url_unique on probe_route (method, url) where deleted_at is null',
    ),
  );
});
afterAll(() => s?.close());

const count = async () => (await s.ok({ method: 'GET', url: '/api/probe_route/list?size=50' })).total;

describe('fields unique together', () => {
  it('refuses a repeated combination on create, edit and restore, naming the fields, and writes nothing', async () => {
    const first = await s.ok({ method: 'POST', url: '/api/probe_route', body: { method: 'GET', url: '/a' } });
    await s.ok({ method: 'POST', url: '/api/probe_route', body: { method: 'POST', url: '/a' } });
    const other = await s.ok({ method: 'POST', url: '/api/probe_route', body: { method: 'GET', url: '/b' } });
    const total = await count();
    const again = await s.call({
      method: 'POST',
      url: '/api/probe_route',
      body: { method: 'GET', url: '/a' },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Method, Url already exists');
    const zh = await s.call({
      method: 'POST',
      url: '/api/probe_route',
      body: { method: 'GET', url: '/a' },
      lang: 'zh',
    });
    expect(zh.body.message).toBe('请求方式、地址已存在');
    expect(await count()).toBe(total);

    const moved = await s.call({
      method: 'PATCH',
      url: `/api/probe_route/${other.id}`,
      body: { url: '/a', version: other.version },
    });
    expect(moved.status).toBe(409);
    expect((await s.ok({ method: 'GET', url: `/api/probe_route/${other.id}` })).url).toBe('/b');
    // its own values sent back are no repetition
    const same = await s.call({
      method: 'PUT',
      url: `/api/probe_route/${first.id}`,
      body: { method: 'GET', url: '/a', note: 'kept', version: first.version },
    });
    expect(same.status).toBe(200);

    await s.ok({ method: 'DELETE', url: `/api/probe_route/${first.id}` });
    const taken = await s.ok({ method: 'POST', url: '/api/probe_route', body: { method: 'GET', url: '/a' } });
    expect((await s.call({ method: 'POST', url: `/api/probe_route/restore/${first.id}` })).status).toBe(409);
    await s.ok({ method: 'DELETE', url: `/api/probe_route/${taken.id}` });
    expect((await s.call({ method: 'POST', url: `/api/probe_route/restore/${first.id}` })).status).toBe(200);
  });

  it('declares the unique index, and a write racing past the check is refused the same way', async () => {
    const indexes = getTableConfig(deriveTable(probeRoute)).indexes.map((ix) => ix.config.name);
    expect(indexes).toContain('probe_route_method_url_unique');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        s.call({ method: 'POST', url: '/api/probe_route', body: { method: 'PUT', url: '/race' } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409))
      expect(a.body.message).toBe('Method, Url already exists');
  });
});
