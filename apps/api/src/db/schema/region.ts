import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

// `GET /region/list_all`: the countries (ISO 3166-1 alpha-2) and, for China, its
// province-level divisions and their cities (GB/T 2260 codes), with English and Chinese names. Reference data
// seeded at start from packages (src/modules/region/seed.ts), never edited through the API.
export const region = pgTable(
  'region',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** 'CN', 'US' … for countries; '440000' for provinces; '440300' for cities. */
    code: text('code').notNull(),
    /** The country of a province, the province of a city; null for countries. */
    parentCode: text('parent_code'),
    level: text('level', { enum: ['country', 'province', 'city'] }).notNull(),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    /** Order among siblings: China first then by English name for countries, by code below. */
    sortNo: integer('sort_no').notNull().default(0),
  },
  (t) => [uniqueIndex('region_code_key').on(t.code), index('region_parent_code_idx').on(t.parentCode)],
);
