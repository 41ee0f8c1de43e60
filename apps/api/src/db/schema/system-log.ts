import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// Every mutating call and every login attempt, with secrets redacted. Partitioned by month of `created_at`
// (migration 0012, hand-written): the key includes it, and retention drops whole months.
export const systemLog = pgTable(
  'system_log',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    account: text('account').notNull().default(''),
    companyId: integer('company_id'),
    url: text('url').notNull(),
    method: text('method').notNull(),
    ip: text('ip').notNull().default(''),
    requestArgs: jsonb('request_args'),
    responseArgs: jsonb('response_args'),
    success: boolean('success').notNull(),
    statusCode: integer('status_code').notNull(),
    errorMessage: text('error_message'),
    /** The refusal's catalogue key and parameters (its message is shown in the reader's language). */
    errorKey: text('error_key'),
    errorParams: jsonb('error_params'),
    durationMs: integer('duration_ms').notNull().default(0),
    /** The marketplace API key of an open-API call (`account` is then `key:<name>`). */
    apiKeyId: integer('api_key_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    primaryKey({ name: 'system_log_pkey', columns: [t.id, t.createdAt] }),
    index('system_log_created_at_idx').on(t.createdAt.desc()),
    index('system_log_account_created_at_idx').on(t.account, t.createdAt.desc()),
    index('system_log_url_trgm_idx').using('gin', t.url.op('gin_trgm_ops')),
  ],
);
