import { lt, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { importHandle, openIdempotency, ossLog, smsLog, systemLog } from '../../db/schema';
import { scheduleJob, underJobLock } from '../../jobs/schedule';

// Log retention: rows of the system, SMS and object-storage logs older than LOG_RETENTION_DAYS are removed
// once a day. The system log is partitioned by month (`system_log_pYYYYMM`, migration 0012): a month that
// ended before the cut-off is dropped whole, which costs nothing however many rows it holds; the rows left
// before the cut-off (the cut-off's own month, the default partition) are deleted. One node at a time: the
// run holds a transaction-level advisory lock, and a node that does not get it skips the run. The same daily
// run deletes the checked import files whose confirmation time is over, and the stored answers of the
// marketplace API's writes once they are a day old (a retry after that writes again).

/** Arbitrary constant naming the retention run's advisory lock. */
export const RETENTION_LOCK_KEY = 7_310_402_118;
const DAY_MS = 86_400_000;
/** How long a marketplace write's answer is kept for its retries. */
const IDEMPOTENCY_KEPT_MS = DAY_MS;
const PARTITION = /^system_log_p(\d{4})(\d{2})$/;

export type RetentionResult = {
  /** False when another node held the lock: nothing was done. */
  ran: boolean;
  droppedPartitions: string[];
  deleted: { systemLog: number; smsLog: number; ossLog: number; importHandles: number; idempotency: number };
};

const countOf = (result: unknown) =>
  Number(
    (result as { affectedRows?: number; rowCount?: number }).affectedRows ??
      (result as { rowCount?: number }).rowCount ??
      0,
  );

/** Removes the log rows older than `days` days before `now`. */
export async function removeOldLogs(db: Db, days: number, now = new Date()): Promise<RetentionResult> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const skipped: RetentionResult = {
    ran: false,
    droppedPartitions: [],
    deleted: { systemLog: 0, smsLog: 0, ossLog: 0, importHandles: 0, idempotency: 0 },
  };
  return underJobLock(db, RETENTION_LOCK_KEY, skipped, async (tx) => {
    const partitions = rowsOf<{ name: string }>(
      await tx.execute(sql`
        select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = to_regclass('system_log')`),
    );
    const dropped: string[] = [];
    for (const { name } of partitions) {
      const match = PARTITION.exec(name);
      if (!match) continue;
      const end = Date.UTC(Number(match[1]), Number(match[2]), 1); // first instant of the next month
      if (end > cutoff.getTime()) continue;
      await tx.execute(sql.raw(`drop table if exists "${name}"`));
      dropped.push(name);
    }
    const deleted = {
      systemLog: countOf(await tx.delete(systemLog).where(lt(systemLog.createdAt, cutoff))),
      smsLog: countOf(await tx.delete(smsLog).where(lt(smsLog.createdAt, cutoff))),
      ossLog: countOf(await tx.delete(ossLog).where(lt(ossLog.createdAt, cutoff))),
      // a checked import file that was never confirmed goes when it expires, whatever the log retention
      importHandles: countOf(await tx.delete(importHandle).where(lte(importHandle.expiresAt, now))),
      idempotency: countOf(
        await tx
          .delete(openIdempotency)
          .where(lt(openIdempotency.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEPT_MS))),
      ),
    };
    return { ran: true, droppedPartitions: dropped, deleted };
  });
}

/**
 * Makes sure the system log has the partition of the month holding `at` and of the next one, so rows do not
 * pile up in the default partition (which could then not be split into months). Runs with the daily job.
 */
export async function ensureSystemLogPartitions(db: Db, at = new Date()): Promise<void> {
  const isPartitioned = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from pg_partitioned_table where partrelid = to_regclass('system_log')`,
    ),
  )[0]?.n;
  if (!isPartitioned) return;
  for (const offset of [0, 1]) {
    const from = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
    const to = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset + 1, 1));
    const name = `system_log_p${from.getUTCFullYear()}${String(from.getUTCMonth() + 1).padStart(2, '0')}`;
    try {
      await db.execute(
        sql.raw(
          `create table if not exists "${name}" partition of "system_log" for values from ('${from.toISOString()}') to ('${to.toISOString()}')`,
        ),
      );
    } catch {
      // another node created it meanwhile, or rows of that month already sit in the default partition
    }
  }
}

/** Runs the retention a minute after start and then every day, until the server closes. */
export function scheduleRetention(app: FastifyInstance, days: number): void {
  scheduleJob(app, {
    name: 'log retention',
    everyMs: DAY_MS,
    firstAfterMs: 60_000,
    run: async () => {
      await ensureSystemLogPartitions(app.db);
      return removeOldLogs(app.db, days);
    },
    worthLogging: (r) => r.ran,
  });
}
