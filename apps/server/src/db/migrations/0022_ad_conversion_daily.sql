CREATE TABLE "ad_conversion_daily" (
	"business_id" uuid NOT NULL,
	"date" date NOT NULL,
	"channel" text NOT NULL,
	"platform" text NOT NULL,
	"conversions" double precision DEFAULT 0 NOT NULL,
	"revenue" double precision DEFAULT 0 NOT NULL,
	"other_currency" integer DEFAULT 0 NOT NULL,
	"verified" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_conversion_daily_business_id_date_channel_platform_pk" PRIMARY KEY("business_id","date","channel","platform")
);
--> statement-breakpoint
ALTER TABLE "ad_conversion_daily" ADD CONSTRAINT "ad_conversion_daily_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The rollup is built from the conversions: rebuild every business's session side once.
UPDATE "ad_refresh_state" SET "sessions_built" = false;
