import {
  type GenerateScriptBody,
  type TrackingConfig,
  testScriptResponseSchema,
  trackingConfigSchema,
  validateSetupResponseSchema,
} from '@ri/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

export type TestScriptInput = { tracking_id: string; website_url: string };

/** The business's script, or null when it has none yet (the server answers 404 not_found). */
export async function getTrackingScript(): Promise<TrackingConfig | null> {
  try {
    return await apiRequest('/tracking/script', { schema: trackingConfigSchema });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const trackingScriptQueryOptions = (businessId: string | null) =>
  queryOptions({ queryKey: ['tracking-script', businessId ?? 'own'], queryFn: getTrackingScript });

export function generateScript(body: GenerateScriptBody) {
  return apiRequest('/tracking/generate-script', { method: 'POST', body, schema: trackingConfigSchema });
}

export function testScript(body: TestScriptInput) {
  return apiRequest('/tracking/test-script', { method: 'POST', body, schema: testScriptResponseSchema });
}

export function getValidateSetup() {
  return apiRequest('/tracking/events/validate-setup', { schema: validateSetupResponseSchema });
}

/** Arrival figures change while a site owner installs the script, so they are never older than 30 s. */
export const validateSetupQueryOptions = (businessId: string | null) =>
  queryOptions({
    queryKey: ['tracking-setup', businessId ?? 'own'],
    queryFn: getValidateSetup,
    staleTime: 30_000,
  });
