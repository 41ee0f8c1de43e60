import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CommandHandler, CommandSchemas } from '../../engine';
import { AppError } from '../../errors';
import { appendEntries, lockUser } from './ledger';

// `POST /api/user_manager/adjust_points/{id}` (the `adjustPoints` command, its own resource permission): staff add
// or take away a marketplace user's points with a reason; the change is a ledger row of its own.

export const adjustSchemas: CommandSchemas = {
  result: z.object({
    points: z.number().int().describe('The user’s points after the adjustment'),
    levelId: z.number().int().nullable().describe('The user’s membership level after it'),
  }),
};

export const adjustPoints: CommandHandler = async (tx, ctx, { row, input }) => {
  const userId = Number(row!.id);
  const points = Number(input.points);
  const reason = String(input.reason ?? '').trim();
  const zh = ctx.lang === 'zh';
  if (points === 0)
    throw AppError.fields([{ path: 'points', message: zh ? '调整积分不能为 0' : 'Points must not be 0' }]);
  const balance = await lockUser(tx, userId);
  if (balance === null)
    throw AppError.fields([
      { path: 'points', message: zh ? '只有买家和贸易商有积分' : 'Only marketplace users have points' },
    ]);
  const now = new Date();
  const after = await appendEntries(
    tx,
    ctx.engine,
    userId,
    balance,
    [
      {
        action: 'adjust',
        points,
        eventId: null,
        awardDay: now.toISOString().slice(0, 10),
        ruleVersion: null,
        reason,
      },
    ],
    now,
  );
  const [level] = (
    (await tx.execute(sql`select level_id from user_manager where id = ${userId}`)) as {
      rows: { level_id: number | null }[];
    }
  ).rows;
  return { result: { points: after, levelId: level?.level_id == null ? null : Number(level.level_id) } };
};
