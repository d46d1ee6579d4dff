import { type Probability, predictConversion } from './conversion-model.js';
import type { ModelPrior } from './model-prior.js';
import { type ReadinessScore, readinessFromProbability } from './readiness.js';
import { fromUciSession, type SessionFeatures } from './session-features.js';
import { parseUciCsv } from './uci-session.js';

/** What the scorer says about one session. */
export type SessionScore = { readinessScore: ReadinessScore; conversionProbability: Probability };

/** The header of the scorer's output CSV. */
export const SCORE_CSV_HEADER = 'readiness_score,conversion_probability';

/**
 * Scores one session with the prior: the page-value model when the session has a page value, else
 * the model fitted without it; the readiness score is a monotone map of the calibrated probability.
 */
export function scoreSession(prior: ModelPrior, features: SessionFeatures): SessionScore {
  const model = features.pageValue === null ? prior.withoutPageValue : prior.withPageValue;
  const conversionProbability = predictConversion(model, features);
  return { readinessScore: readinessFromProbability(conversionProbability), conversionProbability };
}

/** Renders scores as CSV (header, then one line per score in order; score to 2 decimals, probability to 6). */
export function formatScoresCsv(scores: readonly SessionScore[]): string {
  const lines = scores.map((s) => `${s.readinessScore.toFixed(2)},${s.conversionProbability.toFixed(6)}`);
  return `${[SCORE_CSV_HEADER, ...lines].join('\n')}\n`;
}

/**
 * Scores UCI-format CSV text (see parseUciCsv for the accepted layouts): each row goes through the
 * UCI adapter and the prior; results come back in input order. Throws UciInputError on bad input.
 */
export function scoreUciCsv(
  text: string,
  prior: ModelPrior,
): { csv: string; scores: SessionScore[]; usedPageValue: boolean } {
  const table = parseUciCsv(text);
  const scores = table.sessions.map((s) => scoreSession(prior, fromUciSession(s)));
  return { csv: formatScoresCsv(scores), scores, usedPageValue: table.hasPageValues };
}
