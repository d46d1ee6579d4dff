ALTER TABLE "integrations" ADD COLUMN "vendor_account" jsonb;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "credentials_expire_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "conversions_settings" jsonb;