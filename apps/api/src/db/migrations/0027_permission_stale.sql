ALTER TABLE "permission" ADD COLUMN "stale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "permission_stale_idx" ON "permission" USING btree ("stale");