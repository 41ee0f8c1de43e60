import type { EntityDef } from '@organiser/domain';
import type { Db } from '../../db/client';
import { recordHistory } from '../../db/schema/entities';
import { engineEntity } from '../entity';
import { apiValues } from '../read/records';
import type { Row } from '../write-context';

// Demo data the modules seed is written straight to the tables, with the history a record created through
// the API would have.

/** Inserts demo rows of an entity (in slices, so a big seed stays a few statements) with a `create` history
 * row each, like records created through the API. The rows are written as given: only the entity's table and
 * stored values are needed, under no field policy. */
export async function insertDemoRows(db: Db, def: EntityDef, rows: Row[]): Promise<Row[]> {
  const entity = engineEntity(def, { fieldPolicy: {} }, { [def.name]: def });
  const out: Row[] = [];
  for (let i = 0; i < rows.length; i += 100) {
    const inserted = (await db
      .insert(entity.table)
      .values(rows.slice(i, i + 100))
      .returning()) as Row[];
    await db.insert(recordHistory).values(
      inserted.map((row) => ({
        entity: def.name,
        recordId: Number(row.id),
        version: 1,
        action: 'create',
        actorId: null,
        actorAccount: null,
        changes: Object.entries(apiValues(entity, row))
          .filter(([, v]) => v !== null)
          .map(([field, v]) => ({ field, old: null, new: v })),
      })),
    );
    out.push(...inserted);
  }
  return out;
}
