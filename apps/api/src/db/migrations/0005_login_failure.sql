CREATE TABLE "login_failure" (
	"account" text PRIMARY KEY NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_failure_updated_at_idx" ON "login_failure" USING btree ("updated_at");