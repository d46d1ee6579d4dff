CREATE TABLE "stripe_checkout_sessions" (
	"business_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"vendor_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_reference_id" text,
	"customer_id" text,
	"customer_email" text,
	"payment_intent_id" text,
	"subscription_id" text,
	"invoice_id" text,
	"mode" text,
	"status" text,
	"payment_status" text,
	"amount_total" bigint,
	"currency" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "stripe_checkout_sessions_business_id_vendor_id_pk" PRIMARY KEY("business_id","vendor_id")
);
--> statement-breakpoint
ALTER TABLE "stripe_charges" ADD COLUMN "checkout_reference" text;--> statement-breakpoint
ALTER TABLE "stripe_checkout_sessions" ADD CONSTRAINT "stripe_checkout_sessions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_checkout_sessions" ADD CONSTRAINT "stripe_checkout_sessions_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stripe_checkout_sessions_payment_intent" ON "stripe_checkout_sessions" USING btree ("business_id","payment_intent_id");--> statement-breakpoint
CREATE INDEX "stripe_charges_payment_intent" ON "stripe_charges" USING btree ("business_id","payment_intent_id");