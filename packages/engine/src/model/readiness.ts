/** A readiness score in [0, 100]. */
export type ReadinessScore = number;

/** The spec's readiness bands. */
export type ReadinessBand = 'Ready to Convert' | 'Warming Up' | 'Early Stage';

/**
 * Knots of the probability-to-score map, [probability, score]. The base rate of the training sessions
 * (15.5% converted) sits mid 'Early Stage' at 30; twice the base rate (0.30) opens 'Warming Up' at
 * 60; a better-than-even chance (0.60) opens 'Ready to Convert' at 80.
 */
export const READINESS_KNOTS: readonly (readonly [number, number])[] = [
  [0, 0],
  [0.155, 30],
  [0.3, 60],
  [0.6, 80],
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

/** The band a readiness score falls in: 80+ ready, 60 to 80 warming up, under 60 early stage. */
export function readinessBand(score: ReadinessScore): ReadinessBand {
  if (score >= 80) return 'Ready to Convert';
  if (score >= 60) return 'Warming Up';
  return 'Early Stage';
}
