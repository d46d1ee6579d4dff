CREATE TABLE "meta_ad_insights" (
	"business_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"ad_id" text NOT NULL,
	"date" date NOT NULL,
	"account_id" text NOT NULL,
	"campaign_id" text,
	"adset_id" text,
	"currency" text NOT NULL,
	"spend" bigint NOT NULL,
	"impressions" bigint NOT NULL,
	"reach" bigint,
	"frequency" double precision,
	"clicks" bigint,
	"actions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"action_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"purchase_roas" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meta_ad_insights_business_id_ad_id_date_pk" PRIMARY KEY("business_id","ad_id","date")
);
--> statement-breakpoint
CREATE TABLE "meta_ads" (
	"business_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"vendor_id" text NOT NULL,
	"account_id" text NOT NULL,
	"name" text,
	"created_at" timestamp with time zone,
	"updated_time" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"campaign_id" text,
	"adset_id" text,
	"creative_id" text,
	"status" text,
	"effective_status" text,
	CONSTRAINT "meta_ads_business_id_vendor_id_pk" PRIMARY KEY("business_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "meta_adsets" (
	"business_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"vendor_id" text NOT NULL,
	"account_id" text NOT NULL,
	"name" text,
	"created_at" timestamp with time zone,
	"updated_time" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"campaign_id" text,
	"status" text,
	"effective_status" text,
	"daily_budget" bigint,
	"lifetime_budget" bigint,
	"currency" text NOT NULL,
	"optimization_goal" text,
	"billing_event" text,
	CONSTRAINT "meta_adsets_business_id_vendor_id_pk" PRIMARY KEY("business_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "meta_campaigns" (
	"business_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"vendor_id" text NOT NULL,
	"account_id" text NOT NULL,
	"name" text,
	"created_at" timestamp with time zone,
	"updated_time" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"objective" text,
	"status" text,
	"effective_status" text,
	"daily_budget" bigint,
	"lifetime_budget" bigint,
	"currency" text NOT NULL,
	"start_time" timestamp with time zone,
	"stop_time" timestamp with time zone,
	CONSTRAINT "meta_campaigns_business_id_vendor_id_pk" PRIMARY KEY("business_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "meta_creatives" (
	"business_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"vendor_id" text NOT NULL,
	"account_id" text NOT NULL,
	"name" text,
	"created_at" timestamp with time zone,
	"updated_time" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text,
	"title" text,
	"body" text,
	"object_type" text,
	"call_to_action" text,
	"image_url" text,
	"link_url" text,
	"url_tags" text,
	"utm" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "meta_creatives_business_id_vendor_id_pk" PRIMARY KEY("business_id","vendor_id")
);
--> statement-breakpoint
ALTER TABLE "meta_ad_insights" ADD CONSTRAINT "meta_ad_insights_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_ad_insights" ADD CONSTRAINT "meta_ad_insights_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_ads" ADD CONSTRAINT "meta_ads_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_ads" ADD CONSTRAINT "meta_ads_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_adsets" ADD CONSTRAINT "meta_adsets_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_adsets" ADD CONSTRAINT "meta_adsets_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_campaigns" ADD CONSTRAINT "meta_campaigns_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_campaigns" ADD CONSTRAINT "meta_campaigns_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_creatives" ADD CONSTRAINT "meta_creatives_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_creatives" ADD CONSTRAINT "meta_creatives_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meta_ad_insights_date" ON "meta_ad_insights" USING btree ("business_id","date");--> statement-breakpoint
CREATE INDEX "meta_ad_insights_campaign" ON "meta_ad_insights" USING btree ("business_id","campaign_id","date");--> statement-breakpoint
CREATE INDEX "meta_ads_adset" ON "meta_ads" USING btree ("business_id","adset_id");--> statement-breakpoint
CREATE INDEX "meta_adsets_campaign" ON "meta_adsets" USING btree ("business_id","campaign_id");