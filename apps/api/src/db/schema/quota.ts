import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Per-company monthly limits (enquiries, replies, purchase-contact reveals, site letters; products,
// standout cards and videos are limits on what a company has at once, counted from its records). One row per company, quota and UTC month, counted up atomically by
// `consumeQuota` (src/quota/quota.ts). A month without a row has used nothing.
export const companyQuotaUsage = pgTable(
  'company_quota_usage',
  {
    companyId: integer('company_id').notNull(),
    /** A `QuotaKey` (companyVideo, consult, …). */
    quotaKey: text('quota_key').notNull(),
    /** The UTC month the usage counts against, 'YYYY-MM'. */
    period: text('period').notNull(),
    used: integer('used').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.quotaKey, t.period] }),
    check('company_quota_usage_used_check', sql`${t.used} >= 0`),
  ],
);
