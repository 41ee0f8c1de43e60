import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { buyRequirement as requirementTable } from '../../db/schema';
import { type CommandHandler, type EngineRuntime, runCommand, systemWriteContext } from '../../engine';
import { scheduleJob, underJobLock } from '../../jobs/schedule';

// Expiry of purchase requirements: an effective requirement whose end time has passed becomes expired, and
// an expired one whose end time was moved into the future is effective again. The moves are the entity's
// system commands `expire` and `renew`, run through the engine by the system actor in batches, so each is a
// new version with a history entry naming the system. The job runs every minute on every node; one node at a
// time does the work (a transaction-level advisory lock, like the log retention), the others skip that
// minute. `now` is a parameter so tests move the clock instead of sleeping.

/** Arbitrary constant naming the expiry run's advisory lock. */
export const EXPIRY_LOCK_KEY = 7_310_402_241;
const MINUTE_MS = 60_000;
/** Requirements moved per command run (one statement of ids, one history batch). */
export const EXPIRY_BATCH = 500;
/** The account the job's writes and history entries name. */
export const EXPIRY_ACTOR = { id: null, account: 'system' } as const;

export type ExpiryResult = { ran: boolean; expired: number; renewed: number };
export type ExpiryEngine = EngineRuntime;

/** The handlers of the two system commands: the status the job moves the requirement to. */
export const expireHandler: CommandHandler = async () => ({ set: { status: 'expired' } });
export const renewHandler: CommandHandler = async () => ({ set: { status: 'effective' } });

export async function expireRequirements(
  db: Db,
  on: ExpiryEngine,
  now: Date = new Date(),
  batch: number = EXPIRY_BATCH,
): Promise<ExpiryResult> {
  return underJobLock<ExpiryResult>(
    db,
    EXPIRY_LOCK_KEY,
    { ran: false, expired: 0, renewed: 0 },
    async (tx) => {
      const ctx = systemWriteContext(tx, on, 'buy_requirement', EXPIRY_ACTOR.account);
      const t = requirementTable!;
      const move = async (command: 'expire' | 'renew', where: ReturnType<typeof and>) => {
        let moved = 0;
        for (;;) {
          const ids = (
            await tx
              .select({ id: t.id })
              .from(t)
              .where(and(isNull(t.deletedAt), where))
              .orderBy(asc(t.id))
              .limit(batch)
          ).map((r) => Number(r.id));
          if (!ids.length) return moved;
          const result = await runCommand(ctx, command, ids, {});
          moved += result.succeeded.length;
          if (ids.length < batch) return moved;
        }
      };
      const expired = await move('expire', and(eq(t.status, 'effective'), lte(t.endTime, now)));
      const renewed = await move('renew', and(eq(t.status, 'expired'), gt(t.endTime, now)));
      return { ran: true, expired, renewed };
    },
  );
}

/** Runs the expiry every minute from the server's start until it closes. */
export function scheduleExpiry(app: FastifyInstance, on: ExpiryEngine): void {
  scheduleJob(app, {
    name: 'purchase requirement expiry',
    everyMs: MINUTE_MS,
    run: () => expireRequirements(app.db, on),
    worthLogging: (r) => Boolean(r.expired || r.renewed),
  });
}
