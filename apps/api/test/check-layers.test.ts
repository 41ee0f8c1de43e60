import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// scripts/check-layers.mjs (npm run lint:layers) on small trees written here: each rule fires on an import
// against it, and imports that follow the layers pass.

const script = path.join(import.meta.dirname, '..', '..', '..', 'scripts', 'check-layers.mjs');
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** Writes `files` (path → content) under a new folder and runs the checker on it. */
function check(files: Record<string, string>) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'layers-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const run = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  return { status: run.status, lines: run.stderr.split('\n').filter((l) => l.includes('→')) };
}

const api = 'apps/api/src';
const web = 'apps/console/src';

/** Files that follow the layers: modules use the engine through its index, the engine uses db and the domain,
 * plugins use access, pages use all. */
const clean: Record<string, string> = {
  [`${api}/app.ts`]: "import { routes } from './modules/routes';\nexport const app = routes;\n",
  [`${api}/modules/routes.ts`]: "import { engine } from '../engine';\nexport const routes = engine;\n",
  [`${api}/engine/index.ts`]: "export { engine } from './engine';\n",
  [`${api}/plugins/auth.ts`]: "import { read } from '../access/sessions';\nexport const auth = read;\n",
  [`${api}/access/sessions.ts`]: "import { db } from '../db/client';\nexport const read = db;\n",
  [`${api}/db/client.ts`]: 'export const db = 1;\n',
  [`${api}/engine/engine.ts`]:
    "import type { Table } from '../db/schema/table';\nimport { rows } from './rows.js';\nexport const engine = (t: Table) => rows(t);\n",
  [`${api}/engine/rows.ts`]:
    "import { entities } from '@organiser/domain';\nexport const rows = (t: unknown) => [t, entities];\n",
  [`${api}/engine/rows.test.ts`]: "import { routes } from '../modules/routes';\nexport const x = routes;\n",
  [`${api}/db/schema/table.ts`]: 'export type Table = { name: string };\n',
  [`${web}/widgets/text.tsx`]: "import { label } from '../i18n/label';\nexport const Text = label;\n",
  [`${web}/i18n/label.ts`]: "// import { page } from '../pages/page';\nexport const label = 'x';\n",
  [`${web}/engine/list.tsx`]: "import { Text } from '../widgets/text';\nexport const List = Text;\n",
  [`${web}/api/client.ts`]:
    "import { entities } from '@organiser/domain';\nexport const client = entities;\n",
  [`${web}/engine/index.ts`]: "export { List } from './list';\n",
  [`${web}/pages/page.tsx`]:
    "import { List } from '../engine';\nimport { client } from '../api/client';\nexport const page = [List, client];\n",
  'packages/domain/src/index.ts': "export { entities } from './entities';\n",
  'packages/domain/src/entities/index.ts': 'export const entities = {};\n',
};

describe('check-layers', () => {
  it('passes a tree whose imports follow the layers (test files are not read)', () => {
    expect(check(clean)).toEqual({ status: 0, lines: [] });
  });

  it('fires each rule on an import against it, as `file → imported file (rule)`', () => {
    const { status, lines } = check({
      ...clean,
      [`${api}/db/schema/uses-engine.ts`]: "import { engine } from '../../engine/engine';\n",
      [`${api}/db/client.ts`]: "import { routes } from '../modules/routes';\n",
      [`${api}/db/seed.ts`]: "import { hash } from '../security/hash';\n",
      [`${api}/access/guard.ts`]: "import { engine } from '../engine';\n",
      [`${api}/access/scope.ts`]: "import { routes } from '../modules/routes';\n",
      [`${api}/modules/deep.ts`]: "import { rows } from '../engine/rows';\n",
      [`${api}/plugins/deep.ts`]: "import type { Table } from '../engine/engine';\n",
      [`${api}/plugins/uses-module.ts`]: "import { routes } from '../modules/routes';\n",
      [`${api}/config/load.ts`]: "import type { Table } from '../engine/engine';\n",
      [`${api}/storage/local.ts`]: "export { routes } from '../modules/routes';\n",
      [`${api}/security/hash.ts`]: "const engine = await import('../engine/engine');\n",
      [`${api}/quota/count.ts`]: "import '../modules/routes';\n",
      [`${api}/engine/auth.ts`]: "import { routes } from '../modules/routes';\n",
      [`${api}/engine/envelope.ts`]: "import { ok } from '../plugins/envelope';\n",
      [`${api}/plugins/envelope.ts`]: 'export const ok = 1;\n',
      [`${api}/engine/app-use.ts`]: "import { app } from '../app';\n",
      [`${web}/widgets/select.tsx`]: "import { List } from '../engine/list';\n",
      [`${web}/widgets/upload/hint.tsx`]: "import { page } from '../../pages/page';\n",
      [`${web}/widgets/frame.tsx`]: "import { Layout } from '../layout/frame';\n",
      [`${web}/layout/frame.tsx`]: 'export const Layout = 1;\n',
      [`${web}/engine/form.tsx`]: "import { page } from '../pages/page';\n",
      [`${web}/widgets/session.tsx`]: "import { boot } from '../app/boot';\n",
      [`${web}/app/boot.ts`]: "import { List } from '../engine/list';\nexport const boot = List;\n",
      [`${web}/navigation/menu.ts`]: "import { page } from '../pages/page';\n",
      [`${web}/api/uses-engine.ts`]: "import { List } from '../engine/list';\n",
      [`${web}/api/uses-page.ts`]: "import {\n  page,\n} from '../pages/page';\n",
      'packages/domain/src/uses-app.ts': "import { app } from '../../../apps/api/src/app';\n",
      'packages/domain/src/uses-api.ts': "import { x } from '@organiser/api';\n",
    });
    expect(status).toBe(1);
    const lower =
      'db/, http/, security/, quota/, storage/, config/ never import engine/, modules/ or plugins/';
    const engine = 'engine/ never imports modules/, plugins/ or app.ts';
    const widgets = 'widgets/ never import engine/, pages/, layout/ or app/';
    const navigation = 'navigation/ never imports app/, engine/, pages/ or layout/';
    const engineIndex =
      'the console enters engine/ only through engine/index.ts (engine/loaders.ts for the frame)';
    const consoleApi = 'api/ never imports engine/ or pages/';
    const domain = 'packages/domain never imports apps/';
    const access = 'access/ never imports engine/, modules/ or plugins/';
    const door = 'modules/ and plugins/ enter engine/ only through engine/index.ts';
    expect(lines.sort()).toEqual(
      [
        `${api}/db/seed.ts → ${api}/security/hash.ts (db/ never imports security/ or access/)`,
        `${api}/access/guard.ts → ${api}/engine/index.ts (${access})`,
        `${api}/access/scope.ts → ${api}/modules/routes.ts (${access})`,
        `${api}/modules/deep.ts → ${api}/engine/rows.ts (${door})`,
        `${api}/plugins/deep.ts → ${api}/engine/engine.ts (${door})`,
        `${api}/plugins/uses-module.ts → ${api}/modules/routes.ts (plugins/ never import modules/)`,
        `${api}/db/schema/uses-engine.ts → ${api}/engine/engine.ts (db/schema never imports engine/)`,
        `${api}/db/client.ts → ${api}/modules/routes.ts (${lower})`,
        `${api}/config/load.ts → ${api}/engine/engine.ts (${lower})`,
        `${api}/storage/local.ts → ${api}/modules/routes.ts (${lower})`,
        `${api}/security/hash.ts → ${api}/engine/engine.ts (${lower})`,
        `${api}/quota/count.ts → ${api}/modules/routes.ts (${lower})`,
        `${api}/engine/auth.ts → ${api}/modules/routes.ts (${engine})`,
        `${api}/engine/envelope.ts → ${api}/plugins/envelope.ts (${engine})`,
        `${api}/engine/app-use.ts → ${api}/app.ts (${engine})`,
        `${web}/widgets/select.tsx → ${web}/engine/list.tsx (${widgets})`,
        `${web}/widgets/upload/hint.tsx → ${web}/pages/page.tsx (${widgets})`,
        `${web}/widgets/frame.tsx → ${web}/layout/frame.tsx (${widgets})`,
        `${web}/engine/form.tsx → ${web}/pages/page.tsx (engine/ never imports pages/)`,
        `${web}/widgets/session.tsx → ${web}/app/boot.ts (${widgets})`,
        `${web}/app/boot.ts → ${web}/engine/list.tsx (${engineIndex})`,
        `${web}/navigation/menu.ts → ${web}/pages/page.tsx (${navigation})`,
        `${web}/api/uses-engine.ts → ${web}/engine/list.tsx (${consoleApi})`,
        `${web}/api/uses-page.ts → ${web}/pages/page.tsx (${consoleApi})`,
        `packages/domain/src/uses-app.ts → apps/api/src/app.ts (${domain})`,
        `packages/domain/src/uses-api.ts → @organiser/api (${domain})`,
      ].sort(),
    );
  });

  it('names the files of a circle within one folder, and not a circle across folders', () => {
    const { status, lines } = check({
      ...clean,
      [`${api}/engine/a.ts`]: "import { b } from './b';\nexport const a = b;\n",
      [`${api}/engine/b.ts`]: "import type { C } from './c';\nexport const b = 1 as unknown as C;\n",
      [`${api}/engine/c.ts`]: "import { a } from './a';\nexport type C = typeof a;\n",
      [`${web}/state/x.ts`]: "import { y } from '../api/y';\nexport const x = y;\n",
      [`${web}/api/y.ts`]: "import { x } from '../state/x';\nexport const y = x;\n",
    });
    expect(status).toBe(1);
    expect(lines).toEqual([
      `${api}/engine/a.ts → b.ts → c.ts → a.ts (no circle of imports among the files of one folder: 3 files)`,
    ]);
  });

  it("names a circle among an engine's sub-folders and files", () => {
    const { status, lines } = check({
      ...clean,
      [`${web}/engine/list/table.tsx`]: "import { Cell } from '../cells/cell';\nexport const Table = Cell;\n",
      [`${web}/engine/cells/cell.tsx`]: "import type { Slot } from '../slots';\nexport const Cell = 1;\n",
      [`${web}/engine/slots.ts`]:
        "import type { Table } from './list/table';\nexport type Slot = typeof Table;\n",
    });
    expect(status).toBe(1);
    expect(lines).toEqual([
      `${web}/engine/cells/ → slots.ts → list/ → cells/ (no circle of imports among the sub-folders and files of one folder: 3 parts)`,
    ]);
  });
});
