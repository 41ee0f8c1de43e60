ALTER TABLE "permission" ALTER COLUMN "type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "permission" ALTER COLUMN "name_en" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "permission" ALTER COLUMN "name_zh" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "permission" ALTER COLUMN "url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "role" ALTER COLUMN "name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "role" ALTER COLUMN "name_zh" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "role" ALTER COLUMN "name_zh" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "role" ALTER COLUMN "code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "permission" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "permission" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "permission" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "role" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "role" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "role" ADD COLUMN "updated_by" integer;--> statement-breakpoint
CREATE INDEX "permission_sort_no_idx" ON "permission" USING btree ("sort_no","id");--> statement-breakpoint
CREATE INDEX "permission_created_at_idx" ON "permission" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "permission_type_idx" ON "permission" USING btree ("type");--> statement-breakpoint
CREATE INDEX "permission_status_idx" ON "permission" USING btree ("status");--> statement-breakpoint
CREATE INDEX "permission_search_trgm_idx" ON "permission" USING gin ((coalesce("name_en", '') || ' ' || coalesce("name_zh", '') || ' ' || coalesce("url", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "permission_search_grams_idx" ON "permission" USING gin (search_grams((coalesce("name_en", '') || ' ' || coalesce("name_zh", '') || ' ' || coalesce("url", ''))));--> statement-breakpoint
CREATE INDEX "role_created_at_idx" ON "role" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "role_code_idx" ON "role" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "role_status_idx" ON "role" USING btree ("status");--> statement-breakpoint
CREATE INDEX "role_search_trgm_idx" ON "role" USING gin ((coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("name_zh", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "role_search_grams_idx" ON "role" USING gin (search_grams((coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("name_zh", ''))));