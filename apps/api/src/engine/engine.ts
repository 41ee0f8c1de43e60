import { type DeploymentConfig, type EntityDef, entities } from '@organiser/domain';
import { assertQuotaKeys } from '../quota/quota';
import { registerDynamicFormOwners } from './dynamic-forms';
import { type Engine, engineEntity } from './entity';

export function createEngine(
  config: Pick<DeploymentConfig, 'fieldPolicy'>,
  registry: Record<string, EntityDef> = entities,
): Engine {
  const list = Object.values(registry).map((def) =>
    engineEntity(def, config, registry === entities ? undefined : registry),
  );
  for (const entity of list) assertQuotaKeys(entity.def);
  registerDynamicFormOwners(list.map((e) => e.def));
  const byName = new Map(list.map((e) => [e.def.name, e]));
  // A view's fields are its base's columns: the base already answers for what points elsewhere.
  const tables = list.filter((e) => !e.def.source);
  return {
    list,
    get: (name) => byName.get(name),
    referencesTo: (name) =>
      tables.flatMap((entity) =>
        Object.entries(entity.def.fields).flatMap(([field, f]) => {
          if ((f.kind === 'relation' || f.kind === 'relationMany') && f.to === name) {
            return [{ entity, field, isMany: f.kind === 'relationMany' }];
          }
          if (f.kind === 'treeRelation' && entity.def.name === name)
            return [{ entity, field, isMany: false }];
          return [];
        }),
      ),
  };
}
