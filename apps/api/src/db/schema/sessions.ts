import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { adminUser } from './accounts';

// Sessions (opaque tokens kept only as SHA-256 hashes), single-use captchas and the SMS second
// factor. All state lives in the database so any API node can answer any request.

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => adminUser.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).defaultNow().notNull(),
    /** Absolute end of the session (session.absoluteHours after login). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** 'logout' | 'replaced' (login elsewhere, single-session) | 'password' (changed) | 'disabled'. */
    revokeReason: text('revoke_reason'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [
    uniqueIndex('session_token_hash_key').on(t.tokenHash),
    index('session_user_id_idx').on(t.userId),
    index('session_expires_at_idx').on(t.expiresAt),
  ],
);

export const captcha = pgTable(
  'captcha',
  {
    token: text('token').primaryKey(),
    /** SHA-256 of token + lower-cased answer: the answer itself is never stored. */
    answerHash: text('answer_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('captcha_expires_at_idx').on(t.expiresAt)],
);

/** One-time codes of the SMS second factor; only their hashes are kept. */
export const smsCode = pgTable(
  'sms_code',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => adminUser.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('sms_code_user_purpose_idx').on(t.userId, t.purpose, t.createdAt)],
);

/** Text messages waiting for a provider; the default set-up only records them here. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id'),
    mobile: text('mobile').notNull(),
    purpose: text('purpose').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('sms_outbox_status_created_idx').on(t.status, t.createdAt)],
);

/**
 * Failed logins per account and address (the client's IP), of existing accounts and of names that are not
 * one alike: the maxFailures-th failure from one address locks that account for that address only, so
 * failures from elsewhere never lock the owner out, and an unknown account answers "locked" after as many
 * failures as a real one.
 */
export const loginFailure = pgTable(
  'login_failure',
  {
    account: text('account').notNull(),
    ip: text('ip').notNull().default(''),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.account, t.ip] }), index('login_failure_updated_at_idx').on(t.updatedAt)],
);
