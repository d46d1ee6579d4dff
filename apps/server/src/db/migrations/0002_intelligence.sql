CREATE TABLE "engagement_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"session_id" uuid,
	"insight_id" text,
	"title" text NOT NULL,
	"action_items" jsonb NOT NULL,
	"note" text,
	"status_detail" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"history" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_intelligence" (
	"business_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"folded_events" integer DEFAULT 0 NOT NULL,
	"signal_state" jsonb NOT NULL,
	"journey_state" jsonb NOT NULL,
	"flow_state" jsonb NOT NULL,
	"signals" jsonb NOT NULL,
	"readiness_score" double precision,
	"conversion_probability" double precision,
	"contributions" jsonb,
	"model_kind" text,
	"neuromind_profile" text,
	"profile_confidence" double precision,
	"profile_probabilities" jsonb,
	"profile_evidence" jsonb,
	"last_event_at" timestamp with time zone,
	"scored_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_intelligence_business_id_session_id_pk" PRIMARY KEY("business_id","session_id")
);
--> statement-breakpoint
ALTER TABLE "engagement_actions" ADD CONSTRAINT "engagement_actions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_actions" ADD CONSTRAINT "engagement_actions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_intelligence" ADD CONSTRAINT "session_intelligence_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "engagement_actions_business_idx" ON "engagement_actions" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "tracking_sessions_visitor_idx" ON "tracking_sessions" USING btree ("business_id","visitor_id","started_at");--> statement-breakpoint
ALTER TABLE "session_intelligence" SET (fillfactor = 70);
