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
ALTER TABLE "ghl_contacts" ADD CONSTRAINT "ghl_contacts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ghl_contacts" ADD CONSTRAINT "ghl_contacts_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ghl_opportunities" ADD CONSTRAINT "ghl_opportunities_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ghl_opportunities" ADD CONSTRAINT "ghl_opportunities_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ghl_pipeline_stages" ADD CONSTRAINT "ghl_pipeline_stages_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ghl_pipeline_stages" ADD CONSTRAINT "ghl_pipeline_stages_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ghl_pipelines" ADD CONSTRAINT "ghl_pipelines_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ghl_pipelines" ADD CONSTRAINT "ghl_pipelines_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ghl_contacts_email" ON "ghl_contacts" USING btree ("business_id","email");--> statement-breakpoint
CREATE INDEX "ghl_contacts_visitor" ON "ghl_contacts" USING btree ("business_id","visitor_id");--> statement-breakpoint
CREATE INDEX "ghl_opportunities_contact" ON "ghl_opportunities" USING btree ("business_id","contact_id");--> statement-breakpoint
CREATE INDEX "ghl_opportunities_status" ON "ghl_opportunities" USING btree ("business_id","status","created_at");