import { entityLabel, isJoinField, type JoinTable, recordLabel } from '@organiser/domain';
import { inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../errors';
import type { EngineEntity } from '../entity';
import { withJoinValues } from '../read/join-fields';
import { loadRow } from '../read/row-scope';
import type { Row, Tx, WriteContext } from '../write-context';
import { type HistoryEntry, historyName, stamp, writeHistory } from './history';

// Records that other records hold through a many-relation kept in a join table: the roles granting a
// permission. With the definition's `deleteHeld: 'confirm'` such holdings do not refuse a delete outright: the
// delete names the holders and waits for the caller to confirm; the confirmed delete takes the record from each
// holder, which becomes a new version of the holder with its own history entry, so nothing changes unrecorded.

/** The records of one entity holding some of the deleted records through one of its join fields. */
export type Holding = { holder: EngineEntity; field: string; through: JoinTable; holderIds: number[] };

/** Who holds any of `ids` through a join field, per holding entity and field. */
export async function holdingsOf(ctx: Pick<WriteContext, 'db' | 'engine' | 'entity'>, ids: number[]) {
  const out: Holding[] = [];
  if (ids.length === 0) return out;
  for (const ref of ctx.engine.referencesTo(ctx.entity.def.name)) {
    const field = ref.entity.def.fields[ref.field]!;
    if (!isJoinField(field)) continue;
    const { through } = field;
    const rows = rowsOf(
      await ctx.db.execute(
        sql`select distinct ${sql.identifier(through.source)} as "id" from ${sql.identifier(through.table)}
            where ${sql.identifier(through.target)} in ${[...ids]} order by 1`,
      ),
    );
    if (rows.length)
      out.push({ holder: ref.entity, field: ref.field, through, holderIds: rows.map((r) => Number(r.id)) });
  }
  return out;
}

/** 409 `heldBy` naming the first holding's records (`content.holders`: their ids and names in both languages)
 * until the caller confirms. */
export async function assertHoldingsConfirmed(
  ctx: Pick<WriteContext, 'db' | 'entity' | 'lang' | 'rowScope'>,
  ids: number[],
  holdings: Holding[],
  confirm: boolean,
): Promise<void> {
  const [first] = holdings;
  if (!first || confirm) return;
  const holders = (await ctx.db
    .select()
    .from(first.holder.table)
    .where(inArray(first.holder.col('id'), first.holderIds))) as Row[];
  const names = holders.map((row) => ({
    id: Number(row.id),
    name: { en: recordLabel(first.holder.def, row, 'en'), zh: recordLabel(first.holder.def, row, 'zh') },
  }));
  const target = await loadRow(ctx.db, ctx.entity, ids[0]!, 'live', ctx.rowScope);
  throw new AppError('heldBy', {
    params: {
      entity: entityLabel(first.holder.def, ctx.lang, { plural: true }),
      label: target ? recordLabel(ctx.entity.def, target, ctx.lang) : `#${ids[0]}`,
      holders: names.map((n) => n.name[ctx.lang] || `#${n.id}`).join(ctx.lang === 'zh' ? '、' : ', '),
    },
    content: { holders: names },
  });
}

/** Inside the delete's transaction: takes `ids` out of every holder's join field, as a new version of each
 * holder with a history entry of the field's old and new ids. */
export async function releaseHoldings(
  tx: Tx,
  ctx: Pick<WriteContext, 'actor'>,
  ids: number[],
  holdings: Holding[],
): Promise<void> {
  const gone = new Set(ids);
  for (const { holder, field, through, holderIds } of holdings) {
    const before = await withJoinValues(
      tx,
      holder,
      holderIds.map((id) => ({ id }) as Row),
    );
    await tx.execute(
      sql`delete from ${sql.identifier(through.table)}
          where ${sql.identifier(through.target)} in ${[...ids]} and ${sql.identifier(through.source)} in ${holderIds}`,
    );
    const bumped = (await tx
      .update(holder.table)
      .set({ version: sql`${holder.col('version')} + 1`, ...stamp(ctx.actor) })
      .where(inArray(holder.col('id'), holderIds))
      .returning()) as Row[];
    const held = new Map(before.map((r) => [Number(r.id), (r[field] as number[]) ?? []]));
    const entries: HistoryEntry[] = bumped.map((row) => {
      const old = held.get(Number(row.id)) ?? [];
      return {
        entity: historyName(holder),
        recordId: Number(row.id),
        version: Number(row.version),
        action: 'update',
        actor: ctx.actor,
        changes: [{ field, old, new: old.filter((id) => !gone.has(id)) }],
      };
    });
    if (holder.def.capabilities.history) await writeHistory(tx, entries);
  }
}
