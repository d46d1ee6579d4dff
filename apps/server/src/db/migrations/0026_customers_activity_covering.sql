-- The list's order index carries the filter columns: a narrow segment's page is found in the index alone.
DROP INDEX "customers_activity_idx";--> statement-breakpoint
CREATE INDEX "customers_activity_idx" ON "customers" USING btree ("business_id","last_activity","id","lifetime_value","churn_risk","readiness_score","neuromind_profile");