CREATE TABLE "tracking_bot_counts" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tracking_bot_counts_business_id_day_pk" PRIMARY KEY("business_id","day")
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"url" text,
	"title" text,
	"el" text,
	"data" jsonb,
	CONSTRAINT "tracking_events_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "tracking_sessions" (
	"business_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"tracking_id" text NOT NULL,
	"visitor_id" uuid NOT NULL,
	"timeout_ms" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_event_at" timestamp with time zone NOT NULL,
	"events_count" integer DEFAULT 0 NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"rage_clicks" integer DEFAULT 0 NOT NULL,
	"max_scroll_depth" integer DEFAULT 0 NOT NULL,
	"form_interactions" integer DEFAULT 0 NOT NULL,
	"form_submits" integer DEFAULT 0 NOT NULL,
	"cta_hovers" integer DEFAULT 0 NOT NULL,
	"cta_hover_ms" bigint DEFAULT 0 NOT NULL,
	"mouse_moves" integer DEFAULT 0 NOT NULL,
	"hesitations" integer DEFAULT 0 NOT NULL,
	"viewport_ms" bigint DEFAULT 0 NOT NULL,
	"active_ms" bigint DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	"conversion_value" double precision DEFAULT 0 NOT NULL,
	"first_url" text,
	"first_title" text,
	"last_url" text,
	"last_title" text,
	"device_type" text,
	"browser" text,
	"os" text,
	"country" text,
	"region" text,
	"city" text,
	"referrer" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_term" text,
	"utm_content" text,
	"fbclid" text,
	"gclid" text,
	"traffic_source" text DEFAULT 'direct' NOT NULL,
	"lang" text,
	"timezone" text,
	"screen_w" integer,
	"screen_h" integer,
	"origin" text,
	CONSTRAINT "tracking_sessions_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "tracking_sites" (
	"tracking_id" text PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"features" text[] NOT NULL,
	"batch_size" integer NOT NULL,
	"flush_interval" integer NOT NULL,
	"session_timeout" integer NOT NULL,
	"mode" text NOT NULL,
	"allowed_origins" text[] NOT NULL,
	"respect_dnt" boolean DEFAULT true NOT NULL,
	"cta_selectors" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tracking_sessions" ADD CONSTRAINT "tracking_sessions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_sites" ADD CONSTRAINT "tracking_sites_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracking_events_session_idx" ON "tracking_events" USING btree ("business_id","session_id","occurred_at");--> statement-breakpoint
CREATE INDEX "tracking_events_page_views_idx" ON "tracking_events" USING btree ("business_id","occurred_at") WHERE "tracking_events"."type" = 'page_view';--> statement-breakpoint
CREATE INDEX "tracking_sessions_started_idx" ON "tracking_sessions" USING btree ("business_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_sites_business_key" ON "tracking_sites" USING btree ("business_id");--> statement-breakpoint
ALTER TABLE "tracking_sessions" SET (fillfactor = 70);
