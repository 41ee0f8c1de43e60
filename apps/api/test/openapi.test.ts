import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
