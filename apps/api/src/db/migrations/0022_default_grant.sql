CREATE TABLE "default_grant" (
	"role_code" text NOT NULL,
	"permission_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "default_grant_role_code_permission_id_pk" PRIMARY KEY("role_code","permission_id")
);
--> statement-breakpoint
ALTER TABLE "default_grant" ADD CONSTRAINT "default_grant_permission_id_permission_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "default_grant_permission_id_idx" ON "default_grant" USING btree ("permission_id");