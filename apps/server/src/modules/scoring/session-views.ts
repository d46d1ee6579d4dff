import {
  type NeuromindProfileResult,
  type ReadinessModelInfo,
  type ReadinessScoreResult,
  readinessBandOf,
  round,
  type ScoreContribution,
  type SessionBehavioralSignals,
  type SessionSignals,
} from '@ri/contracts';
import { SIGNAL_CATALOGUE } from '@ri/engine';
import { AppError } from '../../lib/errors.js';
import type { IntelligenceRow, SessionWithIntelligence } from './scoring.repo.js';
import { models } from './session-analysis.js';

/** A stored time as the API writes it. */
export const iso = (d: Date | string) => new Date(d).toISOString();

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

/** The inputs that moved a session's score most, at most five. */
export const contributionsOf = (intel: IntelligenceRow | null): ScoreContribution[] =>
  ((intel?.contributions as ScoreContribution[] | null) ?? []).slice(0, 5);

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
  if (!intel?.neuromindProfile && !intel?.profileUnclassifiedReason) throw notScored('Neuromind profile');
  return {
    session_id: row.session.id,
    neuromind_profile: (intel.neuromindProfile as NeuromindProfileResult['neuromind_profile']) ?? null,
    unclassified_reason: intel.neuromindProfile ? null : intel.profileUnclassifiedReason,
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
