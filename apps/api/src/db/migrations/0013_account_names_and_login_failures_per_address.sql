DROP INDEX "admin_user_account_key";--> statement-breakpoint
ALTER TABLE "login_failure" DROP CONSTRAINT "login_failure_pkey";--> statement-breakpoint
ALTER TABLE "login_failure" ADD COLUMN "ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failure" ADD CONSTRAINT "login_failure_account_ip_pk" PRIMARY KEY("account","ip");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_user_account_key" ON "admin_user" USING btree (lower("account"));
