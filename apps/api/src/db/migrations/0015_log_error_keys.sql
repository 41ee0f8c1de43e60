ALTER TABLE "oss_log" ADD COLUMN "error_key" text;--> statement-breakpoint
ALTER TABLE "oss_log" ADD COLUMN "error_params" jsonb;--> statement-breakpoint
ALTER TABLE "system_log" ADD COLUMN "error_key" text;--> statement-breakpoint
ALTER TABLE "system_log" ADD COLUMN "error_params" jsonb;--> statement-breakpoint
-- A company's annual and export revenue are values of the company_annual_revenue dictionary; the demo data's
-- free-text ranges become the dictionary's values (any other text is kept as it was).
UPDATE "company" SET "annual_revenue" = CASE "annual_revenue"
  WHEN 'US$1–2.5 million' THEN '1m_5m' WHEN 'US$2.5–5 million' THEN '1m_5m' WHEN 'US$5–10 million' THEN '5m_10m'
  WHEN 'US$10–50 million' THEN '10m_50m' WHEN 'US$50–100 million' THEN '50m_100m' ELSE "annual_revenue" END
WHERE "annual_revenue" IS NOT NULL;--> statement-breakpoint
UPDATE "company" SET "export_revenue" = CASE "export_revenue"
  WHEN 'US$1–2.5 million' THEN '1m_5m' WHEN 'US$2.5–5 million' THEN '1m_5m' WHEN 'US$5–10 million' THEN '5m_10m'
  WHEN 'US$10–50 million' THEN '10m_50m' WHEN 'US$50–100 million' THEN '50m_100m' ELSE "export_revenue" END
WHERE "export_revenue" IS NOT NULL;
