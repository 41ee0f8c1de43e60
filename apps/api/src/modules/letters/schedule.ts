import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { siteMessage as letterTable } from '../../db/schema';
import { type EngineRuntime, runAction, systemWriteContext } from '../../engine';
import { scheduleJob, underJobLock } from '../../jobs/schedule';

// Scheduled letters: every minute a job sends the scheduled letters whose time has come, each through the
// letter's `send` action as the system (a new version with a history entry; the deliveries in its
// transaction). Every node runs the job; one at a time does the work (a transaction-level advisory lock),
// and the action's conditional update moves a letter from scheduled to sent once, so a letter is never sent
// twice. `now` is a parameter so tests move the clock instead of sleeping.

export const LETTER_LOCK_KEY = 7_310_402_257;
const MINUTE_MS = 60_000;
/** Letters sent per run at most (the next run takes the rest). */
export const LETTER_BATCH = 200;
export const LETTER_ACTOR = { id: null, account: 'system' } as const;

export type LetterEngine = EngineRuntime;
export type SendResult = { ran: boolean; sent: number };

export async function sendScheduledLetters(
  db: Db,
  on: LetterEngine,
  now: Date = new Date(),
  batch: number = LETTER_BATCH,
): Promise<SendResult> {
  return underJobLock<SendResult>(db, LETTER_LOCK_KEY, { ran: false, sent: 0 }, async (tx) => {
    const ctx = systemWriteContext(tx, on, 'site_message', LETTER_ACTOR.account);
    const t = letterTable!;
    const due = await tx
      .select({ id: t.id })
      .from(t)
      .where(and(isNull(t.deletedAt), eq(t.status, 'scheduled'), lte(t.sendTime, now)))
      .orderBy(asc(t.sendTime), asc(t.id))
      .limit(batch);
    if (!due.length) return { ran: true, sent: 0 };
    const result = await runAction(
      ctx,
      'send',
      due.map((r) => Number(r.id)),
      {},
    );
    return { ran: true, sent: result.succeeded.length };
  });
}

/** Runs the sending of scheduled letters every minute from the server's start until it closes. */
export function scheduleLetters(app: FastifyInstance, on: LetterEngine): void {
  scheduleJob(app, {
    name: 'scheduled letters',
    everyMs: MINUTE_MS,
    run: () => sendScheduledLetters(app.db, on),
    worthLogging: (r) => r.sent > 0,
  });
}
