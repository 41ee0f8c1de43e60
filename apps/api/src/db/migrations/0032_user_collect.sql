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
CREATE INDEX "user_collect_company_idx" ON "user_collect" USING btree ("company_id");--> statement-breakpoint
-- What each user has collected now, from the events stored before this table existed (as rebuildUserCollects).
INSERT INTO "user_collect" ("user_id", "target", "target_id", "company_id", "collected", "created_at", "updated_at", "last_event_id")
SELECT "user_id", "target", "target_id", "company_id", "type" = 'collect', "first", "created_at", "event_id"
FROM (
  SELECT ev.*,
    row_number() OVER (PARTITION BY "user_id", "target", "target_id" ORDER BY "created_at" DESC, "event_id" COLLATE "C" DESC) AS n,
    min("created_at") FILTER (WHERE "type" = 'collect') OVER (PARTITION BY "user_id", "target", "target_id") AS "first"
  FROM (
    SELECT e."user_id", CASE WHEN e."product_id" IS NULL THEN 'company' ELSE 'product' END AS "target",
      coalesce(e."product_id", e."company_id") AS "target_id",
      CASE WHEN e."product_id" IS NULL THEN e."company_id" ELSE p."company_id" END AS "company_id",
      e."type", e."created_at", e."event_id"
    FROM "behaviour_event" e LEFT JOIN "product" p ON p."id" = e."product_id"
    WHERE e."type" IN ('collect', 'uncollect') AND e."user_id" IS NOT NULL
  ) ev
  WHERE "target_id" IS NOT NULL AND "company_id" IS NOT NULL
) ranked
WHERE n = 1;
