import { defineEntity, type EntityDef } from '@organiser/domain';
import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { parseDeploymentConfig } from '../../src/config/load';
import { createEngine } from '../../src/engine';
import { registerEntityRoutes } from '../../src/engine/routes/routes';
import { createExtensions } from '../../src/extensions';
import { setupRouteAccess } from '../../src/plugins/route-access';

// Routes follow a definition's capabilities: a capability that is off has no route (the router answers 404)
// and, as the permission sync reads the route table, no permission. Test-only definitions, no database.

const t = (en: string, zh: string) => ({ en, zh });
const probe = (name: string, extra: Record<string, unknown> = {}) =>
  defineEntity({
    name,
    labels: { singular: t('Probe', '探针'), plural: t('Probes', '探针') },
    permission: { menu: '/company/company_tag_list' },
    fields: { name: { kind: 'text', label: t('Name', '名称'), required: true, maxLength: 50 } },
    defaultSort: { field: 'createdAt', order: 'desc' },
    softDelete: true,
    labelField: 'name',
    ...extra,
  } as never) as EntityDef;

const registry: Record<string, EntityDef> = {
  probe_full: probe('probe_full'),
  probe_quiet: probe('probe_quiet', { capabilities: { import: false, export: false, history: false } }),
  probe_read: probe('probe_read', { capabilities: { readOnly: true } }),
  probe_append: probe('probe_append', { capabilities: { appendOnly: true } }),
};

async function routesOf() {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', { deployment: parseDeploymentConfig({}) } as never);
  app.decorate('db', null as never);
  setupRouteAccess(app);
  const routes: string[] = [];
  app.addHook('onRoute', (r: RouteOptions) => {
    if (r.method !== 'HEAD') routes.push(`${r.method} ${r.url}`);
  });
  await app.register(async (scope) =>
    registerEntityRoutes(scope, createEngine({ fieldPolicy: {} }, registry), createExtensions()),
  );
  await app.ready();
  const of = (entity: string) => routes.filter((r) => r.split(' ')[1]!.split('/')[1] === entity).sort();
  const resources = (entity: string) =>
    app.routeTable
      .filter((r) => r.url.split('/')[1] === entity && r.access?.kind === 'resource')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
  return { app, of, resources };
}

describe('capabilities', () => {
  it('an entity with every capability has every route', async () => {
    const { of } = await routesOf();
    expect(of('probe_full')).toEqual(
      [
        'GET /probe_full/list',
        'GET /probe_full/trash',
        'GET /probe_full/options',
        'GET /probe_full/:id',
        'GET /probe_full/:id/history',
        'GET /probe_full/export',
        'POST /probe_full',
        'PUT /probe_full/:id',
        'PATCH /probe_full/:id',
        'DELETE /probe_full/:id',
        'POST /probe_full/batch/delete',
        'POST /probe_full/restore/:id',
        'DELETE /probe_full/purge/:id',
        'POST /probe_full/:id/revert/:version',
        'POST /probe_full/import',
      ].sort(),
    );
  });

  it('no import, export or history: those routes (and revert, which needs history) are gone', async () => {
    const { of, app } = await routesOf();
    const routes = of('probe_quiet');
    for (const gone of [
      'POST /probe_quiet/import',
      'GET /probe_quiet/export',
      'GET /probe_quiet/:id/history',
      'POST /probe_quiet/:id/revert/:version',
    ])
      expect(routes).not.toContain(gone);
    expect(routes).toContain('POST /probe_quiet');
    for (const [method, url] of [
      ['POST', '/probe_quiet/import'],
      ['GET', '/probe_quiet/1/history'],
      ['POST', '/probe_quiet/1/revert/1'],
    ] as const)
      expect((await app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(404);
  });

  it('read-only: reads only, no write resource in the permission tree', async () => {
    const { of, resources } = await routesOf();
    expect(of('probe_read')).toEqual(
      [
        'GET /probe_read/list',
        'GET /probe_read/options',
        'GET /probe_read/:id',
        'GET /probe_read/:id/history',
        'GET /probe_read/export',
      ].sort(),
    );
    expect(resources('probe_read')).toEqual([]);
  });

  it('append-only: records are added and imported, never changed, removed or trashed', async () => {
    const { resources } = await routesOf();
    expect(resources('probe_append')).toEqual(['POST /probe_append', 'POST /probe_append/import']);
  });
});
