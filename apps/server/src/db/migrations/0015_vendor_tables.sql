CREATE TABLE "conversions_api_events" (
	"integration_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"event_name" text NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"session_id" uuid,
	"visitor_id" uuid,
	"event_source_url" text,
	"client_ip" text,
	"client_user_agent" text,
	"value" double precision,
	"currency" text,
	"custom_data" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"match_keys" text[] DEFAULT '{}' NOT NULL,
	"test_event_code" text,
	"answer" jsonb,
	"error" text,
	"note" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversions_api_events_integration_id_event_id_pk" PRIMARY KEY("integration_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "ghl_contacts" (
	"business_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"vendor_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"email" text,
	"name" text,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"source" text,
	"type" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_content" text,
	"attribution" jsonb,
	"last_attribution" jsonb,
	"visitor_id" text,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "ghl_contacts_business_id_vendor_id_pk" PRIMARY KEY("business_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "ghl_opportunities" (
	"business_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"vendor_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text,
	"pipeline_id" text,
	"stage_id" text,
	"status" text NOT NULL,
	"monetary_value" bigint NOT NULL,
	"currency" text,
	"contact_id" text,
	"source" text,
	"assigned_to" text,
	"last_status_change_at" timestamp with time zone,
	"updated_at" timestamp with time zone,
	CONSTRAINT "ghl_opportunities_business_id_vendor_id_pk" PRIMARY KEY("business_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "ghl_pipeline_stages" (
	"business_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"vendor_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pipeline_id" text NOT NULL,
	"name" text,
	"position" integer NOT NULL,
	CONSTRAINT "ghl_pipeline_stages_business_id_vendor_id_pk" PRIMARY KEY("business_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "ghl_pipelines" (
	"business_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"vendor_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text,
	"stage_count" integer NOT NULL,
	CONSTRAINT "ghl_pipelines_business_id_vendor_id_pk" PRIMARY KEY("business_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "google_ad_groups" (
	"business_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"vendor_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"campaign_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"type" text,
	"cpc_bid" bigint,
	"tracking_url_template" text,
	"final_url_suffix" text,
	CONSTRAINT "google_ad_groups_business_id_vendor_id_pk" PRIMARY KEY("business_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "google_ad_metrics" (
	"business_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"ad_key" text NOT NULL,
	"date" date NOT NULL,
	"campaign_id" text NOT NULL,
	"ad_group_id" text NOT NULL,
	"cost" bigint NOT NULL,
	"currency" text NOT NULL,
	"impressions" bigint NOT NULL,
	"clicks" bigint NOT NULL,
	"conversions" double precision NOT NULL,
	"conversions_value" bigint NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "google_ad_metrics_business_id_ad_key_date_pk" PRIMARY KEY("business_id","ad_key","date")
);
--> statement-breakpoint
CREATE TABLE "google_ads" (
	"business_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"vendor_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ad_id" text NOT NULL,
	"ad_group_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"name" text,
	"type" text,
	"status" text NOT NULL,
	"final_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tracking_url_template" text,
	"final_url_suffix" text,
	"headlines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"descriptions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "google_ads_business_id_vendor_id_pk" PRIMARY KEY("business_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "google_campaigns" (
	"business_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"vendor_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"channel_type" text,
	"bidding_strategy_type" text,
	"daily_budget" bigint,
	"currency" text NOT NULL,
	"tracking_url_template" text,
	"final_url_suffix" text,
	"utm_campaign" text,
	CONSTRAINT "google_campaigns_business_id_vendor_id_pk" PRIMARY KEY("business_id","vendor_id")
);
--> statement-breakpoint
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
CREATE TABLE "oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"integration" text NOT NULL,
	"browser_hash" text NOT NULL,
	"code_verifier" text,
	"hints" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "oauth_provider" text;--> statement-breakpoint
ALTER TABLE "conversions_api_events" ADD CONSTRAINT "conversions_api_events_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions_api_events" ADD CONSTRAINT "conversions_api_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ghl_contacts" ADD CONSTRAINT "ghl_contacts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ghl_contacts" ADD CONSTRAINT "ghl_contacts_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ghl_opportunities" ADD CONSTRAINT "ghl_opportunities_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ghl_opportunities" ADD CONSTRAINT "ghl_opportunities_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ghl_pipeline_stages" ADD CONSTRAINT "ghl_pipeline_stages_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ghl_pipeline_stages" ADD CONSTRAINT "ghl_pipeline_stages_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ghl_pipelines" ADD CONSTRAINT "ghl_pipelines_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ghl_pipelines" ADD CONSTRAINT "ghl_pipelines_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_ad_groups" ADD CONSTRAINT "google_ad_groups_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_ad_groups" ADD CONSTRAINT "google_ad_groups_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_ad_metrics" ADD CONSTRAINT "google_ad_metrics_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_ad_metrics" ADD CONSTRAINT "google_ad_metrics_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_ads" ADD CONSTRAINT "google_ads_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_ads" ADD CONSTRAINT "google_ads_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_campaigns" ADD CONSTRAINT "google_campaigns_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_campaigns" ADD CONSTRAINT "google_campaigns_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversions_api_events_due" ON "conversions_api_events" USING btree ("integration_id","status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "conversions_api_events_log" ON "conversions_api_events" USING btree ("integration_id","created_at");--> statement-breakpoint
CREATE INDEX "ghl_contacts_email" ON "ghl_contacts" USING btree ("business_id","email");--> statement-breakpoint
CREATE INDEX "ghl_contacts_visitor" ON "ghl_contacts" USING btree ("business_id","visitor_id");--> statement-breakpoint
CREATE INDEX "ghl_opportunities_contact" ON "ghl_opportunities" USING btree ("business_id","contact_id");--> statement-breakpoint
CREATE INDEX "ghl_opportunities_status" ON "ghl_opportunities" USING btree ("business_id","status","created_at");--> statement-breakpoint
CREATE INDEX "google_ad_metrics_date" ON "google_ad_metrics" USING btree ("business_id","date");--> statement-breakpoint
CREATE INDEX "google_ad_metrics_campaign" ON "google_ad_metrics" USING btree ("business_id","campaign_id","date");--> statement-breakpoint
CREATE INDEX "google_ads_campaign" ON "google_ads" USING btree ("business_id","campaign_id");--> statement-breakpoint
CREATE INDEX "google_campaigns_utm" ON "google_campaigns" USING btree ("business_id","utm_campaign");--> statement-breakpoint
CREATE INDEX "meta_ad_insights_date" ON "meta_ad_insights" USING btree ("business_id","date");--> statement-breakpoint
CREATE INDEX "meta_ad_insights_campaign" ON "meta_ad_insights" USING btree ("business_id","campaign_id","date");--> statement-breakpoint
CREATE INDEX "meta_ads_adset" ON "meta_ads" USING btree ("business_id","adset_id");--> statement-breakpoint
CREATE INDEX "meta_adsets_campaign" ON "meta_adsets" USING btree ("business_id","campaign_id");--> statement-breakpoint
CREATE INDEX "oauth_states_expires_at" ON "oauth_states" USING btree ("expires_at");