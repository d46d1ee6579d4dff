import { round } from '@ri/contracts';

/** A share as a percentage with at most one decimal (0 when the whole is 0), as descriptions cite it. */
export const percent = (part: number, whole: number): number => (whole > 0 ? round((100 * part) / whole, 1) : 0);

/**
 * The q-quantile (0-1) of ascending values by linear interpolation between closest ranks (the usual
 * "type 7" definition: the median of [1, 2, 3, 4] is 2.5). Null for no values.
 */
export function quantile(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const a = sorted[lo]!;
  const b = sorted[Math.min(lo + 1, sorted.length - 1)]!;
  return a + (h - lo) * (b - a);
}

/** How a group of sessions converted against the rest. */
export type GroupComparison = {
  sessions: number;
  members: number;
  membersConverted: number;
  rest: number;
  restConverted: number;
  /** Phi coefficient between membership and conversion, in [-1, 1]; 0 when undefined. */
  phi: number;
};

/**
 * Splits sessions by a predicate and compares conversion: counts of each cell of the 2×2 table and the phi
 * coefficient (Pearson correlation of two binary variables). Phi is 0 when a margin is empty, e.g. nobody or
 * everybody converted, or nobody or everybody is a member: there is then nothing to correlate.
 */
export function compareGroups<T extends { converted: boolean }>(
  sessions: readonly T[],
  isMember: (s: T) => boolean,
): GroupComparison {
  let n11 = 0;
  let n10 = 0;
  let n01 = 0;
  let n00 = 0;
  for (const s of sessions) {
    if (isMember(s)) s.converted ? n11++ : n10++;
    else s.converted ? n01++ : n00++;
  }
  const denominator = Math.sqrt((n11 + n10) * (n01 + n00) * (n11 + n01) * (n10 + n00));
  const phi = denominator > 0 ? (n11 * n00 - n10 * n01) / denominator : 0;
  return {
    sessions: sessions.length,
    members: n11 + n10,
    membersConverted: n11,
    rest: n01 + n00,
    restConverted: n01,
    phi: Math.max(-1, Math.min(1, phi)),
  };
}

/**
 * The pooled two-proportion z statistic for x1/n1 against x2/n2 (positive when the first share is higher);
 * null when a group is empty or the pooled share is 0 or 1 (no variation to test).
 */
export function twoProportionZ(x1: number, n1: number, x2: number, n2: number): number | null {
  if (n1 === 0 || n2 === 0) return null;
  const p = (x1 + x2) / (n1 + n2);
  if (p <= 0 || p >= 1) return null;
  return (x1 / n1 - x2 / n2) / Math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2));
}

/** |z| at or above this is significant at the 5% level (two-sided). */
export const SIGNIFICANT_Z = 1.96;

/** The UI's wording of a correlation's size: above 0.7 strong, above 0.4 moderate, else weak. */
export const correlationStrength = (c: number): 'strong' | 'moderate' | 'weak' =>
  Math.abs(c) > 0.7 ? 'strong' : Math.abs(c) > 0.4 ? 'moderate' : 'weak';
