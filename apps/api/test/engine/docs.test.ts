import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseDeploymentConfig } from '../../src/config/load';
import { createEngine } from '../../src/engine';
import { registerEntityRoutes } from '../../src/engine/routes/routes';
import { registerModules } from '../../src/extensions';
import { modules } from '../../src/modules';
import { supplierOverviewRoutes } from '../../src/modules/supplier-overview';

// docs/adding-an-entity.md stays true: every code block introduced by a repository path is that file as it
// is, and the route tables of its worked examples are what the server registers for those entities.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const doc = readFileSync(path.join(root, 'docs/adding-an-entity.md'), 'utf8');

/** Code blocks introduced by a line holding only a repository path: "`packages/…/file.ts`:". */
const fileBlocks = [...doc.matchAll(/^`((?:packages|apps)\/[^`\s]+)`:\n\n```[a-z]*\n([\s\S]*?)```/gm)].map(
  (m) => ({ file: m[1]!, block: m[2]! }),
);

/** The routes the server registers: `| METHOD | /api/path | access |`. */
async function registeredRoutes(): Promise<string[]> {
  const app = Fastify();
  const routes: string[] = [];
  app.decorate('config', { deployment: parseDeploymentConfig({}) } as never);
  app.decorate('db', null as never);
  app.addHook('onRoute', (r: RouteOptions) => {
    if (r.method !== 'HEAD') routes.push(`| ${r.method} | /api${r.url} | ${r.config?.access?.kind} |`);
  });
  await app.register(async (scope) => {
    registerEntityRoutes(scope, createEngine({ fieldPolicy: {} }), registerModules(modules));
    await supplierOverviewRoutes(scope, {});
  });
  return routes;
}

const cells = (line: string) =>
  line
    .split('|')
    .map((c) => c.trim())
    .join('|');

/** Table rows (documented or registered) of one entity's routes, normalised and sorted. */
const rowsOf = (lines: string[], entity: string) =>
  lines
    .filter((line) => line.startsWith('| '))
    .map(cells)
    .filter((row) => {
      const url = row.split('|')[2] ?? '';
      return url === `/api/${entity}` || url.startsWith(`/api/${entity}/`);
    })
    .sort();

describe('docs/adding-an-entity.md', () => {
  it('shows the company tag definition as it is', () => {
    expect(fileBlocks.map((b) => b.file)).toContain('packages/domain/src/entities/company-tag.ts');
  });

  it('shows every file it names above a code block as the file is', () => {
    expect(fileBlocks.length).toBeGreaterThanOrEqual(3);
    for (const { file, block } of fileBlocks) {
      const source = readFileSync(path.join(root, file), 'utf8');
      expect(block, file).toBe(source);
    }
  });

  it.each(['company_tag', 'dict_item', 'supplier_overview'])(
    'lists the routes the server registers for %s',
    async (entity) => {
      const documented = rowsOf(doc.split('\n'), entity);
      expect(documented.length, `no route table for ${entity}`).toBeGreaterThan(0);
      expect(documented).toEqual(rowsOf(await registeredRoutes(), entity));
    },
  );
});
