CREATE TABLE "behaviour_counter_delta" (
	"target" text NOT NULL,
	"target_id" integer NOT NULL,
	"collect_num" integer DEFAULT 0 NOT NULL,
	"share_num" integer DEFAULT 0 NOT NULL,
	"click_num" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "behaviour_counter_delta_target_target_id_pk" PRIMARY KEY("target","target_id")
);
--> statement-breakpoint
CREATE TABLE "user_points_delta" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"points" integer NOT NULL
);
