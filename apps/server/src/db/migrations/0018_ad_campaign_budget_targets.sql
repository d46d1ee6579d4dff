ALTER TABLE "ad_campaigns" ADD COLUMN "budget_targets" jsonb;--> statement-breakpoint
-- The next refresh fills the new column: it reads the directory again (the days stay as they are).
UPDATE "ad_refresh_state" SET "ads_dirty" = true;
