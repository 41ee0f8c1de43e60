import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONSOLE_CLIENT_DIR, renderConsoleClient } from './console-client';
import { createTestApp, type TestApp } from './helpers';
import { OPENAPI_FILE, renderOpenApi } from './openapi-document';

// The committed OpenAPI document (apps/api/openapi.json) is what the server serves, so every API change is a
// reviewable diff of that file.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('the committed OpenAPI document is the one the server serves', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  const served = renderOpenApi(res.json());
  let committed = '';
  try {
    committed = readFileSync(OPENAPI_FILE, 'utf8');
  } catch {}
  if (committed === served) return;
  const [a, b] = [committed.split('\n'), served.split('\n')];
  const line = a.findIndex((text, i) => text !== b[i]);
  expect.fail(
    `apps/api/openapi.json differs from the document the server serves (first at line ${line + 1}: ` +
      `committed ${JSON.stringify(a[line]?.trim())}, served ${JSON.stringify(b[line]?.trim())}): ` +
      'run `npm run openapi` and commit it',
  );
});

it('names every operation once and describes every tag it uses', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  const document = res.json() as {
    paths: Record<string, Record<string, { operationId?: string; tags?: string[]; responses: object }>>;
    tags: { name: string; description?: string }[];
  };
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      at: `${method.toUpperCase()} ${path}`,
      ...operation,
    })),
  );
  expect(operations.filter((o) => !o.operationId).map((o) => o.at)).toEqual([]);
  const ids = operations.map((o) => o.operationId);
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  const described = new Set(document.tags.filter((tag) => tag.description).map((tag) => tag.name));
  expect([...new Set(operations.flatMap((o) => o.tags ?? []))].filter((tag) => !described.has(tag))).toEqual(
    [],
  );
  // engine routes are named entity then verb, from the route table
  const byId = new Map(operations.map((o) => [o.operationId, o.at]));
  expect(byId.get('company_list')).toBe('GET /api/company/list');
  expect(byId.get('company_get')).toBe('GET /api/company/{id}');
  expect(byId.get('company_audit_pass')).toBe('POST /api/company_audit/pass/{id}');
  expect(byId.get('company_audit_batch_pass')).toBe('POST /api/company_audit/batch/pass');
  expect(byId.get('user_login')).toBe('POST /api/user/login');
  // refusals refer to the one shared error response
  expect(document.paths['/api/company/list']?.get?.responses).toMatchObject({
    '4XX': { $ref: '#/components/responses/Error' },
    '5XX': { $ref: '#/components/responses/Error' },
  });
});

// The console's typed client (apps/console/src/api/generated/) is what the served document generates; the
// console's typecheck compiles it, so a document openapi-typescript cannot turn into TypeScript fails there too.
it('the committed console client is the one the served document generates', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  const generated = await renderConsoleClient(JSON.parse(renderOpenApi(res.json())));
  for (const [name, text] of Object.entries(generated)) {
    let committed = '';
    try {
      committed = readFileSync(path.join(CONSOLE_CLIENT_DIR, name), 'utf8');
    } catch {}
    expect(
      committed === text,
      `apps/console/src/api/generated/${name} is stale: run \`npm run openapi\``,
    ).toBe(true);
  }
});
