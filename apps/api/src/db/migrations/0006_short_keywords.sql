-- Keywords of one or two characters (most Chinese words) have no trigram, so the pg_trgm index cannot find
-- them. search_grams(text) is the set of a text's single characters and character pairs, lower-cased; a GIN
-- index on it finds every row whose keyword expression contains a one- or two-character keyword:
-- search_grams(expr) @> search_grams(keyword) (the ILIKE beside it keeps the exact semantics).
CREATE OR REPLACE FUNCTION search_grams(t text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  l text := lower(t);
  grams text[] := string_to_array(l, NULL);
BEGIN
  -- Characters, then character pairs; GIN keeps each distinct value once per row.
  FOR i IN 1 .. char_length(l) - 1 LOOP
    grams := grams || substr(l, i, 2);
  END LOOP;
  RETURN grams;
END
$$;--> statement-breakpoint
CREATE INDEX "banner_search_grams_idx" ON "banner" USING gin (search_grams((coalesce("title", '') || ' ' || coalesce("remark", ''))));--> statement-breakpoint
CREATE INDEX "banner_position_search_grams_idx" ON "banner_position" USING gin (search_grams((coalesce("code", '') || ' ' || coalesce("en_name", '') || ' ' || coalesce("zh_name", ''))));--> statement-breakpoint
CREATE INDEX "company_search_grams_idx" ON "company" USING gin (search_grams((coalesce("name", '') || ' ' || coalesce("account", '') || ' ' || coalesce("code", ''))));--> statement-breakpoint
CREATE INDEX "company_category_search_grams_idx" ON "company_category" USING gin (search_grams((coalesce("en_name", '') || ' ' || coalesce("zh_name", ''))));--> statement-breakpoint
CREATE INDEX "company_tag_search_grams_idx" ON "company_tag" USING gin (search_grams((coalesce("name", ''))));--> statement-breakpoint
CREATE INDEX "customer_service_search_grams_idx" ON "customer_service" USING gin (search_grams((coalesce("name", '') || ' ' || coalesce("mobile", '') || ' ' || coalesce("email", ''))));--> statement-breakpoint
CREATE INDEX "vip_package_search_grams_idx" ON "vip_package" USING gin (search_grams((coalesce("en_name", '') || ' ' || coalesce("zh_name", ''))));