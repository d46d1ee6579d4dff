import {
  type LiveSession,
  type NeuromindProfileResult,
  type ReadinessModelInfo,
  type ReadinessScoreResult,
  readinessBandOf,
  type ScoreContribution,
  SESSION_NOT_FOUND,
  type SessionBehavioralSignals,
  type SessionJourney,
  type SessionSignals,
} from '@ri/contracts';
import { inferPageType, type PageTypeOverride, SIGNAL_CATALOGUE } from '@ri/engine';
import { AppError } from '../../lib/errors.js';
import type { IntelligenceRow, SessionRow, SessionWithIntelligence } from './intelligence.repo.js';
import { MAX_JOURNEY_EVENTS } from './intelligence.repo.js';
import { models } from './session-analysis.js';

const iso = (d: Date | string) => new Date(d).toISOString();
const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;

export const notFound = () => new AppError('not_found', SESSION_NOT_FOUND);

let priorInfo: ReadinessModelInfo | undefined;
/** The prior's description, shown with every score it makes, read from the metadata stored with it. */
function priorModel(): ReadinessModelInfo {
  if (!priorInfo) {
    const { attribution, training } = models().prior;
    const t = training as { fittedAt: string; sessions: number; converted: number };
    priorInfo = {
      kind: 'prior',
      label: `Prior fitted on the UCI ${attribution.dataset} (${attribution.licence})`,
      fitted_at: t.fittedAt,
      sessions: t.sessions,
      conversions: t.converted,
      uses_page_value: false,
    };
  }
  return priorInfo;
}

/** The session's key signals (Session entity): only those measured. */
export function keySignals(signals: Record<string, number | null> | null | undefined): SessionSignals {
  const out: SessionSignals = {};
  if (!signals) return out;
  for (const name of [
    'scroll_velocity',
    'cta_hover_time',
    'form_interactions',
    'hesitation_loops',
    'page_revisits',
    'click_cadence',
    'viewport_engagement',
  ] as const) {
    const v = signals[name];
    if (typeof v === 'number' && Number.isFinite(v)) out[name] = round(v);
  }
  return out;
}

const contributionsOf = (intel: IntelligenceRow | null): ScoreContribution[] =>
  ((intel?.contributions as ScoreContribution[] | null) ?? []).slice(0, 5);

/** A session as the Conversion Spy Engine lists it; unknown values are absent. */
export function toLiveSession({ session: s, intel, isActive }: SessionWithIntelligence): LiveSession {
  const out: LiveSession = {
    id: s.id,
    session_id: s.id,
    business_id: s.businessId,
    visitor_id: s.visitorId,
    start_time: iso(s.startedAt),
    last_event_time: iso(s.lastEventAt),
    duration_seconds: Math.max(0, Math.round((s.lastEventAt.getTime() - s.startedAt.getTime()) / 1000)),
    source: s.trafficSource,
    events_count: s.eventsCount,
    page_views: s.pageViews,
    conversions: s.conversions,
    behavioral_signals: keySignals(intel?.signals as Record<string, number | null> | undefined),
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
    if (intel.profileConfidence != null) out.profile_confidence = round(intel.profileConfidence, 3);
  }
  return out;
}

const notScored = (what: string) =>
  new AppError('not_found', `This session has no ${what} yet: it has no page view to read.`);

/**
 * A session's readiness as the API answers it. `business` describes the business's own model, for
 * sessions it scored; the prior's description says whether the page-value signal took part.
 */
export function toReadiness(
  row: SessionWithIntelligence,
  business: ReadinessModelInfo | null = null,
): ReadinessScoreResult {
  const intel = row.intel;
  if (intel?.readinessScore == null || intel.conversionProbability == null) throw notScored('readiness score');
  const score = round(intel.readinessScore, 1);
  return {
    session_id: row.session.id,
    readiness_score: score,
    conversion_probability: round(intel.conversionProbability, 4),
    band: readinessBandOf(score),
    top_signals: contributionsOf(intel),
    model:
      intel.modelKind === 'business' && business
        ? business
        : {
            ...priorModel(),
            uses_page_value: ((intel.contributions as ScoreContribution[] | null) ?? []).some(
              (c) => c.feature === 'page_value',
            ),
          },
    scored_at: iso(intel.scoredAt),
    events_scored: intel.foldedEvents,
  };
}

export function toProfile(row: SessionWithIntelligence): NeuromindProfileResult {
  const intel = row.intel;
  if (!intel?.neuromindProfile) throw notScored('Neuromind profile');
  return {
    session_id: row.session.id,
    neuromind_profile: intel.neuromindProfile as NeuromindProfileResult['neuromind_profile'],
    confidence: round(intel.profileConfidence ?? 0, 4),
    probabilities: (intel.profileProbabilities as NeuromindProfileResult['probabilities']) ?? [],
    evidence: (intel.profileEvidence as NeuromindProfileResult['evidence']) ?? [],
    classified_at: iso(intel.scoredAt),
  };
}

export function toBehavioralSignals(row: SessionWithIntelligence): SessionBehavioralSignals {
  const values = (row.intel?.signals as Record<string, number | null> | undefined) ?? {};
  return {
    session_id: row.session.id,
    signals: SIGNAL_CATALOGUE.map((d) => ({
      name: d.name,
      type: d.type,
      value: typeof values[d.name] === 'number' ? round(values[d.name]!, 3) : null,
      unit: d.unit,
      description: d.formula,
    })),
    key_signals: keySignals(values),
    events_scored: row.intel?.foldedEvents ?? 0,
  };
}

type EventRow = {
  id: string;
  type: string;
  occurredAt: Date;
  url: string | null;
  title: string | null;
  el: string | null;
  data: unknown;
};

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The recorded journey of a session: its pages in order with their types, its events, and the friction
 * the events show (rage clicks, hesitations, abandoned forms, pages left after a shallow look).
 */
export function buildJourney(
  session: SessionRow,
  rows: EventRow[],
  rules: readonly PageTypeOverride[] = [],
): SessionJourney {
  const truncated = rows.length > MAX_JOURNEY_EVENTS;
  const events = rows.slice(0, MAX_JOURNEY_EVENTS);
  const journey_path: SessionJourney['journey_path'] = [];
  const friction_points: SessionJourney['friction_points'] = [];
  for (const e of events) {
    const data = (e.data ?? {}) as Record<string, unknown>;
    const at = iso(e.occurredAt);
    if (e.type === 'page_view' && e.url) {
      journey_path.push({ url: e.url, title: e.title, page_type: inferPageType(e.url, e.title, rules), at });
    } else if (e.type === 'rage_click') {
      friction_points.push({
        kind: 'rage_click',
        description: `${num(data.count) ?? 'Several'} rapid clicks on ${e.el ?? 'one spot'}`,
        at,
        page: e.url,
      });
    } else if (e.type === 'hesitation') {
      const dur = num(data.dur);
      friction_points.push({
        kind: String(data.kind ?? 'hesitation'),
        description:
          data.kind === 'hover_no_click'
            ? `Hovered ${e.el ?? 'a call to action'} for ${dur !== null ? `${round(dur / 1000, 1)} s` : 'a while'} without clicking`
            : 'Scrolled back and forth three or more times within 4 seconds',
        at,
        page: e.url,
      });
    } else if (e.type === 'form_interaction' && data.action === 'abandon') {
      friction_points.push({
        kind: 'form_abandon',
        description: `Left the form ${typeof data.form === 'string' ? `"${data.form}" ` : ''}unfinished${typeof data.field === 'string' ? ` at field "${data.field}"` : ''}`,
        at,
        page: e.url,
      });
    } else if (e.type === 'page_hide') {
      const depth = num(data.depth);
      const total = num(data.total_ms);
      if (depth !== null && depth < 25 && total !== null && total < 10_000) {
        friction_points.push({
          kind: 'shallow_exit',
          description: `Left after ${round(total / 1000, 1)} s having seen ${depth}% of the page`,
          at,
          page: e.url,
        });
      }
    }
  }
  return {
    session_id: session.id,
    journey_path,
    events: events.map((e) => {
      const data = (e.data ?? {}) as Record<string, unknown>;
      return {
        timestamp: iso(e.occurredAt),
        event_type: e.type,
        element_id: e.el,
        duration: num(data.dur) ?? num(data.total_ms),
        metadata: data,
      };
    }),
    friction_points,
    events_truncated: truncated,
  };
}
