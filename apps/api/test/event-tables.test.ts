import { defineEvent } from '@organiser/domain';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveTable } from '../src/db/entity-tables';
import { entityTables } from '../src/db/schema/entities';
import { createEngine } from '../src/engine/engine';
import { registerEntityRoutes } from '../src/engine/routes/routes';
import {
  createEventTable,
  ensureMonthPartition,
  eventTableDdl,
  monthPartition,
} from '../src/engine/write/event-tables';
import { type Call, client, createEngineApp } from './engine/setup';

// Event entities: an append-only table partitioned by month of created_at, created from the DDL this module
// writes, on the real database (PGlite or PostgreSQL).

const t2 = (en: string, zh: string) => ({ en, zh });

const visit = defineEvent({
  name: 'visit_sample',
  labels: { singular: t2('Visit', '访问'), plural: t2('Visits', '访问') },
  permission: { menu: '/systemManage/system_log_list' },
  fields: {
    path: { kind: 'text', label: t2('Path', '路径'), required: true, list: { filter: 'like' } },
    companyId: { kind: 'integer', label: t2('Company', '企业') },
    isBot: { kind: 'boolean', label: t2('Bot', '爬虫'), default: false },
  },
  defaultSort: { field: 'createdAt', order: 'desc' },
  labelField: 'path',
});
entityTables.visit_sample = deriveTable(visit);

const visitRoutes: FastifyPluginAsync = async (app) => {
  registerEntityRoutes(app, createEngine(app.config.deployment, { visit_sample: visit }));
};

let t: Awaited<ReturnType<typeof createEngineApp>>;
let call: (c: Call) => ReturnType<ReturnType<typeof client>>;
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

beforeAll(async () => {
  t = await createEngineApp({ extraModules: [visitRoutes] });
  call = client(t.app, t.token);
  await createEventTable(t.db, visit);
});
afterAll(() => t?.close());

describe('event tables', () => {
  it('are append-only without history, by their definition', () => {
    expect(visit.capabilities).toMatchObject({ create: true, update: false, delete: false, history: false });
    const ddl = eventTableDdl(visit).join(';\n');
    expect(ddl).toContain('PARTITION BY RANGE ("created_at")');
    expect(ddl).toContain('PRIMARY KEY ("id", "created_at")');
    expect(ddl).toContain('"is_bot" boolean NOT NULL DEFAULT false');
    expect(monthPartition('visit_sample', new Date('2026-12-31T23:59:59Z'))).toEqual({
      name: 'visit_sample_p202612',
      from: '2026-12-01T00:00:00.000Z',
      to: '2027-01-01T00:00:00.000Z',
    });
  });

  it('put each row in the partition of its month, and rows of a month without one in the default', async () => {
    expect(await ensureMonthPartition(t.db, visit, new Date('2026-10-15T00:00:00Z'))).toBe(
      'visit_sample_p202610',
    );
    expect(await ensureMonthPartition(t.db, visit, new Date('2026-11-30T23:00:00Z'))).toBe(
      'visit_sample_p202611',
    );
    // asked again for a month it made, it answers from its cache
    expect(await ensureMonthPartition(t.db, visit, new Date('2026-11-01T00:00:00Z'))).toBe(
      'visit_sample_p202611',
    );
    await t.db.execute(sql`insert into visit_sample (path, created_at) values
      ('/a', '2026-10-01T00:00:00Z'), ('/b', '2026-10-31T23:59:59Z'), ('/c', '2026-11-01T00:00:00Z'),
      ('/d', '2027-03-05T00:00:00Z')`);
    const rows = rowsOf(
      await t.db.execute(sql`select path, tableoid::regclass::text as part from visit_sample order by path`),
    );
    expect(rows).toEqual([
      { path: '/a', part: 'visit_sample_p202610' },
      { path: '/b', part: 'visit_sample_p202610' },
      { path: '/c', part: 'visit_sample_p202611' },
      { path: '/d', part: 'visit_sample_default' },
    ]);
    // a month whose rows already sit in the default partition keeps them there
    expect(await ensureMonthPartition(t.db, visit, new Date('2027-03-01T00:00:00Z'))).toBe(
      'visit_sample_default',
    );
    const ids = rowsOf(await t.db.execute(sql`select id from visit_sample order by id`)).map((r) => r.id);
    expect(new Set(ids).size).toBe(4);
  });

  it('are read and appended through the engine routes', async () => {
    await ensureMonthPartition(t.db, visit, new Date());
    const created = await call({ method: 'POST', url: '/api/visit_sample', body: { path: '/now' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const part = rowsOf(
      await t.db.execute(
        sql`select tableoid::regclass::text as part from visit_sample where id = ${created.body.content.id}`,
      ),
    );
    expect(part[0]?.part).toBe(monthPartition('visit_sample', new Date()).name);
    const list = await call({ method: 'GET', url: '/api/visit_sample/list?path=%2F&size=50' });
    expect(list.status).toBe(200);
    expect(list.body.content.total).toBe(5);
  });
});
