ALTER TABLE "permission" ADD COLUMN "built_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "permission" ADD COLUMN "edited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "role" ADD COLUMN "name_zh" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "role" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Hand-written: existing roles get their Chinese name from the name they had.
UPDATE "role" SET "name_zh" = "name" WHERE "name_zh" = '';
