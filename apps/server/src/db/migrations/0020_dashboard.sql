CREATE TABLE "dashboard_goals" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"monthly_revenue" double precision,
	"conversion_rate" double precision,
	"average_order_value" double precision,
	"currency" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "dashboard_money_daily" (
	"business_id" uuid NOT NULL,
	"date" date NOT NULL,
	"currency" text NOT NULL,
	"gross" double precision DEFAULT 0 NOT NULL,
	"refunds" double precision DEFAULT 0 NOT NULL,
	"disputes" double precision DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_money_daily_business_id_date_currency_pk" PRIMARY KEY("business_id","date","currency")
);
--> statement-breakpoint
CREATE TABLE "dashboard_refresh_state" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"sessions_dirty_from" date,
	"money_dirty" boolean DEFAULT true NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"sessions_built" boolean DEFAULT false NOT NULL,
	"refreshed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dashboard_session_daily" (
	"business_id" uuid NOT NULL,
	"date" date NOT NULL,
	"sessions" bigint DEFAULT 0 NOT NULL,
	"bounced" bigint DEFAULT 0 NOT NULL,
	"duration_ms" bigint DEFAULT 0 NOT NULL,
	"converted_sessions" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	"rage_clicks" bigint DEFAULT 0 NOT NULL,
	"friction_sessions" bigint DEFAULT 0 NOT NULL,
	"readiness_sum" double precision DEFAULT 0 NOT NULL,
	"readiness_n" bigint DEFAULT 0 NOT NULL,
	"ready_sessions" bigint DEFAULT 0 NOT NULL,
	"paid_sessions" bigint DEFAULT 0 NOT NULL,
	"paid_engaged" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_session_daily_business_id_date_pk" PRIMARY KEY("business_id","date")
);
--> statement-breakpoint
ALTER TABLE "dashboard_goals" ADD CONSTRAINT "dashboard_goals_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_goals" ADD CONSTRAINT "dashboard_goals_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_money_daily" ADD CONSTRAINT "dashboard_money_daily_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_refresh_state" ADD CONSTRAINT "dashboard_refresh_state_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_session_daily" ADD CONSTRAINT "dashboard_session_daily_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;