ALTER TABLE "search_top" ADD COLUMN "duplicate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "search_top_duplicate_idx" ON "search_top" USING btree ("duplicate") WHERE deleted_at is null;--> statement-breakpoint
-- A hot word's words compared as the write guard compares them (modules/marketing/hot-words.ts): trimmed, lower-
-- cased, either language against either language. These indexes find the live rows holding a word.
CREATE INDEX "search_top_en_word_key_idx" ON "search_top" USING btree (lower(btrim("en_word"))) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "search_top_zh_word_key_idx" ON "search_top" USING btree (lower(btrim("zh_word"))) WHERE deleted_at is null;--> statement-breakpoint
-- Marks (or unmarks) `duplicate` on the live hot words holding one of `words`: true when another live hot word
-- holds one of the same words. Reads only the rows of those words, through the indexes above.
CREATE OR REPLACE FUNCTION search_top_mark_duplicates(words text[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE "search_top" s SET "duplicate" = d.dup
  FROM (
    SELECT r.id, EXISTS (
      SELECT 1 FROM "search_top" o
      WHERE o.deleted_at IS NULL AND o.id <> r.id
        AND (lower(btrim(o.en_word)) IN (nullif(lower(btrim(r.en_word)), ''), nullif(lower(btrim(r.zh_word)), ''))
          OR lower(btrim(o.zh_word)) IN (nullif(lower(btrim(r.en_word)), ''), nullif(lower(btrim(r.zh_word)), '')))
    ) AS dup
    FROM "search_top" r
    WHERE r.deleted_at IS NULL
      AND (lower(btrim(r.en_word)) = ANY (words) OR lower(btrim(r.zh_word)) = ANY (words))
  ) d
  WHERE s.id = d.id AND s."duplicate" IS DISTINCT FROM d.dup;
$$;--> statement-breakpoint
-- After any write of a hot word's words or of its deletion (by the console, an import or plain SQL), the rows of
-- its old and new words are marked again; a deleted one is never marked. It updates only `duplicate`, which
-- does not fire it again.
CREATE OR REPLACE FUNCTION search_top_duplicates_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  words text[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    words := words || ARRAY[lower(btrim(OLD.en_word)), lower(btrim(OLD.zh_word))];
  END IF;
  IF TG_OP <> 'DELETE' THEN
    words := words || ARRAY[lower(btrim(NEW.en_word)), lower(btrim(NEW.zh_word))];
    IF NEW.deleted_at IS NOT NULL AND NEW."duplicate" THEN
      UPDATE "search_top" SET "duplicate" = false WHERE id = NEW.id;
    END IF;
  END IF;
  words := array_remove(array_remove(words, NULL), '');
  IF cardinality(words) > 0 THEN
    PERFORM search_top_mark_duplicates(words);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "search_top_duplicates" AFTER INSERT OR DELETE OR UPDATE OF "en_word", "zh_word", "deleted_at" ON "search_top"
FOR EACH ROW EXECUTE FUNCTION search_top_duplicates_changed();--> statement-breakpoint
-- The rows duplicated before this migration (imported, or written before the guard) are marked once.
SELECT search_top_mark_duplicates(array(
  SELECT DISTINCT w FROM (
    SELECT lower(btrim(en_word)) AS w FROM "search_top" WHERE deleted_at IS NULL
    UNION SELECT lower(btrim(zh_word)) FROM "search_top" WHERE deleted_at IS NULL
  ) x WHERE w <> ''
));
