export {
  currencyExponent,
  GoogleAccountData,
  type GoogleAdStatus,
  type GoogleDayMetrics,
  type GoogleTotals,
} from './account-data.js';
export { GA4_EVENTS } from './ga4.js';
export { type GaqlQuery, parseGaql } from './gaql.js';
export type { GoogleFailure, GoogleRequestRecord } from './handler.js';
export type { MutateService } from './mutate.js';
export {
  type GoogleSandbox,
  type GoogleSandboxOptions,
  type GoogleSandboxState,
  startGoogleSandbox,
} from './sandbox.js';
export { GOOGLE_SITE_CAMPAIGNS, type GoogleSandboxAccountOptions, type GoogleSite } from './spec.js';
