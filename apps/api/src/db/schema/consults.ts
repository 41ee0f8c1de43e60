import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// A consult's reply thread: appended by the consult's `reply` command (staff, or a supplier account of the
// consult's company), never changed or removed. Text is stored as written and always shown as text; images
// are addresses of uploads that passed the JPG/PNG checks.
export const consultReply = pgTable(
  'consult_reply',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    consultId: integer('consult_id').notNull(),
    companyId: integer('company_id').notNull(),
    content: text('content').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** 'staff' or 'supplier'. */
    authorKind: text('author_kind').notNull(),
    authorId: integer('author_id'),
    authorAccount: text('author_account').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    /** When the buyer asked to see the thread through the marketplace (null: not yet). */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('consult_reply_consult_idx').on(t.consultId, t.id)],
);
