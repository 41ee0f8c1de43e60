import { entities } from '@organiser/domain';
import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema';
import { entityTables } from '../../src/db/schema/entities';
import { createTestApp, type TestApp } from '../helpers';

// The derived tables are what drizzle-kit turned into the committed migration: each registered entity is
// exported by name (drizzle-kit sees only top-level exports), and the migrated database has its columns
// and indexes.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** The tables of the registered entities (test files add probe entities' tables of their own beside them). */
const registeredTables = () =>
  Object.values(entities).flatMap((def) => (entityTables[def.name] ? [entityTables[def.name]!] : []));

describe('entity tables', () => {
  it('exports every registered entity’s table by its camelCase key', () => {
    for (const def of Object.values(entities)) {
      // A view reads its base's table.
      if (def.source) {
        expect(entityTables[def.name]).toBeUndefined();
        continue;
      }
      expect(
        (schema as Record<string, unknown>)[def.key],
        `export ${def.key} from src/db/schema/entities.ts`,
      ).toBe(entityTables[def.name]);
    }
  });

  it('gives every index a name no other table uses', () => {
    const names = registeredTables().flatMap((table) =>
      getTableConfig(table).indexes.map((i) => i.config.name),
    );
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives a filter no index of its own on a column a unique index leads with, and an event its key', () => {
    const indexes = (name: string) =>
      getTableConfig(entityTables[name]!).indexes.map((i) => ({
        name: i.config.name,
        unique: i.config.unique,
        columns: i.config.columns.map((c) => (c as { name?: string }).name),
      }));
    // behaviour events: the event id is filtered on, and the key (event id, time) leads with it
    const events = indexes('behaviour_event');
    expect(events).toContainEqual({
      name: 'behaviour_event_event_key',
      unique: true,
      columns: ['event_id', 'created_at'],
    });
    expect(events.filter((i) => i.columns[0] === 'event_id')).toHaveLength(1);
    // permissions: the type is filtered on, and (type, method, url) are unique together
    const permissions = indexes('permission');
    expect(permissions.filter((i) => i.columns[0] === 'type').map((i) => i.unique)).toEqual([true]);
    // a filter on a column no unique index leads with keeps its index
    expect(events.map((i) => i.name)).toContain('behaviour_event_user_id_idx');
  });

  it('matches the migrated database: every column and index exists (generate the migration when this fails)', async () => {
    for (const table of registeredTables()) {
      const config = getTableConfig(table);
      const columns = rowsOf(
        await t.db.execute(
          sql`select column_name from information_schema.columns where table_name = ${config.name}`,
        ),
      ).map((r) => r.column_name);
      expect(columns.sort(), config.name).toEqual(config.columns.map((c) => c.name).sort());
      const indexes = rowsOf(
        await t.db.execute(sql`select indexname from pg_indexes where tablename = ${config.name}`),
      ).map((r) => r.indexname);
      for (const index of config.indexes) expect(indexes, config.name).toContain(index.config.name);
    }
  });
});
