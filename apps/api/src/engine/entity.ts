import {
  type DeploymentConfig,
  type EntityDef,
  type EntityPolicy,
  type FieldState,
  fieldStateMap,
  getEntity,
  policyFor,
} from '@organiser/domain';
import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { deriveTables, type EntityTable, searchExpression } from '../db/entity-tables';
import { entityTables } from '../db/schema/entities';

/** An entity as the engine serves it in this deployment: its definition, table and field policy. */
export type EngineEntity = {
  def: EntityDef;
  table: EntityTable;
  policy: EntityPolicy;
  states: Map<string, FieldState>;
  /** The keyword expression the trigram index is built on. */
  search: SQL | null;
  /** Columns by JSON name (declared and system fields). */
  col: (name: string) => PgColumn;
};

export function engineEntity(
  def: EntityDef,
  config: Pick<DeploymentConfig, 'fieldPolicy'>,
  registry?: Record<string, EntityDef>,
): EngineEntity {
  // A view reads its base's table. A definition outside the schema (a registry of its own, as tests pass to
  // createEngine) gets its table derived here; the database must have it.
  const base = def.source ?? def.name;
  const table =
    entityTables[base] ?? (registry?.[base] ? deriveTables({ [base]: registry[base]! })[base] : undefined);
  if (!table) throw new Error(`Entity ${def.name} has no table: export it from src/db/schema/entities.ts`);
  const policy = policyFor(def, config.fieldPolicy);
  return {
    def,
    table,
    policy,
    states: fieldStateMap(def, policy),
    search: searchExpression(def, def.table),
    col: (name) => {
      const c = table[name] as PgColumn | undefined;
      if (!c) throw new Error(`${def.name} has no column for ${name}`);
      return c;
    },
  };
}

/** The engine entity of another registered entity (relation targets), under the same deployment. */
export function relatedEntity(
  name: string,
  config: Pick<DeploymentConfig, 'fieldPolicy'>,
): EngineEntity | null {
  const def = getEntity(name);
  return def ? engineEntity(def, config) : null;
}

/** The registered entities as this deployment serves them. */
export type Engine = {
  list: EngineEntity[];
  get: (name: string) => EngineEntity | undefined;
  /** Relation fields of any entity that point at `name` (a record they point at cannot be purged). */
  referencesTo: (name: string) => { entity: EngineEntity; field: string; isMany: boolean }[];
};
