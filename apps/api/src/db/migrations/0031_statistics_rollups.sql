CREATE TABLE "stat_company_day" (
	"day" date NOT NULL,
	"company_id" integer NOT NULL,
	"unique_visitors" integer DEFAULT 0 NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"product_views" integer DEFAULT 0 NOT NULL,
	"duration" bigint DEFAULT 0 NOT NULL,
	"collects" integer DEFAULT 0 NOT NULL,
	"uncollects" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"price_requests" integer DEFAULT 0 NOT NULL,
	"contact_exchanges" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_company_day_company_id_day_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
CREATE TABLE "stat_company_visitor" (
	"day" date NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "stat_company_visitor_company_id_day_user_id_pk" PRIMARY KEY("company_id","day","user_id")
);
--> statement-breakpoint
CREATE TABLE "stat_keyword_day" (
	"day" date NOT NULL,
	"keyword" text NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"empty_searches" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_keyword_day_day_keyword_language_pk" PRIMARY KEY("day","keyword","language")
);
--> statement-breakpoint
CREATE TABLE "stat_product_day" (
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"product_views" integer DEFAULT 0 NOT NULL,
	"duration" bigint DEFAULT 0 NOT NULL,
	"collects" integer DEFAULT 0 NOT NULL,
	"uncollects" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"price_requests" integer DEFAULT 0 NOT NULL,
	"contact_exchanges" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_product_day_product_id_day_pk" PRIMARY KEY("product_id","day")
);
--> statement-breakpoint
CREATE TABLE "stat_user_company_day" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"product_views" integer DEFAULT 0 NOT NULL,
	"duration" bigint DEFAULT 0 NOT NULL,
	"collects" integer DEFAULT 0 NOT NULL,
	"uncollects" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"price_requests" integer DEFAULT 0 NOT NULL,
	"contact_exchanges" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_user_company_day_user_id_company_id_day_pk" PRIMARY KEY("user_id","company_id","day")
);
--> statement-breakpoint
CREATE TABLE "stat_user_day" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	"logins" integer DEFAULT 0 NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"product_views" integer DEFAULT 0 NOT NULL,
	"duration" bigint DEFAULT 0 NOT NULL,
	"collects" integer DEFAULT 0 NOT NULL,
	"uncollects" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"price_requests" integer DEFAULT 0 NOT NULL,
	"contact_exchanges" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_user_day_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "stat_user_product_day" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"product_views" integer DEFAULT 0 NOT NULL,
	"duration" bigint DEFAULT 0 NOT NULL,
	"collects" integer DEFAULT 0 NOT NULL,
	"uncollects" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"price_requests" integer DEFAULT 0 NOT NULL,
	"contact_exchanges" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_user_product_day_user_id_product_id_day_pk" PRIMARY KEY("user_id","product_id","day")
);
--> statement-breakpoint
CREATE INDEX "stat_company_day_day_idx" ON "stat_company_day" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stat_product_day_company_idx" ON "stat_product_day" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "stat_user_company_day_company_idx" ON "stat_user_company_day" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "stat_user_day_day_idx" ON "stat_user_day" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stat_user_product_day_company_idx" ON "stat_user_product_day" USING btree ("company_id","day");