import { API, type GenerateScriptBody, type TrackingConfig } from '@ri/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { businessKey } from '../../../lib/query-keys';

export type TestScriptInput = { tracking_id: string; website_url: string };

/** The business's script, or null when it has none yet (the server answers 404 not_found). */
export async function getTrackingScript(businessId: string | null): Promise<TrackingConfig | null> {
  try {
    return await callEndpoint(API.getTrackingScript, { businessId });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const trackingScriptQueryOptions = (businessId: string | null) =>
  queryOptions({
    queryKey: businessKey(API.getTrackingScript, businessId),
    queryFn: () => getTrackingScript(businessId),
  });

export function generateScript(businessId: string | null, body: GenerateScriptBody) {
  return callEndpoint(API.generateTrackingScript, { businessId, body });
}

export function testScript(businessId: string | null, body: TestScriptInput) {
  return callEndpoint(API.testTrackingScript, { businessId, body });
}

export function getValidateSetup(businessId: string | null) {
  return callEndpoint(API.validateTrackingSetup, { businessId });
}

/** Arrival figures change while a site owner installs the script, so they are never older than 30 s. */
export const validateSetupQueryOptions = (businessId: string | null) =>
  queryOptions({
    queryKey: businessKey(API.validateTrackingSetup, businessId),
    queryFn: () => getValidateSetup(businessId),
    staleTime: 30_000,
  });
