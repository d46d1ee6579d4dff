import {
  type BehavioralInsightsResponse,
  behavioralInsightsResponseSchema,
  type CreateEngagementAction,
  engagementActionSchema,
  engagementActionsResponseSchema,
  type IntelligenceTimeFrame,
  liveSessionsResponseSchema,
  neuromindProfileResultSchema,
  readinessScoreSchema,
  sessionJourneySchema,
} from '@ri/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

/** Spec: sessions are read 50 at a time. */
export const LIVE_SESSIONS_LIMIT = 50;
/** The export asks for the contract's maximum, so the file holds more than the screen shows. */
export const EXPORT_SESSIONS_LIMIT = 200;
/** The fallback poll; the live stream refreshes far sooner while it is connected. */
export const LIVE_POLL_MS = 30_000;
/** Spec: the behavioural insights window is 30 days, cached for 5 minutes. */
export const INSIGHTS_DAYS = 30;
const INSIGHTS_STALE_MS = 300_000;
/** Spec: per-session readiness and profile reads are cached for 60 s. */
const SESSION_SCORE_STALE_MS = 60_000;

const liveSessionsRoot = 'live-sessions';

export function getLiveSessions(timeFrame: IntelligenceTimeFrame, limit = LIVE_SESSIONS_LIMIT) {
  return apiRequest('/analytics/digital-body-language-sessions', {
    query: { limit, time_filter: timeFrame },
    schema: liveSessionsResponseSchema,
  });
}

/** Every time frame's sessions of one business: what a pushed session change makes stale. */
export const liveSessionsKey = (businessId: string | null) => [liveSessionsRoot, businessId ?? 'own'] as const;

export const liveSessionsQueryOptions = (businessId: string | null, timeFrame: IntelligenceTimeFrame) =>
  queryOptions({
    queryKey: [...liveSessionsKey(businessId), timeFrame],
    queryFn: () => getLiveSessions(timeFrame),
    staleTime: LIVE_POLL_MS,
    refetchInterval: LIVE_POLL_MS,
    // A new time frame keeps the old rows on screen until its own arrive.
    placeholderData: keepPreviousData,
  });

export function getBehavioralInsights(): Promise<BehavioralInsightsResponse> {
  return apiRequest('/analytics/behavioral-insights', {
    query: { days: INSIGHTS_DAYS },
    schema: behavioralInsightsResponseSchema,
  });
}

export const behavioralInsightsQueryOptions = (businessId: string | null) =>
  queryOptions({
    queryKey: ['behavioral-insights', businessId ?? 'own', INSIGHTS_DAYS],
    queryFn: getBehavioralInsights,
    staleTime: INSIGHTS_STALE_MS,
  });

const sessionPath = (sessionId: string, leaf: string) => `/tracking/sessions/${encodeURIComponent(sessionId)}/${leaf}`;

export function getSessionJourney(sessionId: string) {
  return apiRequest(sessionPath(sessionId, 'journey'), { schema: sessionJourneySchema });
}

export const sessionJourneyQueryOptions = (businessId: string | null, sessionId: string) =>
  queryOptions({
    queryKey: ['session-journey', businessId ?? 'own', sessionId],
    queryFn: () => getSessionJourney(sessionId),
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
export function getReadinessScore(sessionId: string) {
  return apiRequest(sessionPath(sessionId, 'readiness-score'), { schema: readinessScoreSchema });
}

export const readinessScoreQueryOptions = (businessId: string | null, sessionId: string) =>
  queryOptions({
    queryKey: ['session-readiness', businessId ?? 'own', sessionId],
    queryFn: () => getReadinessScore(sessionId),
    staleTime: SESSION_SCORE_STALE_MS,
  });

export function getNeuromindProfile(sessionId: string) {
  return orNullWhenMissing(
    apiRequest(sessionPath(sessionId, 'neuromind-profile'), { schema: neuromindProfileResultSchema }),
  );
}

export const neuromindProfileQueryOptions = (businessId: string | null, sessionId: string) =>
  queryOptions({
    queryKey: ['session-profile', businessId ?? 'own', sessionId],
    queryFn: () => getNeuromindProfile(sessionId),
    staleTime: SESSION_SCORE_STALE_MS,
  });

export function createEngagementAction(body: CreateEngagementAction) {
  return apiRequest('/engagement/actions', { method: 'POST', body, schema: engagementActionSchema });
}

/** The actions recorded for one session or one insight. */
export type EngagementActionsFilter = { session_id: string } | { insight_id: string };

export function getEngagementActions(filter: EngagementActionsFilter) {
  return apiRequest('/engagement/actions', { query: filter, schema: engagementActionsResponseSchema });
}

/** Every list of actions of one business: what a new action makes stale. */
export const engagementActionsKey = (businessId: string | null) => ['engagement-actions', businessId ?? 'own'] as const;

export const engagementActionsQueryOptions = (businessId: string | null, filter: EngagementActionsFilter) =>
  queryOptions({
    queryKey: [...engagementActionsKey(businessId), filter],
    queryFn: () => getEngagementActions(filter),
  });
