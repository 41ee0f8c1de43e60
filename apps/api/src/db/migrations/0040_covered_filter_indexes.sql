-- A filter's own index where a unique index leads with its column (the unique index serves the filter), and the
-- projection queue's key (nothing reads the queue by it): each cost every stored event an index insert.
DROP INDEX IF EXISTS "behaviour_event_event_id_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "permission_type_idx";--> statement-breakpoint
ALTER TABLE "behaviour_projection_queue" DROP CONSTRAINT IF EXISTS "behaviour_projection_queue_event_id_created_at_pk";--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "behaviour_event_event_key" ON "behaviour_event" USING btree ("event_id","created_at");
