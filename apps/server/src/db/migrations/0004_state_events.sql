ALTER TABLE "session_intelligence" ADD COLUMN "state_events" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Until now the states were stored with every score: they hold what the score holds.
UPDATE "session_intelligence" SET "state_events" = "folded_events";
