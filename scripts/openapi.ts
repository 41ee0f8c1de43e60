// Writes the OpenAPI document the API serves to apps/api/openapi.json (committed; test/openapi.test.ts checks
// it is current), and the console's typed client generated from it to apps/console/src/api/generated/.
//   npm run openapi
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONSOLE_CLIENT_DIR, renderConsoleClient } from '../apps/api/test/console-client.ts';
import { OPENAPI_FILE, renderOpenApi, servedOpenApi } from '../apps/api/test/openapi-document.ts';

function write(file: string, text: string): void {
  let previous = '';
  try {
    previous = readFileSync(file, 'utf8');
  } catch {}
  if (previous === text) console.log(`${file}: up to date.`);
  else {
    writeFileSync(file, text);
    console.log(`${file}: written.`);
  }
}

const text = renderOpenApi(await servedOpenApi());
write(OPENAPI_FILE, text);
mkdirSync(CONSOLE_CLIENT_DIR, { recursive: true });
// The client is made from the document as committed, so what it says is what the file says.
for (const [name, content] of Object.entries(await renderConsoleClient(JSON.parse(text))))
  write(path.join(CONSOLE_CLIENT_DIR, name), content);
