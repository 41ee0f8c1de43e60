import type { JoinTable } from '@organiser/domain';
import { sql } from 'drizzle-orm';
import type { EngineEntity } from '../entity';
import { joinFieldsOf, joinSourceIn } from '../read/join-fields';
import type { Row, Tx } from '../write-context';

/** Writes the join fields among `values` for the record `id`: its rows in each join table become exactly the
 * ids given (each once). Fields not among the values keep their rows. Runs inside the write's transaction. */
export async function writeJoinValues(
  tx: Tx,
  entity: EngineEntity,
  id: number,
  values: Record<string, unknown>,
): Promise<void> {
  for (const { name, through } of joinFieldsOf(entity)) {
    if (!(name in values)) continue;
    const ids = [...new Set(((values[name] as number[] | null) ?? []).map(Number))];
    await tx.execute(sql`delete from ${sql.identifier(through.table)} where ${joinSourceIn(through, [id])}`);
    if (ids.length === 0) continue;
    const pairs = sql.join(
      ids.map((target) => sql`(${id}, ${target})`),
      sql`, `,
    );
    await tx.execute(
      sql`insert into ${sql.identifier(through.table)} (${sql.identifier(through.source)}, ${sql.identifier(through.target)}) values ${pairs}`,
    );
  }
}

/** Removes the join rows of records removed for good (a join table need not cascade). */
export async function removeJoinRows(tx: Tx, entity: EngineEntity, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const ids = rows.map((r) => Number(r.id));
  for (const { through } of joinFieldsOf(entity))
    await tx.execute(sql`delete from ${sql.identifier(through.table)} where ${joinSourceIn(through, ids)}`);
}

/** Whether any record's join field holds one of `ids` (a record still pointed at). */
export async function isJoinTarget(tx: Tx, through: JoinTable, ids: readonly number[]): Promise<boolean> {
  const result = await tx.execute(
    sql`select 1 from ${sql.identifier(through.table)} where ${sql.identifier(through.target)} in ${[...ids]} limit 1`,
  );
  return (result as { rows: unknown[] }).rows.length > 0;
}
