ALTER TABLE "oss_log" ADD COLUMN "error_key" text;--> statement-breakpoint
ALTER TABLE "oss_log" ADD COLUMN "error_params" jsonb;--> statement-breakpoint
ALTER TABLE "system_log" ADD COLUMN "error_key" text;--> statement-breakpoint
ALTER TABLE "system_log" ADD COLUMN "error_params" jsonb;