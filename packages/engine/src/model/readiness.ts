import { READINESS_THRESHOLDS, type ReadinessBandName, readinessBandOf } from '@ri/contracts';

/** A readiness score in [0, 100]. */
export type ReadinessScore = number;

/** The spec's readiness bands (the contract's names). */
export type ReadinessBand = ReadinessBandName;

/**
 * Knots of the probability-to-score map, [probability, score]. The base rate of the training sessions
 * (15.5% converted) sits mid 'Early Stage' at 30; twice the base rate (0.30) opens 'Warming Up' at
 * 60; a better-than-even chance (0.60) opens 'Ready to Convert' at 80.
 */
export const READINESS_KNOTS: readonly (readonly [number, number])[] = [
  [0, 0],
  [0.155, 30],
  [0.3, READINESS_THRESHOLDS.warming],
  [0.6, READINESS_THRESHOLDS.ready],
  [1, 100],
];

/**
 * The readiness score of a calibrated conversion probability: linear between the knots, so strictly
 * increasing (it ranks sessions exactly as the probability does) and within [0, 100].
 */
export function readinessFromProbability(probability: number): ReadinessScore {
  const p = Math.min(1, Math.max(0, Number.isNaN(probability) ? 0 : probability));
  for (let i = 1; i < READINESS_KNOTS.length; i++) {
    const [p1, s1] = READINESS_KNOTS[i]!;
    if (p <= p1) {
      const [p0, s0] = READINESS_KNOTS[i - 1]!;
      return s0 + ((p - p0) / (p1 - p0)) * (s1 - s0);
    }
  }
  return 100;
}

/** The band a readiness score falls in: the contract's rule (80+ ready, 60 to 80 warming up, under 60 early stage). */
export const readinessBand: (score: ReadinessScore) => ReadinessBand = readinessBandOf;
