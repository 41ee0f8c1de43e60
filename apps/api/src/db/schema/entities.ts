import { entities } from '@organiser/domain';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { deriveTables } from '../entity-tables';

// Tables of the entity engine. Entity tables are derived from the definitions in packages/domain/src/entities;
// drizzle-kit only sees top-level exports, so each is exported by name below (a test fails when one is missing).
// Views (company_audit) read their base's table and have none of their own.

export const entityTables = deriveTables(entities);

export const {
  banner,
  banner_position: bannerPosition,
  company_tag: companyTag,
  company_category: companyCategory,
  vip_package: vipPackage,
  company,
  customer_service: customerService,
  api_key: apiKey,
  consult,
  dict_group: dictGroup,
  dict_item: dictItem,
  dynamic_form_config: dynamicFormConfig,
  product_category: productCategory,
  product_tag: productTag,
  product,
  user_manager: userManager,
  buy_requirement: buyRequirement,
  announcement,
  notice,
  behaviour_event: behaviourEvent,
  search_history: searchHistory,
  event_information: eventInformation,
  search_top: searchTop,
  recommend_search: recommendSearch,
  recommend_advertising: recommendAdvertising,
  popular_activity: popularActivity,
  popular_sub_activity: popularSubActivity,
  site_message: siteMessage,
  inform_message: informMessage,
  site_chat_conversation: siteChatConversation,
  site_chat_message: siteChatMessage,
  user_vip_package: userVipPackage,
  user_point_rule: userPointRule,
  user_point_ledger: userPointLedger,
} = entityTables;

/** The role and permission tables every permission check reads: the engine's `role` and `permission`. */
export const role = entityTables.role!;
export const permission = entityTables.permission!;

/** Who changed what and when, for every entity: one row per write, with each changed field's old and new value. */
export const recordHistory = pgTable(
  'record_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    entity: text('entity').notNull(),
    recordId: integer('record_id').notNull(),
    /** The record's version after this write. */
    version: integer('version').notNull(),
    /** create, update, delete, restore, purge, revert, import, or a status action (enable, offline, ...). */
    action: text('action').notNull(),
    actorId: integer('actor_id'),
    actorAccount: text('actor_account'),
    /** `[{ field, old, new }]` in JSON names. */
    changes: jsonb('changes').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('record_history_entity_record_idx').on(t.entity, t.recordId, t.version)],
);
