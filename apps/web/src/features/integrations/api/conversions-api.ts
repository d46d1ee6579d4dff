import { API, type ConversionsApiSettingsBody, type FacebookConversionsCredentialsBody } from '@ri/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { businessKey } from '../../../lib/query-keys';

/** The send log moves with each send (every minute at most): a minute's staleness is what it can be. */
const LOG_STALE_MS = 60_000;

export function testConversionsCredentials(businessId: string | null, body: FacebookConversionsCredentialsBody) {
  return callEndpoint(API.testFacebookConversionsCredentials, { businessId, body });
}

export function saveConversionsCredentials(businessId: string | null, body: FacebookConversionsCredentialsBody) {
  return callEndpoint(API.saveFacebookConversionsCredentials, { businessId, body });
}

export const conversionsLogQueryOptions = (businessId: string | null, integrationId: string) =>
  queryOptions({
    queryKey: businessKey(API.getConversionsApiLog, businessId, integrationId),
    queryFn: () =>
      callEndpoint(API.getConversionsApiLog, { businessId, params: { id: integrationId }, query: { limit: 20 } }),
    staleTime: LOG_STALE_MS,
  });

export function updateConversionsSettings(
  businessId: string | null,
  integrationId: string,
  body: ConversionsApiSettingsBody,
) {
  return callEndpoint(API.updateConversionsApiSettings, { businessId, params: { id: integrationId }, body });
}
