import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// What the system sent or stored for its users, kept for the operators' log screens and removed by retention.

/** Every text message sent, or that would have gone out when no provider is configured; codes masked. */
export const smsLog = pgTable(
  'sms_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id'),
    account: text('account').notNull().default(''),
    mobile: text('mobile').notNull(),
    purpose: text('purpose').notNull(),
    /** sent | failed | unsent (no provider configured) */
    status: text('status').notNull(),
    body: text('body').notNull(),
    errorMessage: text('error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('sms_log_created_at_idx').on(t.createdAt.desc())],
);

/** Every upload to object storage, accepted or refused. */
export const ossLog = pgTable(
  'oss_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id'),
    account: text('account').notNull().default(''),
    companyId: integer('company_id'),
    fileKey: text('file_key').notNull().default(''),
    fileName: text('file_name').notNull().default(''),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    contentType: text('content_type').notNull().default(''),
    success: boolean('success').notNull(),
    errorMessage: text('error_message'),
    /** The refusal's catalogue key and parameters (its message is shown in the reader's language). */
    errorKey: text('error_key'),
    errorParams: jsonb('error_params'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('oss_log_created_at_idx').on(t.createdAt.desc())],
);
