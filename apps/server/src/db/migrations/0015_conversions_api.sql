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
ALTER TABLE "conversions_api_events" ADD CONSTRAINT "conversions_api_events_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions_api_events" ADD CONSTRAINT "conversions_api_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversions_api_events_due" ON "conversions_api_events" USING btree ("integration_id","status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "conversions_api_events_log" ON "conversions_api_events" USING btree ("integration_id","created_at");