-- Trigram operators for the customer search index (contrib; PGlite loads it when it opens).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "customers_readiness_idx";--> statement-breakpoint
DROP INDEX "customers_churn_idx";--> statement-breakpoint
CREATE INDEX "customers_filters_idx" ON "customers" USING btree ("business_id","neuromind_profile","readiness_score","churn_risk");--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_readiness_idx" ON "customers" USING btree ("business_id","readiness_score","churn_risk");--> statement-breakpoint
CREATE INDEX "customers_churn_idx" ON "customers" USING btree ("business_id","churn_risk","lifetime_value");