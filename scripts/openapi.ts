// Writes the OpenAPI document the API serves to apps/api/openapi.json (committed; test/openapi.test.ts checks
// it is current).   npm run openapi
import { readFileSync, writeFileSync } from 'node:fs';
import { OPENAPI_FILE, renderOpenApi, servedOpenApi } from '../apps/api/test/openapi-document.ts';

const text = renderOpenApi(await servedOpenApi());
let previous = '';
try {
  previous = readFileSync(OPENAPI_FILE, 'utf8');
} catch {}
if (previous === text) console.log(`${OPENAPI_FILE}: up to date.`);
else {
  writeFileSync(OPENAPI_FILE, text);
  console.log(`${OPENAPI_FILE}: written.`);
}
