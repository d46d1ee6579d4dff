ALTER TABLE "tracking_sessions" ADD COLUMN "client_net" text;--> statement-breakpoint
ALTER TABLE "tracking_sessions" ADD COLUMN "suspect" text;