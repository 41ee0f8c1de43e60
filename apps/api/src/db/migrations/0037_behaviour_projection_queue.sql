CREATE TABLE "behaviour_projection_queue" (
	"event_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "behaviour_projection_queue_event_id_created_at_pk" PRIMARY KEY("event_id","created_at")
);
