import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseDeploymentConfig } from '../../src/config/load';
import { createEngine } from '../../src/engine';
import { registerEntityRoutes } from '../../src/engine/routes';
import { registerModules } from '../../src/extensions';
import { modules } from '../../src/modules';

// docs/adding-an-entity.md stays true: its worked example is the real company tag definition, and its route
// table is what the engine registers for it.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const doc = readFileSync(path.join(root, 'docs/adding-an-entity.md'), 'utf8');

describe('docs/adding-an-entity.md', () => {
  it('shows the company tag definition as it is', () => {
    const source = readFileSync(path.join(root, 'packages/domain/src/entities/company-tag.ts'), 'utf8');
    const block = doc.match(
      /`packages\/domain\/src\/entities\/company-tag\.ts`:\n\n```ts\n([\s\S]*?)```/,
    )?.[1];
    expect(block).toBe(source);
  });

  it('lists the routes the engine registers for company tags', async () => {
    const app = Fastify();
    const routes: string[] = [];
    app.decorate('config', { deployment: parseDeploymentConfig({}) } as never);
    app.decorate('db', null as never);
    app.addHook('onRoute', (r: RouteOptions) => {
      if (r.method !== 'HEAD') routes.push(`| ${r.method} | /api${r.url} | ${r.config?.access?.kind} |`);
    });
    await app.register(async (scope) =>
      registerEntityRoutes(scope, createEngine({ fieldPolicy: {} }), registerModules(modules)),
    );
    const cells = (line: string) =>
      line
        .split('|')
        .map((c) => c.trim())
        .join('|');
    const documented = doc
      .split('\n')
      .filter((line) => line.startsWith('| ') && line.includes('/api/company_tag'))
      .map(cells);
    expect(documented.sort()).toEqual(
      routes
        .filter((r) => r.includes('/api/company_tag'))
        .map(cells)
        .sort(),
    );
  });
});
