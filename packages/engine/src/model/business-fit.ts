import { round } from '@ri/contracts';
import type { BoostParams } from './boosting.js';
import { type ConversionModel, fitConversionModels } from './conversion-model.js';
import { brierScore, rocAuc } from './metrics.js';
import { crossValidateConversion } from './model-evaluation.js';
import type { SessionFeatures } from './session-features.js';

/** One finished session of a business: its model inputs (page value unscaled) and whether it converted. */
export type BusinessSample = { features: SessionFeatures; converted: boolean };

/**
 * How much history a business needs before a model of its own is fitted: finished sessions, and sessions
 * that converted and that did not (each at least `minConversions`). The model reads 42 inputs (44 with
 * the page value); 50 events of the rarer class is a floor, and a fit is kept only if it beats the prior
 * in cross-validation; 1,000 sessions keep five folds of 200 for that comparison.
 */
export type RefitThresholds = { minSessions: number; minConversions: number };
export const DEFAULT_REFIT_THRESHOLDS: RefitThresholds = { minSessions: 1000, minConversions: 50 };

/** Smaller trees than the prior's: a business has fewer sessions than the 8,631 of the UCI data set. */
export const BUSINESS_BOOST_PARAMS: BoostParams = {
  trees: 200,
  learningRate: 0.05,
  maxDepth: 3,
  minSamplesLeaf: 20,
  lambda: 5,
  minGain: 0,
  subsample: 0.8,
  colsample: 0.8,
  maxBins: 32,
  seed: 1,
};

/** ROC-AUC and Brier score of one way of scoring the same sessions. */
export type FitFigures = { auc: number; brier: number };

export type BusinessFit =
  | { status: 'not_enough_data'; sessions: number; conversions: number; reason: string }
  | {
      status: 'active' | 'not_better';
      sessions: number;
      conversions: number;
      reason: string;
      /** The fitted model (also when it lost to the prior, for the record). */
      model: ConversionModel;
      /** Business model: 5-fold cross-validated; prior: scored as is (it never saw these sessions). */
      metrics: { folds: number; business: FitFigures; prior: FitFigures };
    };

const FOLDS = 5;

/**
 * What a business with `sessions` finished sessions, `conversions` of them converting, lacks for a model of
 * its own, in a sentence; null when it has enough.
 */
export function missingHistory(sessions: number, conversions: number, thresholds: RefitThresholds): string | null {
  const missing: string[] = [];
  if (sessions < thresholds.minSessions) missing.push(`${thresholds.minSessions} finished sessions`);
  if (conversions < thresholds.minConversions) missing.push(`${thresholds.minConversions} converting sessions`);
  if (sessions - conversions < thresholds.minConversions)
    missing.push(`${thresholds.minConversions} sessions that did not convert`);
  if (missing.length === 0) return null;
  return `A model of its own needs at least ${missing.join(' and ')}; this business has ${sessions} finished sessions, ${conversions} of them converting. Scores use the prior until then.`;
}

/**
 * Fits a readiness model on a business's own finished sessions once it has enough of them, and keeps it
 * only if it ranks those sessions better than the prior does: the business model's 5-fold cross-validated
 * ROC-AUC must beat the prior's AUC on the same sessions. `priorScore` is the prior's probability for a
 * sample (the caller applies the page-value scale the prior needs). Pure and deterministic (seeded).
 */
export function fitBusinessModel(
  samples: readonly BusinessSample[],
  priorScore: (s: BusinessSample) => number,
  thresholds: RefitThresholds = DEFAULT_REFIT_THRESHOLDS,
  usePageValue = samples.every((s) => s.features.pageValue !== null),
): BusinessFit {
  const sessions = samples.length;
  const conversions = samples.filter((s) => s.converted).length;
  const missing = missingHistory(sessions, conversions, thresholds);
  if (missing !== null) return { status: 'not_enough_data', sessions, conversions, reason: missing };
  const features = samples.map((s) => s.features);
  const labels = samples.map((s) => (s.converted ? 1 : 0));
  const options = {
    usePageValue,
    boost: { ...BUSINESS_BOOST_PARAMS, minSamplesLeaf: Math.max(10, Math.round(sessions / 100)) },
    calibrationFolds: FOLDS,
    seed: 7,
  };
  const cv = crossValidateConversion(features, labels, options, FOLDS, 2024).platt;
  const priorProbabilities = samples.map(priorScore);
  const business = { auc: round(cv.meanAuc, 4), brier: round(cv.meanBrier, 4) };
  const prior = {
    auc: round(rocAuc(priorProbabilities, labels), 4),
    brier: round(brierScore(priorProbabilities, labels), 4),
  };
  const model = fitConversionModels(features, labels, options).platt;
  const better = business.auc > prior.auc;
  return {
    status: better ? 'active' : 'not_better',
    sessions,
    conversions,
    model,
    metrics: { folds: FOLDS, business, prior },
    reason: better
      ? `Fitted on ${sessions} finished sessions (${conversions} converting): cross-validated ROC-AUC ${business.auc} against the prior's ${prior.auc} on the same sessions.`
      : `A model fitted on ${sessions} finished sessions (${conversions} converting) ranked them no better than the prior (cross-validated ROC-AUC ${business.auc} against ${prior.auc}), so scores keep using the prior.`,
  };
}
