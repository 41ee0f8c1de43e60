import { MARKETPLACE_USER_TYPES, t } from '@organiser/domain';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { EntityHooks, Tx } from '../../engine';
import { AppError } from '../../errors';

// Buyers' membership levels: the ranges of the live levels neither overlap nor leave a gap between a written level
// and its neighbours, checked inside the write's transaction under one advisory lock (two concurrent writes take
// turns, the second sees the first). A user's level is the live level whose range holds their points; every
// level write recomputes the users' levels in the same transaction.

/** Arbitrary constant naming the levels' advisory lock. */
export const LEVEL_LOCK_KEY = 7_310_402_271;

export type Level = { id: number; enName: string; zhName: string; minPoint: number; maxPoint: number };

/** The live levels, lowest range first. */
export async function liveLevels(tx: Tx): Promise<Level[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(
      sql`select id, en_name, zh_name, min_point, max_point from user_vip_package
          where deleted_at is null order by min_point, id`,
    ),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    enName: String(r.en_name ?? ''),
    zhName: String(r.zh_name ?? ''),
    minPoint: Number(r.min_point),
    maxPoint: Number(r.max_point),
  }));
}

/** The level whose range holds the points (null when none does). */
export const levelOf = (levels: Level[], points: number): number | null =>
  levels.find((l) => l.minPoint <= points && points <= l.maxPoint)?.id ?? null;

const named = (l: Level) => ({
  en: `“${l.enName}” (${l.minPoint}–${l.maxPoint})`,
  zh: `“${l.zhName}”（${l.minPoint}–${l.maxPoint}）`,
});

/** What is wrong with one level's range among the others (null: it fits). */
export function rangeProblem(
  levels: Level[],
  id: number,
): { path: string; message: ReturnType<typeof t> } | null {
  const me = levels.find((l) => l.id === id);
  if (!me) return null;
  const overlap = levels.find((l) => l.id !== id && l.minPoint <= me.maxPoint && l.maxPoint >= me.minPoint);
  if (overlap) {
    const n = named(overlap);
    return {
      path: overlap.minPoint <= me.minPoint ? 'minPoint' : 'maxPoint',
      message: t(`The points overlap level ${n.en}`, `积分范围与等级${n.zh}重叠`),
    };
  }
  const below = levels.filter((l) => l.maxPoint < me.minPoint).at(-1);
  if (below && below.maxPoint + 1 !== me.minPoint) {
    const n = named(below);
    return {
      path: 'minPoint',
      message: t(
        `The points leave a gap after level ${n.en}: start at ${below.maxPoint + 1}`,
        `积分范围与等级${n.zh}之间有空档：应从 ${below.maxPoint + 1} 开始`,
      ),
    };
  }
  const above = levels.find((l) => l.minPoint > me.maxPoint);
  if (above && me.maxPoint + 1 !== above.minPoint) {
    const n = named(above);
    return {
      path: 'maxPoint',
      message: t(
        `The points leave a gap before level ${n.en}: end at ${above.minPoint - 1}`,
        `积分范围与等级${n.zh}之间有空档：应到 ${above.minPoint - 1} 为止`,
      ),
    };
  }
  return null;
}

/** Every marketplace user's level from their points (only the rows whose level changes are written): the live
 * level whose range holds the points (the ranges do not overlap, so at most one), else none. */
export async function recomputeAllLevels(tx: Tx): Promise<void> {
  const types = sql.join(
    MARKETPLACE_USER_TYPES.map((v) => sql`${v}`),
    sql`, `,
  );
  await tx.execute(sql`
    update user_manager u set level_id = v.id
    from user_vip_package v
    where v.deleted_at is null and u.type in (${types})
      and coalesce(u.points, 0) between v.min_point and v.max_point
      and u.level_id is distinct from v.id`);
  await tx.execute(sql`
    update user_manager u set level_id = null
    where u.level_id is not null and u.type in (${types})
      and not exists (select 1 from user_vip_package v
        where v.deleted_at is null and coalesce(u.points, 0) between v.min_point and v.max_point)`);
}

/** afterWrite of `user_vip_package`: each live written level fits between its neighbours; users follow. */
export const checkLevelRanges: NonNullable<EntityHooks['afterWrite']> = async (tx, ctx, event) => {
  await tx.execute(sql`select pg_advisory_xact_lock(${LEVEL_LOCK_KEY})`);
  const levels = await liveLevels(tx);
  for (const row of event.rows) {
    if (!row.after || row.after.deletedAt) continue;
    const problem = rangeProblem(levels, Number(row.after.id));
    if (problem) throw AppError.fields([{ path: problem.path, message: problem.message[ctx.lang] }]);
  }
  await recomputeAllLevels(tx);
};
