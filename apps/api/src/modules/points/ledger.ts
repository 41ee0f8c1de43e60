import {
  type LEDGER_ACTIONS,
  MARKETPLACE_USER_TYPES,
  POINT_ACTIONS,
  type PointAction,
  userPointLedger,
} from '@organiser/domain';
import { sql } from 'drizzle-orm';
import { type BulkColumn, bulkInsert, intArray, unnestRows } from '../../db/bulk';
import { rowsOf } from '../../db/rows';
import { type Engine, ensureMonthPartition, type Tx } from '../../engine';
import { levelOf, liveLevels } from './levels';

// The points ledger: every change of a user's points is one appended row, and the user's `points` (and level)
// follow in the same transaction. Writers lock the user's row first, so one user's awards take turns however many
// requests carry them: the daily maximum of a rule counts the rows of that action on that day (the day the event
// happened, UTC) under the lock, so it holds exactly with concurrent and out-of-order batches.
// A queued projection run (projections.ts) adds its awards to `user_points_delta` instead of the users' rows, and
// the fold (`foldPoints`) adds them to the rows later: a user's points are their row's plus their delta, which
// `lockUsers` answers, and a writer that sets a user's points itself deletes the delta in the same transaction,
// all under the user's row lock.

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

const marketplaceTypes = () =>
  sql.join(
    MARKETPLACE_USER_TYPES.map((v) => sql`${v}`),
    sql`, `,
  );

/** Locks the live marketplace users' rows (in id order, so concurrent writers never deadlock) and answers their
 * points (their row's and their buffered delta); an id that is no such user is left out. */
export async function lockUsers(tx: Tx, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = rowsOf<{ id: number; points: number | null }>(
    await tx.execute(
      sql`select id, points from user_manager where id = any(${intArray(userIds)})
        and deleted_at is null and type in (${marketplaceTypes()}) order by id for update`,
    ),
  );
  const points = new Map(rows.map((r) => [Number(r.id), Number(r.points ?? 0)]));
  // read after the rows are locked (its own statement, so its own snapshot): a delta committed by the writer
  // this one waited for is seen
  const pending = rowsOf<{ user_id: number; points: number }>(
    await tx.execute(
      sql`select user_id, points from user_points_delta where user_id = any(${intArray([...points.keys()])})`,
    ),
  );
  for (const d of pending)
    points.set(Number(d.user_id), (points.get(Number(d.user_id)) ?? 0) + Number(d.points));
  return points;
}

/** Sets the users' points (rows the caller locked) and their levels from them. */
async function writePoints(tx: Tx, points: Map<number, number>): Promise<void> {
  if (points.size === 0) return;
  const levels = await liveLevels(tx);
  const moved = unnestRows(
    'v',
    [
      ['id', 'int'],
      ['points', 'int'],
      ['level_id', 'int'],
    ],
    [...points].map(([id, p]) => [id, p, levelOf(levels, p)]),
  );
  await tx.execute(sql`update user_manager u set points = v.points, level_id = v.level_id
    from (${moved}) as v where u.id = v.id`);
}

/**
 * Adds the buffered points to the users' rows (and their levels follow) and deletes them: the rows are locked in
 * id order first, as every ledger writer does, so a delta a writer took in meanwhile is not added twice. The
 * caller holds the projection's lock (no run adds a delta meanwhile). Answers how many users moved.
 */
export async function foldPoints(tx: Tx): Promise<number> {
  const ids = rowsOf<{ user_id: number }>(
    await tx.execute(sql`select user_id from user_points_delta order by user_id`),
  ).map((r) => Number(r.user_id));
  if (ids.length === 0) return 0;
  const rows = rowsOf<{ id: number; points: number | null }>(
    await tx.execute(
      sql`select id, points from user_manager where id = any(${intArray(ids)}) order by id for update`,
    ),
  );
  const taken = rowsOf<{ user_id: number; points: number }>(
    await tx.execute(
      sql`delete from user_points_delta where user_id = any(${intArray(ids)}) returning user_id, points`,
    ),
  );
  const before = new Map(rows.map((r) => [Number(r.id), Number(r.points ?? 0)]));
  const after = new Map<number, number>();
  for (const d of taken) {
    const id = Number(d.user_id);
    if (before.has(id)) after.set(id, before.get(id)! + Number(d.points));
  }
  await writePoints(tx, after);
  return after.size;
}

/** Locks one marketplace user's row and answers their points (null: no such live marketplace user). */
export async function lockUser(tx: Tx, userId: number): Promise<number | null> {
  return (await lockUsers(tx, [userId])).get(userId) ?? null;
}

const LEDGER_COLUMNS: BulkColumn[] = [
  ['user_id', 'int'],
  ['action', 'text'],
  ['points', 'int'],
  ['balance', 'int'],
  ['event_id', 'text'],
  ['award_day', 'date'],
  ['rule_version', 'int'],
  ['reason', 'text'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];

/** Appends the entries of users whose rows the caller locked (their points before: `balances`); each user's
 * points and level follow (`buffered`: their delta, for the fold), all in a few statements. Answers each user's
 * points after. */
export async function appendMany(
  tx: Tx,
  engine: Engine,
  balances: Map<number, number>,
  entries: Map<number, LedgerEntry[]>,
  now: Date,
  options: { buffered?: boolean } = {},
): Promise<Map<number, number>> {
  const after = new Map<number, number>();
  const rows: unknown[][] = [];
  const at = now.toISOString();
  for (const [userId, list] of entries) {
    let running = balances.get(userId) ?? 0;
    for (const e of list) {
      running += e.points;
      rows.push([
        userId,
        e.action,
        e.points,
        running,
        e.eventId,
        e.awardDay,
        e.ruleVersion,
        e.reason,
        at,
        at,
      ]);
    }
    if (list.length > 0) after.set(userId, running);
  }
  if (rows.length === 0) return after;
  await ensureMonthPartition(tx, userPointLedger, now, engine);
  const ledger = engine.get('user_point_ledger')!.def.table;
  for (let i = 0; i < rows.length; i += 1000)
    await tx.execute(bulkInsert(ledger, LEDGER_COLUMNS, rows.slice(i, i + 1000)));
  const ids = [...after.keys()].sort((a, b) => a - b);
  if (options.buffered) {
    const deltas = ids.map((id) => [id, after.get(id)! - (balances.get(id) ?? 0)]);
    await tx.execute(
      bulkInsert(
        'user_points_delta',
        [
          ['user_id', 'int'],
          ['points', 'int'],
        ],
        deltas,
        sql`on conflict (user_id) do update set points = t.points + excluded.points`,
      ),
    );
    return after;
  }
  await writePoints(tx, after);
  await tx.execute(sql`delete from user_points_delta where user_id = any(${intArray(ids)})`);
  return after;
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
  const after = await appendMany(tx, engine, new Map([[userId, balance]]), new Map([[userId, entries]]), now);
  return after.get(userId) ?? balance;
}

/** Strings by their code units. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What an ingested event needs to earn points (`occurredAt` as `Date#toISOString` spells it, so its order as
 * text is its order in time). */
export type AwardEvent = { eventId: string; type: string; userId?: number | null; occurredAt: string };

const RULE_OF_EVENT: Partial<Record<string, PointAction>> = Object.fromEntries(
  POINT_ACTIONS.filter((a) => a !== 'no_login').map((a) => [a, a]),
);

/**
 * Awards the points of newly stored behaviour events (called by the ingestion, in its transaction, with the
 * events stored for the first time: a retried event is never here twice). The batch's users are locked at once
 * in id order, their rows of the batch's days counted in one query, and the awards written in one insert.
 */
export async function awardEvents(
  tx: Tx,
  engine: Engine,
  events: AwardEvent[],
  now: Date,
  options: { buffered?: boolean } = {},
): Promise<number> {
  // each event with its day (UTC), once
  const byUser = new Map<number, (AwardEvent & { day: string })[]>();
  for (const e of events) {
    if (e.userId == null || !RULE_OF_EVENT[e.type]) continue;
    const mine = byUser.get(e.userId);
    const dated = { ...e, day: dayOf(e.occurredAt) };
    if (mine) mine.push(dated);
    else byUser.set(e.userId, [dated]);
  }
  if (byUser.size === 0) return 0;
  const rules = await loadRules(tx);
  const balances = await lockUsers(tx, [...byUser.keys()]);
  if (balances.size === 0) return 0;
  const userIds = [...balances.keys()];
  const days = [...new Set([...byUser.values()].flatMap((mine) => mine.map((e) => e.day)))];
  const counted = rowsOf<{ user_id: number; action: string; day: string; n: number }>(
    await tx.execute(
      sql`select user_id, action, to_char(award_day, 'YYYY-MM-DD') as day, count(*)::int as n
          from user_point_ledger
          where user_id = any(${intArray(userIds)}) and award_day = any(${sql.param(days)}::date[])
          group by user_id, action, award_day`,
    ),
  );
  const used = new Map(counted.map((c) => [`${c.user_id}:${c.action}@${c.day}`, Number(c.n)]));
  const entries = new Map<number, LedgerEntry[]>();
  let awarded = 0;
  for (const userId of userIds) {
    // in the order they happened, then by event id (code units: the byte order of ASCII ids, as the collect
    // state orders them)
    const mine = byUser
      .get(userId)!
      .sort((a, b) => byCodeUnits(a.occurredAt, b.occurredAt) || byCodeUnits(a.eventId, b.eventId));
    const list: LedgerEntry[] = [];
    for (const e of mine) {
      const rule = rules.get(RULE_OF_EVENT[e.type]!);
      if (!rule || rule.points === 0) continue;
      const key = `${userId}:${rule.action}@${e.day}`;
      const n = used.get(key) ?? 0;
      if (n >= rule.maxTimesPerDay) continue;
      used.set(key, n + 1);
      list.push({
        action: rule.action,
        points: rule.points,
        eventId: e.eventId,
        awardDay: e.day,
        ruleVersion: rule.version,
        reason: null,
      });
    }
    entries.set(userId, list);
    awarded += list.length;
  }
  await appendMany(tx, engine, balances, entries, now, options);
  return awarded;
}
