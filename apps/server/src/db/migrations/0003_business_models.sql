CREATE TABLE "business_models" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"model" jsonb,
	"sessions" integer NOT NULL,
	"conversions" integer NOT NULL,
	"metrics" jsonb,
	"reason" text NOT NULL,
	"fitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_stats" (
	"business_id" uuid NOT NULL,
	"path" text NOT NULL,
	"views" integer NOT NULL,
	"sessions" integer NOT NULL,
	"entrances" integer NOT NULL,
	"bounces" integer NOT NULL,
	"exits" integer NOT NULL,
	"revenue" double precision NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_stats_business_id_path_pk" PRIMARY KEY("business_id","path")
);
--> statement-breakpoint
CREATE TABLE "page_type_overrides" (
	"business_id" uuid NOT NULL,
	"match" text NOT NULL,
	"page_type" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_type_overrides_business_id_match_pk" PRIMARY KEY("business_id","match")
);
--> statement-breakpoint
ALTER TABLE "business_models" ADD CONSTRAINT "business_models_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_stats" ADD CONSTRAINT "page_stats_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_type_overrides" ADD CONSTRAINT "page_type_overrides_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_type_overrides" ADD CONSTRAINT "page_type_overrides_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;