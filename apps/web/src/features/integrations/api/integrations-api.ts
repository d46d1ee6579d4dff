import {
  API,
  type FacebookAdsCredentialsBody,
  type GoHighLevelCredentialsBody,
  type GoogleCredentialsBody,
  type StripeCredentialsBody,
} from '@ri/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { businessKey, personKey } from '../../../lib/query-keys';

/** Spec section 9: sync progress every 30 s while any integration exists, every 5 s after a manual sync. */
export const BACKGROUND_POLL_MS = 30_000;
export const FAST_POLL_MS = 5_000;
export const FAST_POLL_LIMIT_MS = 5 * 60_000;

/** The catalogue changes with a release, not with the business. */
export const providersQueryOptions = () =>
  queryOptions({
    queryKey: personKey(API.listProviders),
    queryFn: () => callEndpoint(API.listProviders, {}),
    staleTime: 10 * 60_000,
  });

export const integrationsQueryOptions = (businessId: string | null) =>
  queryOptions({
    queryKey: businessKey(API.listIntegrations, businessId),
    queryFn: () => callEndpoint(API.listIntegrations, { businessId }),
  });

export const dataPointsStatsQueryOptions = (businessId: string | null) =>
  queryOptions({
    queryKey: businessKey(API.getDataPointsStats, businessId),
    queryFn: () => callEndpoint(API.getDataPointsStats, { businessId, query: {} }),
  });

export const syncProgressQueryOptions = (businessId: string | null) =>
  queryOptions({
    queryKey: businessKey(API.getSyncProgress, businessId),
    queryFn: () => callEndpoint(API.getSyncProgress, { businessId }),
  });

export function triggerSync(businessId: string | null, id: string) {
  return callEndpoint(API.triggerIntegrationSync, { businessId, params: { id } });
}

export function deleteIntegration(businessId: string | null, id: string) {
  return callEndpoint(API.deleteIntegration, { businessId, params: { id } });
}

export function testStripeCredentials(businessId: string | null, body: StripeCredentialsBody) {
  return callEndpoint(API.testStripeCredentials, { businessId, body });
}

export function saveStripeCredentials(businessId: string | null, body: StripeCredentialsBody) {
  return callEndpoint(API.saveStripeCredentials, { businessId, body });
}

export function testGoogleCredentials(businessId: string | null, body: GoogleCredentialsBody) {
  return callEndpoint(API.testGoogleCredentials, { businessId, body });
}

export function saveGoogleCredentials(businessId: string | null, body: GoogleCredentialsBody) {
  return callEndpoint(API.saveGoogleCredentials, { businessId, body });
}

export function testGoHighLevelCredentials(businessId: string | null, body: GoHighLevelCredentialsBody) {
  return callEndpoint(API.testGoHighLevelCredentials, { businessId, body });
}

export function saveGoHighLevelCredentials(businessId: string | null, body: GoHighLevelCredentialsBody) {
  return callEndpoint(API.saveGoHighLevelCredentials, { businessId, body });
}

export function testFacebookCredentials(businessId: string | null, body: FacebookAdsCredentialsBody) {
  return callEndpoint(API.testFacebookCredentials, { businessId, body });
}

export function saveFacebookCredentials(businessId: string | null, body: FacebookAdsCredentialsBody) {
  return callEndpoint(API.saveFacebookCredentials, { businessId, body });
}
