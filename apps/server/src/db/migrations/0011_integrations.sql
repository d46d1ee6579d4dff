CREATE TABLE "integration_sync_phases" (
	"run_id" uuid NOT NULL,
	"phase" text NOT NULL,
	"position" integer NOT NULL,
	"status" text NOT NULL,
	"cursor" text,
	"since" timestamp with time zone,
	"processed_items" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_sync_phases_run_id_phase_pk" PRIMARY KEY("run_id","phase")
);
--> statement-breakpoint
CREATE TABLE "integration_sync_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"resume_at" timestamp with time zone,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"credentials" text NOT NULL,
	"credential_hints" jsonb NOT NULL,
	"account_info" jsonb,
	"permission_level" text,
	"sandbox_url" text,
	"error" text,
	"last_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_balance_transactions" (
	"business_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"vendor_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"reporting_category" text,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"net" bigint NOT NULL,
	"currency" text NOT NULL,
	"exchange_rate" text,
	"source_id" text,
	"available_on" timestamp with time zone,
	CONSTRAINT "stripe_balance_transactions_business_id_vendor_id_pk" PRIMARY KEY("business_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_charges" (
	"business_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"vendor_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"amount" bigint NOT NULL,
	"amount_refunded" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"paid" boolean NOT NULL,
	"customer_id" text,
	"payment_intent_id" text,
	"balance_transaction_id" text,
	"billing_email" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "stripe_charges_business_id_vendor_id_pk" PRIMARY KEY("business_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_customers" (
	"business_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"vendor_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"email" text,
	"name" text,
	"phone" text,
	"currency" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "stripe_customers_business_id_vendor_id_pk" PRIMARY KEY("business_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_disputes" (
	"business_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"vendor_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"charge_id" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	CONSTRAINT "stripe_disputes_business_id_vendor_id_pk" PRIMARY KEY("business_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_invoices" (
	"business_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"vendor_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_id" text,
	"subscription_id" text,
	"status" text,
	"amount_due" bigint NOT NULL,
	"amount_paid" bigint NOT NULL,
	"currency" text NOT NULL,
	CONSTRAINT "stripe_invoices_business_id_vendor_id_pk" PRIMARY KEY("business_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_refunds" (
	"business_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"vendor_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"charge_id" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text,
	"reason" text,
	"balance_transaction_id" text,
	CONSTRAINT "stripe_refunds_business_id_vendor_id_pk" PRIMARY KEY("business_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_subscriptions" (
	"business_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"vendor_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_id" text,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"interval" text,
	"interval_count" integer,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean NOT NULL,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "stripe_subscriptions_business_id_vendor_id_pk" PRIMARY KEY("business_id","vendor_id")
);
--> statement-breakpoint
ALTER TABLE "integration_sync_phases" ADD CONSTRAINT "integration_sync_phases_run_id_integration_sync_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."integration_sync_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_sync_runs" ADD CONSTRAINT "integration_sync_runs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_sync_runs" ADD CONSTRAINT "integration_sync_runs_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_balance_transactions" ADD CONSTRAINT "stripe_balance_transactions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_balance_transactions" ADD CONSTRAINT "stripe_balance_transactions_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_charges" ADD CONSTRAINT "stripe_charges_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_charges" ADD CONSTRAINT "stripe_charges_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_customers" ADD CONSTRAINT "stripe_customers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_customers" ADD CONSTRAINT "stripe_customers_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_disputes" ADD CONSTRAINT "stripe_disputes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_disputes" ADD CONSTRAINT "stripe_disputes_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_invoices" ADD CONSTRAINT "stripe_invoices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_invoices" ADD CONSTRAINT "stripe_invoices_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_refunds" ADD CONSTRAINT "stripe_refunds_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_refunds" ADD CONSTRAINT "stripe_refunds_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_subscriptions" ADD CONSTRAINT "stripe_subscriptions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_subscriptions" ADD CONSTRAINT "stripe_subscriptions_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_sync_runs_integration" ON "integration_sync_runs" USING btree ("integration_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_business_provider" ON "integrations" USING btree ("business_id","provider");--> statement-breakpoint
CREATE INDEX "stripe_bt_created" ON "stripe_balance_transactions" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "stripe_charges_created" ON "stripe_charges" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "stripe_customers_email" ON "stripe_customers" USING btree ("business_id","email");