import type { EffectiveValue, EntityRecord } from '@organiser/domain';
import { and, inArray } from 'drizzle-orm';
import type { Engine, EngineEntity } from '../entity';
import type { Row, Tx } from '../write-context';
import { toApiValue } from './records';
import { liveOnly } from './row-scope';

// Inherited fields: a company's limit or flag left empty takes its package's value. Responses
// carry `effective: { <field>: { value, source } }`; the source is the entity's own name, the related
// entity's name, or `none` when neither has a value.

/** Effective values of the visible inherited fields of each record (API values), by record id. */
export async function effectiveValues(
  db: Tx,
  engine: Engine,
  entity: EngineEntity,
  records: Record<string, unknown>[],
): Promise<Map<number, Record<string, EffectiveValue>>> {
  const out = new Map<number, Record<string, EffectiveValue>>();
  const own = entity.def.source ?? entity.def.name;
  const inherited = [...entity.states.values()].filter((s) => !s.isHidden && s.field.inherit);
  if (inherited.length === 0) return out;
  const related = new Map<string, Map<number, Row>>();
  for (const via of new Set(inherited.map((s) => s.field.inherit!.via))) {
    const field = entity.def.fields[via];
    const target = field?.kind === 'relation' ? engine.get(field.to) : undefined;
    const ids = [...new Set(records.map((r) => r[via]).filter((v): v is number => typeof v === 'number'))];
    const rows =
      target && ids.length
        ? ((await db
            .select()
            .from(target.table)
            .where(and(inArray(target.col('id'), ids), ...liveOnly(target)))) as Row[])
        : [];
    related.set(via, new Map(rows.map((r) => [Number(r.id), r])));
  }
  for (const record of records) {
    const values: Record<string, EffectiveValue> = {};
    for (const s of inherited) {
      const { via, field = s.name } = s.field.inherit!;
      const mine = record[s.name];
      if (mine !== null && mine !== undefined) {
        values[s.name] = { value: mine, source: own };
        continue;
      }
      const viaField = entity.def.fields[via];
      const target = viaField?.kind === 'relation' ? engine.get(viaField.to) : undefined;
      const row = related.get(via)?.get(Number(record[via]));
      const theirs =
        row && target?.def.fields[field] ? toApiValue(target.def.fields[field], row[field]) : null;
      values[s.name] =
        theirs === null || theirs === undefined
          ? { value: null, source: 'none' }
          : { value: theirs, source: target!.def.name };
    }
    out.set(Number(record.id), values);
  }
  return out;
}

/** Adds `effective` to records of an entity with inherited fields. */
export async function withEffective(
  db: Tx,
  engine: Engine,
  entity: EngineEntity,
  records: EntityRecord[],
): Promise<EntityRecord[]> {
  const values = await effectiveValues(db, engine, entity, records);
  if (values.size === 0) return records;
  for (const r of records) r.effective = values.get(r.id) ?? {};
  return records;
}
