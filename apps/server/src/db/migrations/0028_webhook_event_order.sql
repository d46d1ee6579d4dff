ALTER TABLE "integration_webhook_events" ADD COLUMN "object_id" text;--> statement-breakpoint
ALTER TABLE "integration_webhook_events" ADD COLUMN "event_created_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "integration_webhook_events_object" ON "integration_webhook_events" USING btree ("integration_id","object_id","event_created_at");