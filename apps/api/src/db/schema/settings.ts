import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Run-time settings staff change on the configuration screen (declared in packages/domain/src/config-settings),
// one row per setting that differs from its default, and the history of every change.

export const appSetting = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  updatedBy: integer('updated_by'),
});

export const appSettingHistory = pgTable(
  'app_setting_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    key: text('key').notNull(),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    changedBy: integer('changed_by'),
    changedByAccount: text('changed_by_account').notNull().default(''),
    changedAt: timestamp('changed_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('app_setting_history_changed_at_idx').on(t.changedAt.desc(), t.id.desc())],
);
