import {
  type LiveSession,
  type LiveSessionsResponse,
  type NeuromindProfile,
  type ReadinessScoresResponse,
  readinessBandOf,
  round,
  type TimeRange,
} from '@ri/contracts';
import type { Db } from '../../db/client.js';
import { contributionsOf, iso, keySignals, type SessionWithIntelligence } from '../scoring/index.js';
import { sessionSeconds } from '../tracking/index.js';
import * as repo from './live.repo.js';

/** A session as the Conversion Spy Engine lists it; unknown values are absent. */
export function toLiveSession({ session: s, intel, isActive }: SessionWithIntelligence): LiveSession {
  const out: LiveSession = {
    id: s.id,
    session_id: s.id,
    business_id: s.businessId,
    visitor_id: s.visitorId,
    start_time: iso(s.startedAt),
    last_event_time: iso(s.lastEventAt),
    duration_seconds: sessionSeconds(s),
    source: s.trafficSource,
    events_count: s.eventsCount,
    page_views: s.pageViews,
    conversions: s.conversions,
    behavioral_signals: keySignals(intel?.signals),
    top_signals: contributionsOf(intel),
  };
  if (!isActive) out.end_time = iso(s.lastEventAt);
  if (s.deviceType) out.device_type = s.deviceType;
  if (s.browser) out.browser = s.browser;
  if (s.lastUrl) out.current_page = s.lastUrl;
  if (intel?.readinessScore != null && intel.conversionProbability != null) {
    out.readiness_score = round(intel.readinessScore, 1);
    out.conversion_probability = round(intel.conversionProbability, 4);
    out.band = readinessBandOf(out.readiness_score);
  }
  if (intel?.neuromindProfile) {
    out.neuromind_profile = intel.neuromindProfile as LiveSession['neuromind_profile'];
    if (intel.profileConfidence != null) out.profile_confidence = round(intel.profileConfidence, 4);
  } else if (intel?.profileUnclassifiedReason) {
    out.profile_unclassified_reason = intel.profileUnclassifiedReason;
  }
  return out;
}

/** The mean of a column as the database answers it (numeric comes back as text), rounded; null without rows. */
const average = (value: number | string | null, digits: number) =>
  value === null ? null : round(Number(value), digits);

/** The Conversion Spy Engine's sessions of a time frame, with totals over every session of the frame. */
export async function listLiveSessions(
  db: Db,
  businessId: string,
  timeFilter: TimeRange,
  limit: number,
): Promise<LiveSessionsResponse> {
  const [rows, summary] = await Promise.all([
    repo.listLiveSessions(db, businessId, timeFilter, limit),
    repo.liveSummary(db, businessId, timeFilter),
  ]);
  return {
    sessions: rows.map(toLiveSession),
    total: summary.sessions,
    summary: {
      active_sessions: summary.active,
      sessions: summary.sessions,
      scored_sessions: summary.scored,
      avg_readiness_score: average(summary.avgReadiness, 1),
      high_intent_users: summary.highIntent,
      avg_conversion_probability: average(summary.avgProbability, 4),
    },
    time_filter: timeFilter,
    generated_at: new Date().toISOString(),
  };
}

/** Scored sessions of a time range, newest first, with the distribution over the readiness bands. */
export async function listReadinessScores(
  db: Db,
  businessId: string,
  range: TimeRange,
  limit: number,
): Promise<ReadinessScoresResponse> {
  const [rows, summary] = await Promise.all([
    repo.listScores(db, businessId, range, limit),
    repo.liveSummary(db, businessId, range),
  ]);
  return {
    scores: rows.map(({ session, intel }) => {
      const score = round(intel.readinessScore!, 1);
      return {
        session_id: session.id,
        readiness_score: score,
        conversion_probability: round(intel.conversionProbability!, 4),
        band: readinessBandOf(score),
        ...(intel.neuromindProfile ? { neuromind_profile: intel.neuromindProfile as NeuromindProfile } : {}),
        scored_at: intel.scoredAt.toISOString(),
      };
    }),
    distribution: { ready: summary.highIntent, warming: summary.warming, early: summary.early },
    avg_readiness_score: average(summary.avgReadiness, 1),
    scored_sessions: summary.scored,
    time_range: range,
  };
}
