-- A company's languages and main markets become values of two dictionaries, company_language and
-- company_main_market, so each shows in the reader's language. The dictionaries are written here with the items
-- the reference seed has (modules/dictionary/seed.ts; the seed skips a dictionary whose code exists), unless a
-- dictionary of that code exists already. Then every stored text names an item: a text matching an item's value
-- or its English or Chinese label (case and surrounding spaces aside) becomes that value, and a text matching
-- none becomes an item of its own (enabled, the text as its value and as its label in both languages), so no
-- stored value is lost and each still shows (texts differing in case alone become one item, spelt as the first
-- of them in code-point order). Blank texts are dropped, and a value named twice is kept once.
WITH "created" AS (
  INSERT INTO "dict_group" ("code", "en_name", "zh_name") VALUES ('company_language', 'Company language', '企业使用语言')
  ON CONFLICT ("code") DO NOTHING RETURNING "id"
)
INSERT INTO "dict_item" ("group_id", "value", "en_label", "zh_label", "sort")
SELECT "created"."id", "item"."value", "item"."en", "item"."zh", "item"."sort" FROM "created" CROSS JOIN (VALUES
  ('en', 'English', '英语', 10),
  ('zh', 'Chinese', '中文', 20),
  ('es', 'Spanish', '西班牙语', 30),
  ('fr', 'French', '法语', 40),
  ('de', 'German', '德语', 50),
  ('ja', 'Japanese', '日语', 60),
  ('ko', 'Korean', '韩语', 70),
  ('ru', 'Russian', '俄语', 80),
  ('ar', 'Arabic', '阿拉伯语', 90),
  ('pt', 'Portuguese', '葡萄牙语', 100),
  ('it', 'Italian', '意大利语', 110),
  ('nl', 'Dutch', '荷兰语', 120),
  ('tr', 'Turkish', '土耳其语', 130),
  ('vi', 'Vietnamese', '越南语', 140),
  ('th', 'Thai', '泰语', 150),
  ('id', 'Indonesian', '印度尼西亚语', 160),
  ('ms', 'Malay', '马来语', 170),
  ('hi', 'Hindi', '印地语', 180)
) AS "item" ("value", "en", "zh", "sort");--> statement-breakpoint
INSERT INTO "dict_item" ("group_id", "value", "en_label", "zh_label", "sort")
SELECT "g"."id", "t"."text", "t"."text", "t"."text",
  (SELECT coalesce(max("sort"), 0) FROM "dict_item" WHERE "group_id" = "g"."id") + 10 * row_number() OVER (ORDER BY "t"."text" COLLATE "C")
FROM "dict_group" "g" CROSS JOIN (
  SELECT min(btrim("x") COLLATE "C") AS "text" FROM "company", unnest("company"."languages") AS "x"
  WHERE btrim("x") <> '' GROUP BY lower(btrim("x"))
) AS "t"
WHERE "g"."code" = 'company_language' AND NOT EXISTS (
  SELECT 1 FROM "dict_item" "i" WHERE "i"."group_id" = "g"."id"
    AND lower(btrim("t"."text")) IN (lower(btrim("i"."value")), lower(btrim("i"."en_label")), lower(btrim("i"."zh_label")))
);--> statement-breakpoint
UPDATE "company" SET "languages" = (
  SELECT array_agg("m"."value" ORDER BY "m"."first") FROM (
    SELECT "s"."value", min("s"."n") AS "first" FROM (
      SELECT "x"."n", (
        SELECT "i"."value" FROM "dict_item" "i" JOIN "dict_group" "g" ON "g"."id" = "i"."group_id"
        WHERE "g"."code" = 'company_language'
          AND lower(btrim("x"."v")) IN (lower(btrim("i"."value")), lower(btrim("i"."en_label")), lower(btrim("i"."zh_label")))
        ORDER BY lower(btrim("i"."value")) = lower(btrim("x"."v")) DESC, "i"."sort", "i"."id" LIMIT 1
      ) AS "value"
      FROM unnest("company"."languages") WITH ORDINALITY AS "x" ("v", "n")
      WHERE btrim("x"."v") <> ''
    ) AS "s" GROUP BY "s"."value"
  ) AS "m"
)
WHERE "languages" IS NOT NULL AND cardinality("languages") > 0;--> statement-breakpoint
WITH "created" AS (
  INSERT INTO "dict_group" ("code", "en_name", "zh_name") VALUES ('company_main_market', 'Company main market', '企业主要市场')
  ON CONFLICT ("code") DO NOTHING RETURNING "id"
)
INSERT INTO "dict_item" ("group_id", "value", "en_label", "zh_label", "sort")
SELECT "created"."id", "item"."value", "item"."en", "item"."zh", "item"."sort" FROM "created" CROSS JOIN (VALUES
  ('domestic', 'Domestic market', '国内市场', 10),
  ('north_america', 'North America', '北美', 20),
  ('central_america', 'Central America and the Caribbean', '中美洲及加勒比', 30),
  ('south_america', 'South America', '南美', 40),
  ('western_europe', 'Western Europe', '西欧', 50),
  ('northern_europe', 'Northern Europe', '北欧', 60),
  ('southern_europe', 'Southern Europe', '南欧', 70),
  ('eastern_europe', 'Eastern Europe', '东欧', 80),
  ('middle_east', 'Middle East', '中东', 90),
  ('africa', 'Africa', '非洲', 100),
  ('central_asia', 'Central Asia', '中亚', 110),
  ('south_asia', 'South Asia', '南亚', 120),
  ('southeast_asia', 'Southeast Asia', '东南亚', 130),
  ('east_asia', 'East Asia', '东亚', 140),
  ('oceania', 'Oceania', '大洋洲', 150)
) AS "item" ("value", "en", "zh", "sort");--> statement-breakpoint
INSERT INTO "dict_item" ("group_id", "value", "en_label", "zh_label", "sort")
SELECT "g"."id", "t"."text", "t"."text", "t"."text",
  (SELECT coalesce(max("sort"), 0) FROM "dict_item" WHERE "group_id" = "g"."id") + 10 * row_number() OVER (ORDER BY "t"."text" COLLATE "C")
FROM "dict_group" "g" CROSS JOIN (
  SELECT min(btrim("x") COLLATE "C") AS "text" FROM "company", unnest("company"."main_markets") AS "x"
  WHERE btrim("x") <> '' GROUP BY lower(btrim("x"))
) AS "t"
WHERE "g"."code" = 'company_main_market' AND NOT EXISTS (
  SELECT 1 FROM "dict_item" "i" WHERE "i"."group_id" = "g"."id"
    AND lower(btrim("t"."text")) IN (lower(btrim("i"."value")), lower(btrim("i"."en_label")), lower(btrim("i"."zh_label")))
);--> statement-breakpoint
UPDATE "company" SET "main_markets" = (
  SELECT array_agg("m"."value" ORDER BY "m"."first") FROM (
    SELECT "s"."value", min("s"."n") AS "first" FROM (
      SELECT "x"."n", (
        SELECT "i"."value" FROM "dict_item" "i" JOIN "dict_group" "g" ON "g"."id" = "i"."group_id"
        WHERE "g"."code" = 'company_main_market'
          AND lower(btrim("x"."v")) IN (lower(btrim("i"."value")), lower(btrim("i"."en_label")), lower(btrim("i"."zh_label")))
        ORDER BY lower(btrim("i"."value")) = lower(btrim("x"."v")) DESC, "i"."sort", "i"."id" LIMIT 1
      ) AS "value"
      FROM unnest("company"."main_markets") WITH ORDINALITY AS "x" ("v", "n")
      WHERE btrim("x"."v") <> ''
    ) AS "s" GROUP BY "s"."value"
  ) AS "m"
)
WHERE "main_markets" IS NOT NULL AND cardinality("main_markets") > 0;
