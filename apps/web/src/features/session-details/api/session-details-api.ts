import { API } from '@ri/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { businessKey } from '../../../lib/query-keys';

/** Spec: per-session readiness and profile reads are cached for 60 s. */
const SESSION_SCORE_STALE_MS = 60_000;

export function getSessionJourney(businessId: string | null, sessionId: string) {
  return callEndpoint(API.getSessionJourney, { businessId, params: { sessionId } });
}

export const sessionJourneyQueryOptions = (businessId: string | null, sessionId: string) =>
  queryOptions({
    queryKey: businessKey(API.getSessionJourney, businessId, sessionId),
    queryFn: () => getSessionJourney(businessId, sessionId),
    staleTime: SESSION_SCORE_STALE_MS,
  });

/** Null when the server has nothing for the session yet (404): not classified. */
async function orNullWhenMissing<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** A 404 is thrown, not turned into null: its message says why the session has no score yet. */
export function getReadinessScore(businessId: string | null, sessionId: string) {
  return callEndpoint(API.getReadinessScore, { businessId, params: { sessionId } });
}

export const readinessScoreQueryOptions = (businessId: string | null, sessionId: string) =>
  queryOptions({
    queryKey: businessKey(API.getReadinessScore, businessId, sessionId),
    queryFn: () => getReadinessScore(businessId, sessionId),
    staleTime: SESSION_SCORE_STALE_MS,
  });

export function getNeuromindProfile(businessId: string | null, sessionId: string) {
  return orNullWhenMissing(callEndpoint(API.getNeuromindProfile, { businessId, params: { sessionId } }));
}

export const neuromindProfileQueryOptions = (businessId: string | null, sessionId: string) =>
  queryOptions({
    queryKey: businessKey(API.getNeuromindProfile, businessId, sessionId),
    queryFn: () => getNeuromindProfile(businessId, sessionId),
    staleTime: SESSION_SCORE_STALE_MS,
  });
