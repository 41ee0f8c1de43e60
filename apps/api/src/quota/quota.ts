import type { EntityDef } from '@organiser/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companyQuotaUsage } from '../db/schema';
import { AppError } from '../errors';

// The one mechanism behind every per-company monthly limit. Usage is counted per
// company, quota and UTC month by a single INSERT … ON CONFLICT DO UPDATE … WHERE statement: the database
// takes the row lock, so concurrent requests (several API nodes, several pool connections, or PGlite's one
// queue) can never count past the limit. A refusal is `limitExceed` ("the current limit is exceeded").
//
// Use it inside the transaction of the guarded write when there is one (`consumeQuota(tx, …)`): a failed
// write then gives the usage back by rolling back. Without a transaction, call `releaseQuota` with the grant
// when the guarded write fails after the quota was taken.

/** The limits a company (or its membership package) has, by key. Enquiries, replies, purchase-contact reveals
 * and site letters are monthly and counted here; companyVideo, product and productCardStandout limit what a
 * company has at once and are counted from its records (the entities' `quotas`, kept by the engine). */
export const QUOTA_KEYS = [
  'companyVideo',
  'consult',
  'consultReply',
  'product',
  'productCardStandout',
  'buyRequirementAuth',
  'siteLetter',
] as const;

export type QuotaKey = (typeof QUOTA_KEYS)[number];

/** A limit per month: null or undefined = unlimited, 0 = nothing allowed. */
export type QuotaLimit = number | null | undefined;

/** What a consume took, enough to give it back with `releaseQuota`. */
export type QuotaGrant = {
  companyId: number;
  key: QuotaKey;
  /** The month the usage was counted in, 'YYYY-MM' (UTC). */
  period: string;
  amount: number;
  /** Usage of the month after this consume. */
  used: number;
  /** What is left this month; null when unlimited. */
  remaining: number | null;
};

/** The UTC month of `now` as 'YYYY-MM': a quota starts again at 00:00 UTC on the 1st. */
export function quotaPeriod(now: Date = new Date()): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 1) throw new Error(`quota amount must be a positive integer`);
}

function assertLimit(limit: QuotaLimit): void {
  if (limit != null && (!Number.isSafeInteger(limit) || limit < 0)) {
    throw new Error('quota limit must be null (unlimited) or an integer >= 0');
  }
}

const remainingOf = (limit: QuotaLimit, used: number) => (limit == null ? null : Math.max(limit - used, 0));

/**
 * Takes `amount` (default 1) from a company's quota for the month of `now`, or throws AppError('limitExceed')
 * when that would pass `limit`. Usage is counted even when unlimited, so the company form shows it and a
 * limit set in the middle of a month starts from the real usage. `db` may be a transaction.
 */
export async function consumeQuota(
  db: Db,
  args: { companyId: number; key: QuotaKey; limit: QuotaLimit; amount?: number; now?: Date },
): Promise<QuotaGrant> {
  const { companyId, key, limit } = args;
  const amount = args.amount ?? 1;
  assertAmount(amount);
  assertLimit(limit);
  // The insert path (no usage yet this month) needs amount <= limit: both are known here, no query needed.
  if (limit != null && amount > limit) throw new AppError('limitExceed');
  const period = quotaPeriod(args.now);
  const t = companyQuotaUsage;
  const rows = await db
    .insert(t)
    .values({ companyId, quotaKey: key, period, used: amount })
    .onConflictDoUpdate({
      target: [t.companyId, t.quotaKey, t.period],
      set: { used: sql`${t.used} + ${amount}`, updatedAt: sql`now()` },
      // The existing row is locked while this is evaluated: concurrent consumes see each other's counts.
      setWhere: limit == null ? undefined : sql`${t.used} + ${amount} <= ${limit}`,
    })
    .returning({ used: t.used });
  const row = rows[0];
  if (!row) throw new AppError('limitExceed');
  return { companyId, key, period, amount, used: row.used, remaining: remainingOf(limit, row.used) };
}

/**
 * Gives back usage taken by `consumeQuota` (pass its grant, or the same company, key and amount) when the
 * guarded write failed afterwards. Never goes below zero. Returns the month's usage after the release.
 */
export async function releaseQuota(
  db: Db,
  args: { companyId: number; key: QuotaKey; amount?: number; period?: string; now?: Date },
): Promise<number> {
  const amount = args.amount ?? 1;
  assertAmount(amount);
  const period = args.period ?? quotaPeriod(args.now);
  const t = companyQuotaUsage;
  const rows = await db
    .update(t)
    .set({ used: sql`greatest(${t.used} - ${amount}, 0)`, updatedAt: sql`now()` })
    .where(and(eq(t.companyId, args.companyId), eq(t.quotaKey, args.key), eq(t.period, period)))
    .returning({ used: t.used });
  return rows[0]?.used ?? 0;
}

/** A company's usage of one quota in the month of `now` (0 when nothing was used). */
export async function quotaUsage(
  db: Db,
  args: { companyId: number; key: QuotaKey; now?: Date },
): Promise<number> {
  const t = companyQuotaUsage;
  const [row] = await db
    .select({ used: t.used })
    .from(t)
    .where(
      and(eq(t.companyId, args.companyId), eq(t.quotaKey, args.key), eq(t.period, quotaPeriod(args.now))),
    );
  return row?.used ?? 0;
}

/** A company's usage of every quota in the month of `now`, 0 for the ones it did not use. */
export async function companyQuotaUsages(
  db: Db,
  args: { companyId: number; now?: Date },
): Promise<{ period: string; usage: Record<QuotaKey, number> }> {
  const period = quotaPeriod(args.now);
  const t = companyQuotaUsage;
  const rows = await db
    .select({ key: t.quotaKey, used: t.used })
    .from(t)
    .where(and(eq(t.companyId, args.companyId), eq(t.period, period)));
  const usage = Object.fromEntries(QUOTA_KEYS.map((key) => [key, 0])) as Record<QuotaKey, number>;
  for (const row of rows) if (row.key in usage) usage[row.key as QuotaKey] = row.used;
  return { period, usage };
}

/** Fails at start when a definition names a quota this module does not know. */
export function assertQuotaKeys(def: Pick<EntityDef, 'name' | 'quotas'>): void {
  for (const q of def.quotas)
    if (!(QUOTA_KEYS as readonly string[]).includes(q.key))
      throw new Error(`${def.name}: unknown quota "${q.key}" (see src/quota/quota.ts)`);
}
