-- The queue carries what the projections read of each event, so a projection run no longer looks every queued
-- event up in the partitioned events' table. Rows already queued are filled from their events.
ALTER TABLE "behaviour_projection_queue" ADD COLUMN "type" text;--> statement-breakpoint
ALTER TABLE "behaviour_projection_queue" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "behaviour_projection_queue" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "behaviour_projection_queue" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "behaviour_projection_queue" ADD COLUMN "keyword" text;--> statement-breakpoint
ALTER TABLE "behaviour_projection_queue" ADD COLUMN "results_count" integer;--> statement-breakpoint
ALTER TABLE "behaviour_projection_queue" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "behaviour_projection_queue" ADD COLUMN "duration" integer;--> statement-breakpoint
UPDATE "behaviour_projection_queue" q SET "type" = e."type", "user_id" = e."user_id", "company_id" = e."company_id",
  "product_id" = e."product_id", "keyword" = e."keyword", "results_count" = e."results_count",
  "language" = e."language", "duration" = e."duration"
FROM "behaviour_event" e WHERE e."event_id" = q."event_id" AND e."created_at" = q."created_at";--> statement-breakpoint
DELETE FROM "behaviour_projection_queue" WHERE "type" IS NULL;--> statement-breakpoint
ALTER TABLE "behaviour_projection_queue" ALTER COLUMN "type" SET NOT NULL;
