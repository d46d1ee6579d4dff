CREATE TABLE "customer_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"status_detail" text NOT NULL,
	"note" text,
	"steps" jsonb NOT NULL,
	"vendor_ref" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"history" jsonb NOT NULL,
	"outcome" jsonb
);
--> statement-breakpoint
CREATE TABLE "customer_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"record_a" text NOT NULL,
	"record_b" text NOT NULL,
	"kind" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_ltv_fits" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"model" text,
	"params" jsonb,
	"customers" integer NOT NULL,
	"repeat_customers" integer NOT NULL,
	"currency" text,
	"detail" text NOT NULL,
	"fitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_merges" (
	"business_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"edges" jsonb NOT NULL,
	CONSTRAINT "customer_merges_business_id_customer_id_pk" PRIMARY KEY("business_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "customer_payments" (
	"business_id" uuid NOT NULL,
	"charge_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"amount" double precision NOT NULL,
	"refunded" double precision NOT NULL,
	"currency" text NOT NULL,
	CONSTRAINT "customer_payments_business_id_charge_id_pk" PRIMARY KEY("business_id","charge_id")
);
--> statement-breakpoint
CREATE TABLE "customer_records" (
	"business_id" uuid NOT NULL,
	"record_key" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"email" text,
	"phone" text,
	"name" text,
	"visitor_ids" jsonb NOT NULL,
	"source_created_at" timestamp with time zone,
	CONSTRAINT "customer_records_business_id_record_key_pk" PRIMARY KEY("business_id","record_key")
);
--> statement-breakpoint
CREATE TABLE "customer_segments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"rules" jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"email" text,
	"phone" text,
	"name" text,
	"first_name" text,
	"last_name" text,
	"sources" jsonb NOT NULL,
	"neuromind_profile" text,
	"profile_confidence" double precision,
	"profile_sessions" integer DEFAULT 0 NOT NULL,
	"readiness_score" double precision,
	"conversion_probability" double precision,
	"engagement_level" text NOT NULL,
	"journey_stage" text NOT NULL,
	"churn_risk" double precision,
	"p_alive" double precision,
	"expected_purchases" double precision,
	"forecast_value" double precision,
	"past_revenue" double precision DEFAULT 0 NOT NULL,
	"lifetime_value" double precision,
	"orders" integer DEFAULT 0 NOT NULL,
	"currency" text,
	"acquisition_source" text NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_activity" timestamp with time zone NOT NULL,
	"total_sessions" integer DEFAULT 0 NOT NULL,
	"avg_session_duration" double precision,
	"traits" jsonb NOT NULL,
	"subscription" jsonb,
	"merges" jsonb NOT NULL,
	"reasons" jsonb NOT NULL,
	"search" text DEFAULT '' NOT NULL,
	"fingerprint" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "analytics_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"input" jsonb NOT NULL,
	"percentage" integer DEFAULT 0 NOT NULL,
	"current_step" text DEFAULT 'Queued' NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"checkpoint" jsonb,
	"result" jsonb,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customer_actions" ADD CONSTRAINT "customer_actions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_actions" ADD CONSTRAINT "customer_actions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_links" ADD CONSTRAINT "customer_links_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_links" ADD CONSTRAINT "customer_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_ltv_fits" ADD CONSTRAINT "customer_ltv_fits_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_merges" ADD CONSTRAINT "customer_merges_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_payments" ADD CONSTRAINT "customer_payments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_records" ADD CONSTRAINT "customer_records_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_segments" ADD CONSTRAINT "customer_segments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_segments" ADD CONSTRAINT "customer_segments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_tasks" ADD CONSTRAINT "analytics_tasks_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_actions_customer_idx" ON "customer_actions" USING btree ("business_id","customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_links_pair" ON "customer_links" USING btree ("business_id","record_a","record_b");--> statement-breakpoint
CREATE INDEX "customer_payments_customer_idx" ON "customer_payments" USING btree ("business_id","customer_id","at");--> statement-breakpoint
CREATE INDEX "customer_records_customer_idx" ON "customer_records" USING btree ("business_id","customer_id");--> statement-breakpoint
CREATE INDEX "customer_segments_business_idx" ON "customer_segments" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "customers_activity_idx" ON "customers" USING btree ("business_id","last_activity","id");--> statement-breakpoint
CREATE INDEX "customers_profile_idx" ON "customers" USING btree ("business_id","neuromind_profile","last_activity");--> statement-breakpoint
CREATE INDEX "customers_readiness_idx" ON "customers" USING btree ("business_id","readiness_score");--> statement-breakpoint
CREATE INDEX "customers_churn_idx" ON "customers" USING btree ("business_id","churn_risk");--> statement-breakpoint
CREATE INDEX "analytics_tasks_business_idx" ON "analytics_tasks" USING btree ("business_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "analytics_tasks_open_idx" ON "analytics_tasks" USING btree ("status");