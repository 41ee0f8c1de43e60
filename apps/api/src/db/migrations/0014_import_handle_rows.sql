-- Checked import files kept their raw bytes (clear passwords included): they are dropped, and a handle keeps
-- the checked rows with passwords hashed from now on.
DELETE FROM "import_handle";--> statement-breakpoint
ALTER TABLE "import_handle" ADD COLUMN "sheet" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "import_handle" DROP COLUMN "file";--> statement-breakpoint
ALTER TABLE "import_handle" DROP COLUMN "used_at";--> statement-breakpoint
-- Activation links were built from the request's Host header and stored in the mail log: the tokens not used
-- yet are withdrawn (a new mail gives a new link) and the logged links lose their token.
DELETE FROM "activation_token" WHERE "used_at" IS NULL;--> statement-breakpoint
UPDATE "mail_log" SET "body" = regexp_replace("body", 'token=[A-Za-z0-9_-]+', 'token=******', 'g'), "html" = regexp_replace("html", 'token=[A-Za-z0-9_-]+', 'token=******', 'g') WHERE "template" = 'activation';
