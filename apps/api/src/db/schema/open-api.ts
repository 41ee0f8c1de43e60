import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { entityTables } from './entities';

// The marketplace-facing API's own tables (apps/api/src/open). The API key record itself is an engine entity
// (`api_key`); its secret lives here, apart from the record, so it is never in the record's answers, history
// or exports.

/** The sha-256 hash of an API key's secret (a 256-bit random value: no slow hash is needed). */
export const apiKeySecret = pgTable('api_key_secret', {
  apiKeyId: integer('api_key_id')
    .primaryKey()
    .references(() => entityTables.api_key!.id, { onDelete: 'cascade' }),
  secretHash: text('secret_hash').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).defaultNow().notNull(),
});

/** A POST's answer by (key, Idempotency-Key): a retry answers it again instead of writing twice. Kept 24 h. */
export const openIdempotency = pgTable(
  'open_idempotency',
  {
    apiKeyId: integer('api_key_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** sha-256 of the method, url and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    /** `{ text }`: the answer's JSON text (jsonb would reorder an object's keys; a retry gets the same bytes). */
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    primaryKey({ name: 'open_idempotency_pkey', columns: [t.apiKeyId, t.idempotencyKey] }),
    index('open_idempotency_created_at_idx').on(t.createdAt),
  ],
);
