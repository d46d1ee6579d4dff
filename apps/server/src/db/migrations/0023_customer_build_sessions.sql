CREATE TABLE "customer_build_sessions" (
	"business_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_event_at" timestamp with time zone NOT NULL,
	"active_ms" bigint NOT NULL,
	"page_views" integer NOT NULL,
	"hesitations" integer NOT NULL,
	"form_submits" integer NOT NULL,
	"conversions" integer NOT NULL,
	"traffic_source" text,
	"utm_source" text,
	"utm_medium" text,
	"readiness_score" double precision,
	"conversion_probability" double precision,
	"neuromind_profile" text,
	"profile_confidence" double precision,
	"by_type" jsonb,
	"decision_at" double precision,
	CONSTRAINT "customer_build_sessions_business_id_customer_id_id_pk" PRIMARY KEY("business_id","customer_id","id")
);
--> statement-breakpoint
ALTER TABLE "customer_build_sessions" ADD CONSTRAINT "customer_build_sessions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;