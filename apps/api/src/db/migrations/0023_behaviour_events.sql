CREATE SEQUENCE IF NOT EXISTS "behaviour_event_id_seq" AS integer;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "behaviour_event" (
  "id" integer NOT NULL DEFAULT nextval('behaviour_event_id_seq'),
  "event_id" text,
  "type" text,
  "user_id" integer,
  "company_id" integer,
  "product_id" integer,
  "keyword" text,
  "results_count" integer,
  "language" text,
  "duration" integer,
  "version" integer NOT NULL DEFAULT 1,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  "created_by" integer,
  "updated_by" integer,
  PRIMARY KEY ("id", "created_at")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
ALTER SEQUENCE "behaviour_event_id_seq" OWNED BY "behaviour_event"."id";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "behaviour_event_created_at_idx" ON "behaviour_event" ("created_at", "id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "behaviour_event_default" PARTITION OF "behaviour_event" DEFAULT;--> statement-breakpoint
-- a client's event id with its time is stored once: a retried batch inserts nothing new
CREATE UNIQUE INDEX IF NOT EXISTS "behaviour_event_event_key" ON "behaviour_event" ("event_id", "created_at");--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "search_history_id_seq" AS integer;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "search_history" (
  "id" integer NOT NULL DEFAULT nextval('search_history_id_seq'),
  "keyword" text,
  "user_id" integer,
  "language" text,
  "results_count" integer,
  "event_id" text,
  "version" integer NOT NULL DEFAULT 1,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  "created_by" integer,
  "updated_by" integer,
  PRIMARY KEY ("id", "created_at")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
ALTER SEQUENCE "search_history_id_seq" OWNED BY "search_history"."id";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_history_created_at_idx" ON "search_history" ("created_at", "id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "search_history_default" PARTITION OF "search_history" DEFAULT;--> statement-breakpoint
CREATE INDEX "behaviour_event_event_id_idx" ON "behaviour_event" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "behaviour_event_type_idx" ON "behaviour_event" USING btree ("type");--> statement-breakpoint
CREATE INDEX "behaviour_event_user_id_idx" ON "behaviour_event" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "behaviour_event_company_id_idx" ON "behaviour_event" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "behaviour_event_product_id_idx" ON "behaviour_event" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "search_history_keyword_idx" ON "search_history" USING btree ("keyword","id");--> statement-breakpoint
CREATE INDEX "search_history_user_id_idx" ON "search_history" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "search_history_language_idx" ON "search_history" USING btree ("language");--> statement-breakpoint
CREATE INDEX "search_history_results_count_idx" ON "search_history" USING btree ("results_count","id");--> statement-breakpoint
CREATE INDEX "search_history_search_trgm_idx" ON "search_history" USING gin ((coalesce("keyword", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_history_search_grams_idx" ON "search_history" USING gin (search_grams((coalesce("keyword", ''))));