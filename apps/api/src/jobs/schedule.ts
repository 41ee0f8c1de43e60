import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

// The background jobs (purchase-requirement expiry, scheduled letters, the points' no-sign-in job, log retention)
// run on every node, each on its own timer from the server's start until it closes; one node at a time does the
// work of a run, under a transaction-level advisory lock, and the others skip that run. A node started with
// JOBS=false runs none (the automated tests run each job with a clock of their own). The jobs' work takes `now`
// as a parameter for the same reason.

type Job<T> = {
  /** What the log calls it. */
  name: string;
  /** Between the end of one run and the start of the next; the first run comes this long after start unless
   * `firstAfterMs` says otherwise. */
  everyMs: number;
  firstAfterMs?: number;
  /** One run; what it answers is logged when `worthLogging` says so. */
  run: () => Promise<T>;
  worthLogging?: (result: T) => boolean;
};

/** Runs the job on its timer from the server's start until it closes (unless the node runs no jobs). */
export function scheduleJob<T>(app: FastifyInstance, job: Job<T>): void {
  if (!app.config.server.jobs) return;
  let timer: NodeJS.Timeout | undefined;
  const next = (ms: number) => {
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  const tick = () => {
    void job
      .run()
      .then((result) => {
        if (job.worthLogging?.(result)) app.log.info({ [job.name]: result }, `${job.name} done`);
      })
      .catch((error) => app.log.warn({ err: error }, `${job.name} failed`))
      .finally(() => next(job.everyMs));
  };
  app.addHook('onReady', async () => next(job.firstAfterMs ?? job.everyMs));
  app.addHook('onClose', async () => {
    if (timer) clearTimeout(timer);
  });
}

/** Runs `work` in a transaction holding the job's advisory lock; answers `skipped` without running it when
 * another node holds the lock (its run is under way). */
export async function underJobLock<T>(
  db: Db,
  lockKey: number,
  skipped: T,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${lockKey}) as ok`);
    const [lock] = rowsOf<{ ok: boolean }>(result);
    return lock?.ok ? work(tx as unknown as Db) : skipped;
  });
}
