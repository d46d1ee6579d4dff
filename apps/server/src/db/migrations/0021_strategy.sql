CREATE TABLE "competitor_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"competitor" text NOT NULL,
	"product" text NOT NULL,
	"price" double precision NOT NULL,
	"own_price" double precision NOT NULL,
	"currency" text NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"entered_by" uuid
);
--> statement-breakpoint
CREATE TABLE "strategy_actions" (
	"business_id" uuid NOT NULL,
	"id" text NOT NULL,
	"body" jsonb NOT NULL,
	"status" text DEFAULT 'suggested' NOT NULL,
	"current" boolean DEFAULT true NOT NULL,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"metric" jsonb,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"outcome" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "strategy_actions_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "strategy_generations" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	"window_days" double precision NOT NULL,
	"window_from" text NOT NULL,
	"window_to" text NOT NULL,
	"checked" jsonb NOT NULL,
	"skipped" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategy_recommendations" (
	"business_id" uuid NOT NULL,
	"id" text NOT NULL,
	"body" jsonb NOT NULL,
	"step_plans" jsonb NOT NULL,
	"current" boolean DEFAULT true NOT NULL,
	"implemented_at" timestamp with time zone,
	"implemented_by" uuid,
	"first_generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "strategy_recommendations_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "competitor_prices" ADD CONSTRAINT "competitor_prices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_prices" ADD CONSTRAINT "competitor_prices_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_actions" ADD CONSTRAINT "strategy_actions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_generations" ADD CONSTRAINT "strategy_generations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_recommendations" ADD CONSTRAINT "strategy_recommendations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_recommendations" ADD CONSTRAINT "strategy_recommendations_implemented_by_users_id_fk" FOREIGN KEY ("implemented_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competitor_prices_business" ON "competitor_prices" USING btree ("business_id","entered_at");--> statement-breakpoint
CREATE INDEX "strategy_actions_status" ON "strategy_actions" USING btree ("business_id","status");