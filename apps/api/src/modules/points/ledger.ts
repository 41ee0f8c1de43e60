import {
  type LEDGER_ACTIONS,
  MARKETPLACE_USER_TYPES,
  POINT_ACTIONS,
  type PointAction,
  userPointLedger,
} from '@organiser/domain';
import { sql } from 'drizzle-orm';
import { type Engine, ensureMonthPartition, type Tx } from '../../engine';
import { levelOf, liveLevels } from './levels';

// The points ledger: every change of a user's points is one appended row, and the user's `points` (and level)
// follow in the same transaction. Writers lock the user's row first, so one user's awards take turns however many
// requests carry them: the daily maximum of a rule counts the rows of that action on that day (the day the event
// happened, UTC) under the lock, so it holds exactly with concurrent and out-of-order batches.

export type LedgerAction = (typeof LEDGER_ACTIONS)[number];

export type LedgerEntry = {
  action: LedgerAction;
  points: number;
  eventId: string | null;
  awardDay: string | null;
  ruleVersion: number | null;
  reason: string | null;
};

export type Rule = { action: PointAction; points: number; maxTimesPerDay: number; version: number };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The day an event counts on (UTC). */
export const dayOf = (at: Date | string) => new Date(at).toISOString().slice(0, 10);

/** The point rules by action. */
export async function loadRules(tx: Tx): Promise<Map<PointAction, Rule>> {
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(
      sql`select distinct on (action) action, points, max_times_per_day, version from user_point_rule order by action, id`,
    ),
  );
  return new Map(
    rows.map((r) => [
      r.action as PointAction,
      {
        action: r.action as PointAction,
        points: Number(r.points ?? 0),
        maxTimesPerDay: Number(r.max_times_per_day ?? 0),
        version: Number(r.version),
      },
    ]),
  );
}

/** Locks a marketplace user's row and answers their points (null: no such live marketplace user). */
export async function lockUser(tx: Tx, userId: number): Promise<number | null> {
  const [row] = rowsOf<{ points: number | null }>(
    await tx.execute(
      sql`select points from user_manager where id = ${userId} and deleted_at is null
          and type in (${sql.join(
            MARKETPLACE_USER_TYPES.map((v) => sql`${v}`),
            sql`, `,
          )}) for update`,
    ),
  );
  return row ? Number(row.points ?? 0) : null;
}

/** Appends entries for one user whose row the caller locked; the user's points and level follow. */
export async function appendEntries(
  tx: Tx,
  engine: Engine,
  userId: number,
  balance: number,
  entries: LedgerEntry[],
  now: Date,
): Promise<number> {
  if (entries.length === 0) return balance;
  await ensureMonthPartition(tx, userPointLedger, now);
  const ledger = engine.get('user_point_ledger')!;
  let running = balance;
  const rows = entries.map((e) => {
    running += e.points;
    return { userId, ...e, balance: running, createdAt: now, updatedAt: now };
  });
  await tx.insert(ledger.table).values(rows as never[]);
  const level = levelOf(await liveLevels(tx), running);
  await tx.execute(
    sql`update user_manager set points = ${running}, level_id = ${level} where id = ${userId}`,
  );
  return running;
}

/** What an ingested event needs to earn points. */
export type AwardEvent = { eventId: string; type: string; userId?: number | null; occurredAt: string };

const RULE_OF_EVENT: Partial<Record<string, PointAction>> = Object.fromEntries(
  POINT_ACTIONS.filter((a) => a !== 'no_login').map((a) => [a, a]),
);

/**
 * Awards the points of newly stored behaviour events (called by the ingestion, in its transaction, with the
 * events stored for the first time: a retried event is never here twice). Users are locked in id order.
 */
export async function awardEvents(tx: Tx, engine: Engine, events: AwardEvent[], now: Date): Promise<number> {
  const byUser = new Map<number, AwardEvent[]>();
  for (const e of events) {
    if (e.userId == null || !RULE_OF_EVENT[e.type]) continue;
    byUser.set(e.userId, [...(byUser.get(e.userId) ?? []), e]);
  }
  if (byUser.size === 0) return 0;
  const rules = await loadRules(tx);
  let awarded = 0;
  for (const userId of [...byUser.keys()].sort((a, b) => a - b)) {
    const balance = await lockUser(tx, userId);
    if (balance === null) continue;
    const mine = byUser
      .get(userId)!
      .sort((a, b) => a.occurredAt.localeCompare(b.occurredAt) || a.eventId.localeCompare(b.eventId));
    const days = [...new Set(mine.map((e) => dayOf(e.occurredAt)))];
    const counted = rowsOf<{ action: string; day: string; n: number }>(
      await tx.execute(
        sql`select action, to_char(award_day, 'YYYY-MM-DD') as day, count(*)::int as n from user_point_ledger
            where user_id = ${userId} and award_day in (${sql.join(
              days.map((d) => sql`${d}::date`),
              sql`, `,
            )}) group by action, award_day`,
      ),
    );
    const used = new Map(counted.map((c) => [`${c.action}@${c.day}`, Number(c.n)]));
    const entries: LedgerEntry[] = [];
    for (const e of mine) {
      const rule = rules.get(RULE_OF_EVENT[e.type]!);
      if (!rule || rule.points === 0) continue;
      const key = `${rule.action}@${dayOf(e.occurredAt)}`;
      const n = used.get(key) ?? 0;
      if (n >= rule.maxTimesPerDay) continue;
      used.set(key, n + 1);
      entries.push({
        action: rule.action,
        points: rule.points,
        eventId: e.eventId,
        awardDay: dayOf(e.occurredAt),
        ruleVersion: rule.version,
        reason: null,
      });
    }
    await appendEntries(tx, engine, userId, balance, entries, now);
    awarded += entries.length;
  }
  return awarded;
}
