import { MARKETPLACE_USER_TYPES, NO_LOGIN_DAYS } from '@organiser/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Engine } from '../../engine';
import { scheduleJob, underJobLock } from '../../jobs/schedule';
import { appendEntries, dayOf, loadRules, lockUser } from './ledger';

// The "no sign-in for over 14 days" rule: once a day, a marketplace user whose last sign-in (or, never signed in,
// their registration) is more than 14 days old gets the rule's points (usually negative) as a ledger row counting
// on that day. The job runs every hour on every node; one node at a time does the work (a transaction-level
// advisory lock, like the purchase requirements' expiry), the others skip that hour. A user is charged at most once
// a day: the day's row is looked for before each charge, under the user's row lock. `now` is a parameter so tests
// move the clock instead of sleeping.

/** Arbitrary constant naming the job's advisory lock. */
export const NO_LOGIN_LOCK_KEY = 7_310_402_291;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Users charged per statement of ids. */
export const NO_LOGIN_BATCH = 500;

export type NoLoginResult = { ran: boolean; charged: number };

export async function chargeNoLogin(db: Db, engine: Engine, now: Date = new Date()): Promise<NoLoginResult> {
  return underJobLock<NoLoginResult>(db, NO_LOGIN_LOCK_KEY, { ran: false, charged: 0 }, async (tx) => {
    const rule = (await loadRules(tx)).get('no_login');
    if (!rule || rule.points === 0) return { ran: true, charged: 0 };
    const day = dayOf(now);
    const before = new Date(now.getTime() - NO_LOGIN_DAYS * DAY_MS);
    const types = sql.join(
      MARKETPLACE_USER_TYPES.map((v) => sql`${v}`),
      sql`, `,
    );
    let charged = 0;
    let after = 0;
    for (;;) {
      const ids = rowsOf<{ id: number }>(
        await tx.execute(sql`select u.id from user_manager u
          where u.deleted_at is null and u.type in (${types}) and u.id > ${after}
            and coalesce(u.last_login_time, u.created_at) < ${before.toISOString()}::timestamptz
            and not exists (select 1 from user_point_ledger l
              where l.user_id = u.id and l.action = 'no_login' and l.award_day = ${day}::date)
          order by u.id limit ${NO_LOGIN_BATCH}`),
      ).map((r) => Number(r.id));
      for (const id of ids) {
        const balance = await lockUser(tx, id);
        if (balance === null) continue;
        const [again] = rowsOf<{ n: number }>(
          await tx.execute(sql`select count(*)::int as n from user_point_ledger
            where user_id = ${id} and action = 'no_login' and award_day = ${day}::date`),
        );
        if (Number(again?.n ?? 0) > 0) continue;
        await appendEntries(
          tx,
          engine,
          id,
          balance,
          [
            {
              action: 'no_login',
              points: rule.points,
              eventId: `no_login:${day}`,
              awardDay: day,
              ruleVersion: rule.version,
              reason: null,
            },
          ],
          now,
        );
        charged++;
      }
      if (ids.length < NO_LOGIN_BATCH) return { ran: true, charged };
      after = ids.at(-1)!;
    }
  });
}

/** Runs the job every hour from the server's start until it closes. */
export function scheduleNoLogin(app: FastifyInstance, engine: Engine): void {
  scheduleJob(app, {
    name: 'points: users away for over 14 days',
    everyMs: HOUR_MS,
    run: () => chargeNoLogin(app.db, engine),
    worthLogging: (r) => r.charged > 0,
  });
}
