ALTER TABLE "upload" ADD COLUMN "api_key_id" integer;--> statement-breakpoint
CREATE INDEX "upload_api_key_id_idx" ON "upload" USING btree ("api_key_id");