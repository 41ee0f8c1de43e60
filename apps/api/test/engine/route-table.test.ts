import { actionUrl, entities, entityRoutes, entityUrl, routePermission } from '@organiser/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineApp } from './setup';

// The route table (packages/domain/src/routes) lists exactly the routes the server registers for every
// registered entity: method, path and who may call them. Read from the OpenAPI document the running server
// serves, which describes every route under /api with its access (`x-access`).

type Served = { method: string; path: string; access: unknown; tags: string[] };
let served: Served[];
let t: Awaited<ReturnType<typeof createEngineApp>>;

beforeAll(async () => {
  t = await createEngineApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { 'x-access'?: unknown; tags?: string[] }>>;
  };
  served = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      access: op['x-access'],
      tags: op.tags ?? [],
    })),
  );
});
afterAll(() => t?.close());

const byRoute = (a: Pick<Served, 'path' | 'method'>, b: Pick<Served, 'path' | 'method'>) =>
  `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`);

describe.each(Object.values(entities).map((def) => [def.name, def] as const))('entity %s', (name, def) => {
  it('lists what the server registers: method, path and access', () => {
    const base = `/api/${name}`;
    // A module's own routes under the entity's path carry the module's tag, not the entity's.
    const registered = served
      .filter((r) => (r.path === base || r.path.startsWith(`${base}/`)) && r.tags.includes(name))
      .map(({ tags: _, ...r }) => r)
      .sort(byRoute);
    const table = entityRoutes(def)
      .map((r) => ({ method: r.method, path: r.path, access: r.access }))
      .sort(byRoute);
    expect(table).toEqual(registered);
  });

  it('builds the URLs the console calls and the permissions that grant them', async () => {
    const routes = entityRoutes(def);
    expect(new Set(routes.map((r) => r.key)).size).toBe(routes.length);
    const list = await t.app.inject({
      method: 'GET',
      url: `${entityUrl(def, 'list')}?size=1`,
      headers: { 'x-token': t.token },
    });
    expect(list.statusCode).toBe(200);
    expect(entityUrl(def, 'read', { id: 12 })).toBe(`/api/${name}/12`);
    for (const action of Object.keys(def.actions)) {
      expect(actionUrl(def, action, 7)).toBe(`/api/${name}/${action}/7`);
      expect(actionUrl(def, action)).toBe(`/api/${name}/batch/${action}`);
    }
    for (const route of routes) {
      const permission = routePermission(route);
      if (route.access.kind !== 'resource') expect(permission).toBeNull();
      else
        expect(permission).toEqual({
          method: route.method === 'PATCH' ? 'PUT' : route.method,
          url: route.pattern,
        });
    }
  });
});
