import { count, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { EngineEntity, Row } from '../engine';

/** One page of an entity's rows matching `where` in `order`, with how many match: the marketplace's paged reads
 * (a buyer's consults, conversations, a conversation's messages). */
export async function pageOfRows(
  db: Db,
  entity: EngineEntity,
  where: SQL | undefined,
  order: SQL[],
  { page, size }: { page: number; size: number },
): Promise<{ total: number; rows: Row[] }> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(entity.table).where(where);
  const rows = (await db
    .select()
    .from(entity.table)
    .where(where)
    .orderBy(...order)
    .limit(size)
    .offset((page - 1) * size)) as Row[];
  return { total: Number(total), rows };
}
