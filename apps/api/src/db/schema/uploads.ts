import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// Every stored file with its uploader, so uploads can be scoped by company.
export const upload = pgTable(
  'upload',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Relative path under the storage root: `yyyy/mm/<random>.<ext>`. */
    path: text('path').notNull(),
    storage: text('storage', { enum: ['local', 's3'] }).notNull(),
    kind: text('kind', { enum: ['image', 'video', 'file'] }).notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull().default(''),
    userId: integer('user_id'),
    companyId: integer('company_id'),
    /** The marketplace API key that uploaded it (POST /api/open/v1/files); null for a console upload. Its
     * writes may name only the files this key uploaded. */
    apiKeyId: integer('api_key_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('upload_path_key').on(t.path),
    index('upload_user_id_idx').on(t.userId),
    index('upload_company_id_idx').on(t.companyId),
    index('upload_api_key_id_idx').on(t.apiKeyId),
  ],
);
