/**
 * Engagement score of a creative, in [0, 1], against the account it runs in.
 *
 *   relative CTR   r₁ = creative CTR / account CTR          (CTR = clicks / impressions × 100)
 *   relative CVR   r₂ = creative CVR / account CVR          (CVR = conversions / clicks × 100)
 *   each mapped    s(r) = r / (1 + r)                       (as good as the account → 0.5, twice → 0.67,
 *                                                            half → 0.33, nothing → 0; never reaches 1)
 *   score          (s(r₁) + s(r₂)) / 2, or s(r₁) alone while the conversion rate is not yet measurable
 *
 * The account's figures are the middle of its creatives (the caller passes the median CTR and the account's
 * conversion rate), so 0.5 means "a typical creative here". The conversion part counts once the creative has
 * `minClicksForConversionRate` clicks (30) and the account has converted any click; before that one sale more
 * or less would swing it. Below `minImpressions` (1,000) impressions, or without an account CTR to compare
 * with, the score is null with the reason.
 */
import { formatNumber } from './ad-format.js';

/** The evidence an engagement score needs. */
export const ENGAGEMENT_THRESHOLDS = { minImpressions: 1000, minClicksForConversionRate: 30 } as const;

export type EngagementInput = {
  impressions: number;
  clicks: number;
  conversions: number;
  /** The account's median creative CTR, in percent; null when unknown. */
  account_ctr: number | null;
  /** The account's conversions per 100 clicks (percent); null when unknown. */
  account_cvr: number | null;
};

export type EngagementScore = {
  score: number | null;
  reason: string | null;
  /** What the score rests on: CTR alone, or CTR and conversion rate. */
  basis?: 'ctr' | 'ctr_and_cvr' | null;
};

const relative = (ratio: number): number => ratio / (1 + ratio);

/**
 * Engagement score in [0, 1] of a creative from its CTR against the account's median CTR and its conversion
 * rate against the account's (see the file's header); null with the reason below ENGAGEMENT_THRESHOLDS.
 */
export function engagementScore(input: EngagementInput): EngagementScore {
  const { impressions, clicks, conversions, account_ctr, account_cvr } = input;
  if (!(impressions >= ENGAGEMENT_THRESHOLDS.minImpressions)) {
    const shown = Number.isFinite(impressions) ? formatNumber(Math.max(0, impressions)) : '0';
    return {
      score: null,
      reason: `${shown} impressions; an engagement score needs at least ${formatNumber(ENGAGEMENT_THRESHOLDS.minImpressions)}.`,
      basis: null,
    };
  }
  if (account_ctr === null || !(account_ctr > 0)) {
    return { score: null, reason: 'The account has no click-through rate to compare with yet.', basis: null };
  }
  const safeClicks = Number.isFinite(clicks) && clicks > 0 ? clicks : 0;
  const ctrPart = relative(((safeClicks / impressions) * 100) / account_ctr);
  const cvrKnown =
    safeClicks >= ENGAGEMENT_THRESHOLDS.minClicksForConversionRate && account_cvr !== null && account_cvr > 0;
  if (!cvrKnown) return { score: ctrPart, reason: null, basis: 'ctr' };
  const safeConversions = Number.isFinite(conversions) && conversions > 0 ? conversions : 0;
  const cvrPart = relative(((safeConversions / safeClicks) * 100) / account_cvr);
  return { score: (ctrPart + cvrPart) / 2, reason: null, basis: 'ctr_and_cvr' };
}
