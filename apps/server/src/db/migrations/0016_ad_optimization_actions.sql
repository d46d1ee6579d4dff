CREATE TABLE "ad_optimization_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"campaign_id" text NOT NULL,
	"campaign_name" text NOT NULL,
	"platform" text NOT NULL,
	"recommendation_id" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"action" jsonb NOT NULL,
	"action_key" text NOT NULL,
	"status" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"currency" text,
	"message" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_by" uuid,
	"undone_at" timestamp with time zone,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ad_optimization_actions" ADD CONSTRAINT "ad_optimization_actions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_optimization_actions" ADD CONSTRAINT "ad_optimization_actions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_optimization_actions" ADD CONSTRAINT "ad_optimization_actions_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_optimization_actions_business" ON "ad_optimization_actions" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "ad_optimization_actions_campaign" ON "ad_optimization_actions" USING btree ("business_id","campaign_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_optimization_actions_active" ON "ad_optimization_actions" USING btree ("business_id","campaign_id","recommendation_id","action_key") WHERE status in ('pending', 'applied', 'task');