import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { buyRequirement as requirementTable } from '../../db/schema';

// Expiry of purchase requirements: an effective requirement whose end time has passed becomes expired, and
// an expired one whose end time was moved into the future is effective again. The job runs every minute on
// every node; one node at a time does the work (a transaction-level advisory lock, like the log retention),
// the others skip that minute. `now` is a parameter so tests move the clock instead of sleeping.

/** Arbitrary constant naming the expiry run's advisory lock. */
export const EXPIRY_LOCK_KEY = 7_310_402_241;
const MINUTE_MS = 60_000;

export type ExpiryResult = { ran: boolean; expired: number; renewed: number };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function expireRequirements(db: Db, now: Date = new Date()): Promise<ExpiryResult> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ ok: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${EXPIRY_LOCK_KEY}) as ok`),
    );
    if (!lock?.ok) return { ran: false, expired: 0, renewed: 0 };
    const t = requirementTable!;
    const move = (to: 'effective' | 'expired', where: ReturnType<typeof and>) =>
      tx
        .update(t)
        .set({ status: to, version: sql`${t.version} + 1`, updatedAt: now })
        .where(and(isNull(t.deletedAt), where))
        .returning({ id: t.id });
    const expired = await move('expired', and(eq(t.status, 'effective'), lte(t.endTime, now)));
    const renewed = await move('effective', and(eq(t.status, 'expired'), gt(t.endTime, now)));
    return { ran: true, expired: expired.length, renewed: renewed.length };
  });
}

/** Runs the expiry every minute from the server's start until it closes. */
export function scheduleExpiry(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    void expireRequirements(app.db)
      .then((result) => {
        if (result.expired || result.renewed)
          app.log.info({ expiry: result }, 'purchase requirements expired');
      })
      .catch((error) => app.log.warn({ err: error }, 'purchase requirement expiry failed'))
      .finally(() => {
        timer = setTimeout(tick, MINUTE_MS);
        timer.unref();
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, MINUTE_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearTimeout(timer);
  });
}
