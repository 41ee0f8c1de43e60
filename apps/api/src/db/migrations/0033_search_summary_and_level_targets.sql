CREATE TABLE "stat_keyword_user" (
	"day" date NOT NULL,
	"keyword" text NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "stat_keyword_user_keyword_language_day_user_id_pk" PRIMARY KEY("keyword","language","day","user_id")
);
--> statement-breakpoint
ALTER TABLE "announcement" ADD COLUMN "level_ids" integer[];--> statement-breakpoint
ALTER TABLE "notice" ADD COLUMN "level_ids" integer[];--> statement-breakpoint
ALTER TABLE "recommend_search" ADD COLUMN "search_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_message" ADD COLUMN "level_ids" integer[];--> statement-breakpoint
ALTER TABLE "stat_keyword_day" ADD COLUMN "results_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "stat_keyword_day_keyword_idx" ON "stat_keyword_day" USING btree ("keyword","day");