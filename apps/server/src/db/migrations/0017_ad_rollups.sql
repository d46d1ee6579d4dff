CREATE TABLE "ad_campaign_daily" (
	"business_id" uuid NOT NULL,
	"campaign_id" text NOT NULL,
	"date" date NOT NULL,
	"spend_minor" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"platform_conversions" double precision DEFAULT 0 NOT NULL,
	"platform_revenue_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_campaign_daily_business_id_campaign_id_date_pk" PRIMARY KEY("business_id","campaign_id","date")
);
--> statement-breakpoint
CREATE TABLE "ad_campaigns" (
	"business_id" uuid NOT NULL,
	"id" text NOT NULL,
	"platform" text NOT NULL,
	"vendor_id" text NOT NULL,
	"integration_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"minor_per_major" integer NOT NULL,
	"daily_budget_minor" bigint,
	"lifetime_budget_minor" bigint,
	"budget_level" text,
	"budget_target_id" text,
	"utm_campaign" text,
	"start_date" date,
	"end_date" date,
	"first_delivery" date,
	"last_delivery" date,
	"decay" jsonb,
	CONSTRAINT "ad_campaigns_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "ad_channel_daily" (
	"business_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"date" date NOT NULL,
	"sessions" integer NOT NULL,
	CONSTRAINT "ad_channel_daily_business_id_channel_date_pk" PRIMARY KEY("business_id","channel","date")
);
--> statement-breakpoint
CREATE TABLE "ad_conversions" (
	"business_id" uuid NOT NULL,
	"id" text NOT NULL,
	"visitor_id" uuid NOT NULL,
	"session_id" uuid,
	"key_id" bigint,
	"session_date" date,
	"converted_at" timestamp with time zone NOT NULL,
	"touch_gap_s" integer,
	"conversions" double precision NOT NULL,
	"tracked" boolean NOT NULL,
	"verified" boolean NOT NULL,
	"revenue" double precision NOT NULL,
	"other_currency" boolean DEFAULT false NOT NULL,
	"last_charge_at" timestamp with time zone,
	CONSTRAINT "ad_conversions_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "ad_creatives" (
	"business_id" uuid NOT NULL,
	"id" text NOT NULL,
	"platform" text NOT NULL,
	"campaign_id" text NOT NULL,
	"vendor_id" text NOT NULL,
	"name" text,
	"status" text,
	"creative_type" text,
	"headline" text,
	"description" text,
	"image_url" text,
	"utm_campaign" text,
	"utm_content" text,
	"triggers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fatigue" jsonb,
	"decay" jsonb,
	CONSTRAINT "ad_creatives_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "ad_daily" (
	"business_id" uuid NOT NULL,
	"ad_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"date" date NOT NULL,
	"spend_minor" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"platform_conversions" double precision DEFAULT 0 NOT NULL,
	"platform_revenue_minor" bigint DEFAULT 0 NOT NULL,
	"frequency" double precision,
	CONSTRAINT "ad_daily_business_id_ad_id_date_pk" PRIMARY KEY("business_id","ad_id","date")
);
--> statement-breakpoint
CREATE TABLE "ad_platform_daily" (
	"business_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"currency" text NOT NULL,
	"date" date NOT NULL,
	"spend_minor" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"platform_conversions" double precision DEFAULT 0 NOT NULL,
	"platform_revenue_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_platform_daily_business_id_platform_currency_date_pk" PRIMARY KEY("business_id","platform","currency","date")
);
--> statement-breakpoint
CREATE TABLE "ad_refresh_state" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"ads_dirty" boolean DEFAULT true NOT NULL,
	"sessions_dirty_from" date,
	"charges_dirty" boolean DEFAULT false NOT NULL,
	"ads_seq" bigint DEFAULT 0 NOT NULL,
	"sessions_seq" bigint DEFAULT 0 NOT NULL,
	"charges_seq" bigint DEFAULT 0 NOT NULL,
	"windows_as_of" date,
	"ads_watermark" timestamp with time zone,
	"charges_watermark" timestamp with time zone,
	"sessions_built" boolean DEFAULT false NOT NULL,
	"revenue_currency" text,
	"version" bigint DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ad_session_daily" (
	"business_id" uuid NOT NULL,
	"key_id" bigint NOT NULL,
	"date" date NOT NULL,
	"profile" text NOT NULL,
	"band" text NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"click_id_sessions" integer DEFAULT 0 NOT NULL,
	"converted_sessions" integer DEFAULT 0 NOT NULL,
	"conversions" double precision DEFAULT 0 NOT NULL,
	"verified_conversions" double precision DEFAULT 0 NOT NULL,
	"revenue" double precision DEFAULT 0 NOT NULL,
	"readiness_sum" double precision DEFAULT 0 NOT NULL,
	"readiness_n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_session_daily_business_id_key_id_date_profile_band_pk" PRIMARY KEY("business_id","key_id","date","profile","band")
);
--> statement-breakpoint
CREATE TABLE "ad_touches" (
	"business_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"visitor_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"key_id" bigint NOT NULL,
	CONSTRAINT "ad_touches_business_id_visitor_id_started_at_session_id_pk" PRIMARY KEY("business_id","visitor_id","started_at","session_id")
);
--> statement-breakpoint
CREATE TABLE "ad_traffic_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"utm_source" text NOT NULL,
	"utm_medium" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"utm_content" text NOT NULL,
	"traffic_source" text NOT NULL,
	"click_id" text NOT NULL,
	"platform" text,
	"campaign_id" text,
	"ad_id" text,
	"channel" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_utm_daily" (
	"business_id" uuid NOT NULL,
	"date" date NOT NULL,
	"utm_source" text NOT NULL,
	"utm_medium" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"click_id_sessions" integer DEFAULT 0 NOT NULL,
	"converted_sessions" integer DEFAULT 0 NOT NULL,
	"conversions" double precision DEFAULT 0 NOT NULL,
	"verified_conversions" double precision DEFAULT 0 NOT NULL,
	"revenue" double precision DEFAULT 0 NOT NULL,
	"readiness_sum" double precision DEFAULT 0 NOT NULL,
	"readiness_n" integer DEFAULT 0 NOT NULL,
	"visitors_last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_utm_daily_business_id_date_utm_source_utm_medium_utm_campaign_pk" PRIMARY KEY("business_id","date","utm_source","utm_medium","utm_campaign")
);
--> statement-breakpoint
CREATE TABLE "ad_utm_visitors" (
	"business_id" uuid NOT NULL,
	"utm_source" text NOT NULL,
	"utm_medium" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"visitor_id" uuid NOT NULL,
	"last_date" date NOT NULL,
	CONSTRAINT "ad_utm_visitors_business_id_utm_source_utm_medium_utm_campaign_visitor_id_pk" PRIMARY KEY("business_id","utm_source","utm_medium","utm_campaign","visitor_id")
);
--> statement-breakpoint
CREATE TABLE "ad_window_totals" (
	"business_id" uuid NOT NULL,
	"level" text NOT NULL,
	"days" smallint NOT NULL,
	"previous" boolean NOT NULL,
	"id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"spend_minor" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"platform_conversions" double precision DEFAULT 0 NOT NULL,
	"platform_revenue_minor" bigint DEFAULT 0 NOT NULL,
	"delivery_days" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_window_totals_business_id_level_days_previous_id_pk" PRIMARY KEY("business_id","level","days","previous","id")
);
--> statement-breakpoint
ALTER TABLE "ad_campaign_daily" ADD CONSTRAINT "ad_campaign_daily_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_channel_daily" ADD CONSTRAINT "ad_channel_daily_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_conversions" ADD CONSTRAINT "ad_conversions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_creatives" ADD CONSTRAINT "ad_creatives_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_daily" ADD CONSTRAINT "ad_daily_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_platform_daily" ADD CONSTRAINT "ad_platform_daily_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_refresh_state" ADD CONSTRAINT "ad_refresh_state_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_session_daily" ADD CONSTRAINT "ad_session_daily_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_touches" ADD CONSTRAINT "ad_touches_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_traffic_keys" ADD CONSTRAINT "ad_traffic_keys_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_utm_daily" ADD CONSTRAINT "ad_utm_daily_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_utm_visitors" ADD CONSTRAINT "ad_utm_visitors_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_window_totals" ADD CONSTRAINT "ad_window_totals_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_conversions_at" ON "ad_conversions" USING btree ("business_id","converted_at");--> statement-breakpoint
CREATE INDEX "ad_conversions_session_date" ON "ad_conversions" USING btree ("business_id","session_date");--> statement-breakpoint
CREATE INDEX "ad_creatives_campaign" ON "ad_creatives" USING btree ("business_id","campaign_id");--> statement-breakpoint
CREATE INDEX "ad_daily_campaign" ON "ad_daily" USING btree ("business_id","campaign_id","date");--> statement-breakpoint
CREATE INDEX "ad_session_daily_date" ON "ad_session_daily" USING btree ("business_id","date");--> statement-breakpoint
CREATE INDEX "ad_touches_started" ON "ad_touches" USING btree ("business_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_traffic_keys_tags" ON "ad_traffic_keys" USING btree ("business_id","utm_source","utm_medium","utm_campaign","utm_content","traffic_source","click_id");--> statement-breakpoint
CREATE INDEX "ad_traffic_keys_campaign" ON "ad_traffic_keys" USING btree ("business_id","campaign_id");--> statement-breakpoint
CREATE INDEX "ad_utm_visitors_last" ON "ad_utm_visitors" USING btree ("business_id","last_date");