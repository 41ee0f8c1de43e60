import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// The inbox of the marketplace's users and companies: one row per delivery of a site letter (`letterId`) or of
// a notification (`event`, from its template), to one user (`userId`) or one company (`companyId`). Rows are
// appended when a letter is sent or an event happens, never changed but for `readAt` (set once, when the
// marketplace reports the recipient read it) and never removed. A letter is delivered to a recipient at most
// once (the unique indexes), so a sending that runs twice delivers once.
export const inboxMessage = pgTable(
  'inbox_message',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** 'letter' (content is sanitised rich text) or 'notification' (content is plain text). */
    kind: text('kind').notNull(),
    letterId: integer('letter_id'),
    event: text('event'),
    userId: integer('user_id'),
    companyId: integer('company_id'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** A notification's Chinese texts (a letter is written in one language). */
    titleZh: text('title_zh'),
    contentZh: text('content_zh'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('inbox_message_user_idx').on(t.userId, t.id),
    index('inbox_message_company_idx').on(t.companyId, t.id),
    uniqueIndex('inbox_message_letter_user_unique')
      .on(t.letterId, t.userId)
      .where(sql`${t.letterId} is not null and ${t.userId} is not null`),
    uniqueIndex('inbox_message_letter_company_unique')
      .on(t.letterId, t.companyId)
      .where(sql`${t.letterId} is not null and ${t.companyId} is not null`),
  ],
);
