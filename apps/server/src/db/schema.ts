// The whole database schema: each module declares its own tables (`modules/<name>/<name>.schema.ts`); this file
// gathers them for Drizzle's migrations and for queries that join across contexts.
export * from '../modules/ad-optimizations/ad-optimizations.schema.js';
export * from '../modules/ads/ads.schema.js';
export * from '../modules/auth/auth.schema.js';
export * from '../modules/businesses/businesses.schema.js';
export * from '../modules/customers/customers.schema.js';
export * from '../modules/dashboard/dashboard.schema.js';
export * from '../modules/engagement/engagement.schema.js';
export * from '../modules/integrations/integrations.schema.js';
export * from '../modules/integrations/vendors/ghl/ghl.schema.js';
export * from '../modules/integrations/vendors/google/google.schema.js';
export * from '../modules/integrations/vendors/meta/meta.schema.js';
export * from '../modules/integrations/vendors/meta-capi/capi.schema.js';
export * from '../modules/integrations/vendors/stripe/stripe.schema.js';
export * from '../modules/mail/mail.schema.js';
export * from '../modules/oauth/oauth.schema.js';
export * from '../modules/page-types/page-types.schema.js';
export * from '../modules/readiness-model/readiness-model.schema.js';
export * from '../modules/scoring/scoring.schema.js';
export * from '../modules/strategy/strategy.schema.js';
export * from '../modules/tasks/tasks.schema.js';
export * from '../modules/tracking/tracking.schema.js';
