import { index, integer, pgSequence, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

// What the purchase requirements keep beside their records: the sequence behind the readable requirement
// number, each supplier company's reveal of a requirement's buyer contact (one per requirement and company:
// a second reveal by the same company costs nothing), and each matching mail sent (one per requirement and
// company: a second authorisation or a second node never mails twice).

/** The running part of `BR20261126-000123`. */
export const buyRequirementNoSeq = pgSequence('buy_requirement_no_seq', { startWith: 1 });

export const buyRequirementReveal = pgTable(
  'buy_requirement_reveal',
  {
    requirementId: integer('requirement_id').notNull(),
    companyId: integer('company_id').notNull(),
    /** The supplier account that revealed it. */
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.requirementId, t.companyId] }),
    index('buy_requirement_reveal_company_idx').on(t.companyId, t.createdAt),
  ],
);

export const buyRequirementMail = pgTable(
  'buy_requirement_mail',
  {
    requirementId: integer('requirement_id').notNull(),
    companyId: integer('company_id').notNull(),
    /** The mail log row of the mail; empty while it is being sent. */
    mailLogId: integer('mail_log_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.requirementId, t.companyId] })],
);
