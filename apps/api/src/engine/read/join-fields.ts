import { type FieldDef, isJoinField, type JoinTable } from '@organiser/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { EngineEntity } from '../entity';
import type { Row, Tx } from '../write-context';

// Fields kept in a join table (`relationMany` with `through`): the entity's own table has no column for them,
// so every row the engine reads gets their ids from the join table here, in one query per field for any
// number of rows. Rows then carry them like any other value: records, history, export and revert need nothing
// of their own.

export type JoinField = { name: string; through: JoinTable };

/** The entity's fields kept in a join table. */
export function joinFieldsOf(entity: EngineEntity): JoinField[] {
  return Object.entries(entity.def.fields).flatMap(([name, field]: [string, FieldDef]) =>
    isJoinField(field) ? [{ name, through: field.through }] : [],
  );
}

/** `source in (ids)` over a join table. */
export const joinSourceIn = (through: JoinTable, ids: readonly number[]): SQL =>
  sql`${sql.identifier(through.source)} in ${[...ids]}`;

/** The ids each record holds in one join table, in ascending order. */
async function joinedIds(db: Tx, through: JoinTable, ids: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = rowsOf(
    await db.execute(
      sql`select ${sql.identifier(through.source)} as "source", ${sql.identifier(through.target)} as "target"
          from ${sql.identifier(through.table)} where ${joinSourceIn(through, ids)} order by 2`,
    ),
  );
  for (const r of rows) out.get(Number(r.source))?.push(Number(r.target));
  return out;
}

/** Gives rows the values of the entity's join fields; a row that already carries one keeps it (the value a
 * write read before it changed the join table). Returns the same rows. */
export async function withJoinValues<R extends Row | null | undefined>(
  db: Tx,
  entity: EngineEntity,
  rows: R[],
): Promise<R[]> {
  for (const { name, through } of joinFieldsOf(entity)) {
    const missing = rows.filter((r): r is NonNullable<R> => Boolean(r) && !(name in r!));
    if (missing.length === 0) continue;
    const byId = await joinedIds(
      db,
      through,
      missing.map((r) => Number(r.id)),
    );
    for (const r of missing) (r as Row)[name] = byId.get(Number(r.id)) ?? [];
  }
  return rows;
}

/** Records whose join rows name one of `values` (a filter on a join field): a semi-join the join table's index
 * on its target column answers. */
export function joinHolds(entity: EngineEntity, through: JoinTable, values: readonly unknown[]): SQL {
  const ids = values.map(Number).filter(Number.isInteger);
  if (ids.length === 0) return sql`false`;
  return sql`exists (select 1 from ${sql.identifier(through.table)} where ${sql.identifier(through.source)} = ${entity.col('id')} and ${sql.identifier(through.target)} in ${ids})`;
}
