import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// What the users module keeps beside the user_manager records: favourite product categories, the mail log
// (the local outbox when no SMTP server is configured), single-use activation tokens, and the checked rows
// of an import waiting to be confirmed.

/** A user's favourite product categories (ids of product_category, checked when that table exists). */
export const userInterest = pgTable('user_interest', {
  userId: integer('user_id').primaryKey(),
  categoryIds: integer('category_ids').array().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});

/** Every mail the server sends: queued in the outbox, sent by SMTP when configured, with its outcome. */
export const mailLog = pgTable(
  'mail_log',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    template: text('template').notNull(),
    lang: text('lang').notNull(),
    body: text('body').notNull(),
    html: text('html').notNull().default(''),
    /** outbox: kept locally (no SMTP configured); sent; failed (with `error`). */
    status: text('status', { enum: ['outbox', 'sent', 'failed'] }).notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('mail_log_created_at_idx').on(t.createdAt), index('mail_log_to_idx').on(t.to)],
);

/** Activation links: only the token's hash is kept; a token works once, before it expires. */
export const activationToken = pgTable(
  'activation_token',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('activation_token_user_id_idx').on(t.userId)],
);

/** The rows of a file checked by `upload` (passwords hashed, never the file itself), kept until `import` writes
 * them, which deletes the handle, or until it expires and the daily clean-up deletes it. */
export const importHandle = pgTable(
  'import_handle',
  {
    id: text('id').primaryKey(),
    entity: text('entity').notNull(),
    userId: integer('user_id'),
    sheet: jsonb('sheet').notNull(),
    report: jsonb('report').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('import_handle_expires_at_idx').on(t.expiresAt)],
);
