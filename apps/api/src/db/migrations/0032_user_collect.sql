CREATE TABLE "user_collect" (
	"user_id" integer NOT NULL,
	"target" text NOT NULL,
	"target_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"collected" boolean NOT NULL,
	"created_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	"last_event_id" text NOT NULL,
	CONSTRAINT "user_collect_user_id_target_target_id_pk" PRIMARY KEY("user_id","target","target_id")
);
--> statement-breakpoint
CREATE INDEX "user_collect_company_idx" ON "user_collect" USING btree ("company_id");