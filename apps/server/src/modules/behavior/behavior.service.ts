import {
  type BehavioralInsight,
  type BehavioralInsightsResponse,
  type BehavioralSignalsResponse,
  NEUROMIND_MEANINGS,
  NEUROMIND_PROFILES,
  type NeuromindProfile,
  type ProfileInsightsResponse,
  round,
  TIME_RANGE_MS,
  type TimeRange,
} from '@ri/contracts';
import { aggregateFlows, deriveInsights, detectPatterns, type SessionRecord, summarizeSignals } from '@ri/engine';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './behavior.repo.js';

const DAY_MS = 86_400_000;

type Row = Awaited<ReturnType<typeof repo.sessionsForAnalysis>>[number];

/** A scored session as the pattern analytics read it. */
function toRecord({ session, intel }: Row): SessionRecord {
  const pageTypeViews = Object.fromEntries(
    Object.entries(intel.journeyState.byType ?? {}).map(([k, v]) => [k, v.views]),
  );
  const record: SessionRecord = {
    sessionId: session.id,
    startedAt: session.startedAt.getTime(),
    converted: session.conversions > 0,
    signals: intel.signals,
    pageTypeViews,
    flows: intel.flowState,
  };
  if (intel.readinessScore != null) record.readiness = intel.readinessScore;
  if (intel.neuromindProfile) record.profile = intel.neuromindProfile;
  return record;
}

const asInsight = (i: ReturnType<typeof deriveInsights>[number]): BehavioralInsight => {
  const { profile, ...rest } = i;
  return NEUROMIND_PROFILES.includes(profile as NeuromindProfile)
    ? { ...rest, profile: profile as NeuromindProfile }
    : rest;
};

/** The Behavioral Signal Graph of a time range: signals, patterns and signal flows of its scored sessions. */
export async function getBehavioralSignals(
  db: Db,
  businessId: string,
  range: TimeRange,
): Promise<BehavioralSignalsResponse> {
  const records = (await repo.sessionsForAnalysis(db, businessId, { range })).map(toRecord);
  const to = Date.now();
  const signals = summarizeSignals(records, { from: to - TIME_RANGE_MS[range], to });
  const patterns = detectPatterns(records);
  const flows = aggregateFlows(records);
  return {
    signals,
    patterns,
    flows,
    summary: {
      active_signals: signals.length,
      pattern_matches: patterns.length,
      high_impact_signals: signals.filter((s) => s.impact_score > 0.4).length,
      signal_flows: flows.length,
    },
    sessions_analyzed: records.length,
    time_range: range,
    generated_at: new Date(to).toISOString(),
  };
}

/** Opportunities and warnings from the sessions of the last `days`, citing their numbers. */
export async function getBehavioralInsights(
  db: Db,
  businessId: string,
  days: number,
): Promise<BehavioralInsightsResponse> {
  const records = (await repo.sessionsForAnalysis(db, businessId, { days })).map(toRecord);
  const to = Date.now();
  const signals = summarizeSignals(records, { from: to - days * DAY_MS, to });
  const insights = deriveInsights(records, detectPatterns(records), signals).map(asInsight);
  return { insights, days, sessions_analyzed: records.length, generated_at: new Date(to).toISOString() };
}

/** One Neuromind profile's share of the classified sessions, its readiness, conversion rate and insights. */
export async function getProfileInsights(
  db: Db,
  businessId: string,
  profileType: string,
  days: number,
): Promise<ProfileInsightsResponse> {
  const profile = profileType as NeuromindProfile;
  if (!NEUROMIND_PROFILES.includes(profile)) {
    throw new AppError(
      'validation_failed',
      `profile_type must be one of ${NEUROMIND_PROFILES.join(', ')} (got "${profileType}")`,
      { field: 'profile_type' },
    );
  }
  const all = (await repo.sessionsForAnalysis(db, businessId, { days })).map(toRecord);
  const classified = all.filter((r) => r.profile);
  const mine = classified.filter((r) => r.profile === profile);
  const scored = mine.filter((r) => r.readiness !== undefined);
  const to = Date.now();
  const signals = summarizeSignals(all, { from: to - days * DAY_MS, to });
  const insights = deriveInsights(all, detectPatterns(all), signals)
    .map(asInsight)
    .filter((i) => i.profile === profile);
  return {
    profile_type: profile,
    meaning: NEUROMIND_MEANINGS[profile],
    days,
    sessions: mine.length,
    share: classified.length > 0 ? round(mine.length / classified.length, 4) : null,
    avg_readiness_score:
      scored.length > 0 ? round(scored.reduce((s, r) => s + r.readiness!, 0) / scored.length, 1) : null,
    conversion_rate: mine.length > 0 ? round(mine.filter((r) => r.converted).length / mine.length, 4) : null,
    insights,
  };
}
