import type { RecommendationList } from '@ri/contracts';
import { ApiError, NetworkError } from '../../../lib/api-error';

/** Spec section 8: the insight alerts, word for word. */
export const INSIGHT_ALERTS = {
  none: 'Strategic insights could not be generated at this time. Please try again later.',
  temporarilyUnavailable: 'Strategic insights are temporarily unavailable. Please try again later.',
  serviceUnavailable: 'Strategic insights service is currently unavailable. Please try again later.',
  error: 'An error occurred while generating strategic insights. Please try again later.',
} as const;

/** Which of the spec's alerts a failed generation gets: a passing outage, a missing service, or any other error. */
export function alertFor(error: unknown): string {
  if (error instanceof NetworkError) return INSIGHT_ALERTS.temporarilyUnavailable;
  if (error instanceof ApiError) {
    if (error.status === 502 || error.status === 503 || error.status === 504 || error.status === 429) {
      return INSIGHT_ALERTS.temporarilyUnavailable;
    }
    if (error.status === 404 || error.status === 501) return INSIGHT_ALERTS.serviceUnavailable;
  }
  return INSIGHT_ALERTS.error;
}

/** Where the insight generation flow ends (spec section 4). */
export type InsightOutcome =
  /** Step 1: saved recommendations exist and are shown. */
  | { kind: 'saved'; list: RecommendationList }
  /** Step 3: the generator found some; they are shown and the saved list reloaded. */
  | { kind: 'generated'; list: RecommendationList }
  /** Step 4: it found none; the alert, with the rules that could not run and what they lack. */
  | { kind: 'none'; alert: string; list: RecommendationList }
  /** Step 5: generating failed, but saved recommendations exist. */
  | { kind: 'fallback'; list: RecommendationList; alert: string }
  /** Step 5: generating failed and nothing is saved. */
  | { kind: 'failed'; alert: string };

export type InsightFlowDeps = {
  /** The saved recommendations (from the cache when fresh). */
  fetchSaved: () => Promise<RecommendationList>;
  /** The saved recommendations read again from the server. */
  refetchSaved: () => Promise<RecommendationList>;
  generate: () => Promise<RecommendationList>;
};

const hasAny = (list: RecommendationList | null): list is RecommendationList =>
  list !== null && list.recommendations.length > 0;

const orNull = (read: () => Promise<RecommendationList>) => read().catch(() => null);

/**
 * The spec's insight generation flow: show the saved recommendations if there are any; otherwise generate, show
 * what it found and reload the saved list, or alert when it found none; when generating fails, fall back to the
 * saved list, and alert when that is empty too. `regenerate` skips step 1 (the modal's Regenerate).
 */
export async function runInsightFlow(deps: InsightFlowDeps, regenerate = false): Promise<InsightOutcome> {
  if (!regenerate) {
    const saved = await orNull(deps.fetchSaved);
    if (hasAny(saved)) return { kind: 'saved', list: saved };
  }
  let generated: RecommendationList;
  try {
    generated = await deps.generate();
  } catch (error) {
    const alert = alertFor(error);
    const saved = await orNull(deps.refetchSaved);
    return hasAny(saved) ? { kind: 'fallback', list: saved, alert } : { kind: 'failed', alert };
  }
  if (!hasAny(generated)) return { kind: 'none', alert: INSIGHT_ALERTS.none, list: generated };
  await deps.refetchSaved().catch(() => undefined);
  return { kind: 'generated', list: generated };
}
