import { API, type CreateEngagementAction, type TimeRange } from '@ri/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { businessKey } from '../../../lib/query-keys';

/** Spec: sessions are read 50 at a time. */
export const LIVE_SESSIONS_LIMIT = 50;
/** The export asks for the contract's maximum, so the file holds more than the screen shows. */
export const EXPORT_SESSIONS_LIMIT = 200;
/** The fallback poll; the live stream refreshes far sooner while it is connected. */
export const LIVE_POLL_MS = 30_000;
/** Spec: per-session readiness and profile reads are cached for 60 s. */
const SESSION_SCORE_STALE_MS = 60_000;

export function getLiveSessions(businessId: string | null, timeFrame: TimeRange, limit = LIVE_SESSIONS_LIMIT) {
  return callEndpoint(API.listLiveSessions, { businessId, query: { limit, time_filter: timeFrame } });
}

/** Every time frame's sessions of one business: what a pushed session change makes stale. */
export const liveSessionsKey = (businessId: string | null) => businessKey(API.listLiveSessions, businessId);

export const liveSessionsQueryOptions = (businessId: string | null, timeFrame: TimeRange) =>
  queryOptions({
    queryKey: businessKey(API.listLiveSessions, businessId, timeFrame),
    queryFn: () => getLiveSessions(businessId, timeFrame),
    staleTime: LIVE_POLL_MS,
    refetchInterval: LIVE_POLL_MS,
    // A new time frame keeps the old rows on screen until its own arrive.
    placeholderData: keepPreviousData,
  });

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

export function createEngagementAction(businessId: string | null, body: CreateEngagementAction) {
  return callEndpoint(API.createEngagementAction, { businessId, body });
}

/** The actions recorded for one session or one insight. */
export type EngagementActionsFilter = { session_id: string } | { insight_id: string };

export function getEngagementActions(businessId: string | null, filter: EngagementActionsFilter) {
  return callEndpoint(API.listEngagementActions, { businessId, query: filter });
}

/** Every list of actions of one business: what a new action makes stale. */
export const engagementActionsKey = (businessId: string | null) => businessKey(API.listEngagementActions, businessId);

export const engagementActionsQueryOptions = (businessId: string | null, filter: EngagementActionsFilter) =>
  queryOptions({
    queryKey: businessKey(API.listEngagementActions, businessId, filter),
    queryFn: () => getEngagementActions(businessId, filter),
  });
