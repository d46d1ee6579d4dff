/**
 * Channel insights: for each channel (an ad platform, or a traffic source we observe: organic search, direct,
 * e-mail…) its return, its trend against the previous period of the same length, an opportunity score and a
 * recommendation that cites the channel's own numbers.
 *
 *   avg_roas   revenue / spend for a paid channel with spend; null for unpaid channels (spend null)
 *   trend      'up' only when conversions are strictly more than in the previous period, else 'down';
 *              trend_pct = (now − before) / before × 100, 0 when both are 0, null when growing from 0
 *              (a flat period reads 'down' with trend_pct 0, so a screen can show it as flat)
 *
 *   opportunity = 0.5 × efficiency + 0.25 × growth + 0.25 × headroom, each in [0, 1], with s(r) = r / (1 + r):
 *     efficiency  s(ROAS / blended ROAS of all paid channels) for a paid channel,
 *                 s(conversion rate / blended conversion rate of all channels) for an unpaid one
 *                 (conversion rate = conversions / sessions); 0.5 = as efficient as the mix
 *     growth      s((conversions + 1) / (previous conversions + 1)); 0.5 = level
 *     headroom    1 − the channel's share of paid spend (paid) or of all sessions (unpaid): a small channel
 *                 that performs can grow; one that already takes most of the budget has less room
 *   Null with the reason when the channel has fewer than 30 tracked sessions, a paid channel had no spend, or
 *   there is nothing to compare with (no paid revenue, no conversions anywhere).
 *
 * Recommendations: ROAS under 1 → cut before adding; efficiency at least 1.2× the mix → move budget or effort
 * toward it (refresh creatives first if its conversions fell); at most 0.8× the mix → move budget away or fix
 * its targeting/landing pages; else keep and test.
 */
import { formatNumber, formatRoas, formatShare } from './ad-format.js';

/** The thresholds and weights of channel insights (see the file's header). */
export const CHANNEL_INSIGHT_RULES = {
  minSessions: 30,
  efficiencyWeight: 0.5,
  growthWeight: 0.25,
  headroomWeight: 0.25,
  strongRelative: 1.2,
  weakRelative: 0.8,
} as const;

/** One channel's figures for the period and the one before. Money in minor units. */
export type ChannelFigures = {
  key: string;
  label: string;
  spend: number | null /* minor units; null for unpaid channels */;
  conversions: number;
  revenue: number /* minor */;
  sessions: number;
  previous: { spend: number | null; conversions: number; revenue: number; sessions: number };
};

export type ChannelInsight = {
  key: string;
  opportunity_score: number | null;
  trend: 'up' | 'down';
  trend_pct: number | null;
  avg_roas: number | null;
  recommendation: string;
  reason: string | null;
};

const s = (r: number): number => r / (1 + r);
const clamp01 = (x: number): number => (x < 0 ? 0 : x > 1 ? 1 : x);
const nonNegative = (v: number | null | undefined): number =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0;

/** Trend of conversions against the previous period, as channel insights word it. */
export function conversionTrend(now: number, before: number): { trend: 'up' | 'down'; trend_pct: number | null } {
  const trend = now > before ? 'up' : 'down';
  if (before > 0) return { trend, trend_pct: ((now - before) / before) * 100 };
  return { trend, trend_pct: now === 0 ? 0 : null };
}

function trendWords(now: number, before: number, pct: number | null): string {
  if (now === before) return now === 0 ? 'none in this or the previous period' : `level at ${formatNumber(now)}`;
  if (pct === null) return `${formatNumber(now)}, none the period before`;
  const direction = now > before ? 'up' : 'down';
  return `${direction} ${formatNumber(Math.abs(pct), 1)}% (${formatNumber(now)} vs ${formatNumber(before)})`;
}

/**
 * Opportunity score in [0, 1], trend and a recommendation citing its own numbers for each channel, in the
 * order given (formula in the file's header); money written with `formatMoney` from minor units.
 */
export function channelInsights(
  channels: readonly ChannelFigures[],
  formatMoney: (minor: number) => string,
): ChannelInsight[] {
  const paid = channels.filter((c) => c.spend !== null);
  const paidSpend = paid.reduce((sum, c) => sum + nonNegative(c.spend), 0);
  const paidRevenue = paid.reduce((sum, c) => sum + (nonNegative(c.spend) > 0 ? nonNegative(c.revenue) : 0), 0);
  const blendedRoas = paidSpend > 0 ? paidRevenue / paidSpend : 0;
  const allSessions = channels.reduce((sum, c) => sum + nonNegative(c.sessions), 0);
  const allConversions = channels.reduce((sum, c) => sum + nonNegative(c.conversions), 0);
  const blendedCvr = allSessions > 0 ? allConversions / allSessions : 0;
  const paidWithSpend = paid.filter((c) => nonNegative(c.spend) > 0).length;

  return channels.map((c) => {
    const spend = c.spend === null ? null : nonNegative(c.spend);
    const conversions = nonNegative(c.conversions);
    const before = nonNegative(c.previous.conversions);
    const revenue = nonNegative(c.revenue);
    const sessions = nonNegative(c.sessions);
    const { trend, trend_pct } = conversionTrend(conversions, before);
    const trendText = `conversions ${trendWords(conversions, before, trend_pct)}`;
    const avg_roas = spend !== null && spend > 0 ? revenue / spend : null;
    const unknown = (reason: string, recommendation: string): ChannelInsight => ({
      key: c.key,
      opportunity_score: null,
      trend,
      trend_pct,
      avg_roas,
      recommendation,
      reason,
    });

    if (spend === 0) {
      return unknown(
        'No spend in this period.',
        `No spend on ${c.label} in this period; ${formatNumber(conversions)} conversions came through it.`,
      );
    }
    if (sessions < CHANNEL_INSIGHT_RULES.minSessions) {
      return unknown(
        `${formatNumber(sessions)} tracked sessions; an opportunity score needs at least ${CHANNEL_INSIGHT_RULES.minSessions}.`,
        spend !== null
          ? `Only ${formatNumber(sessions)} tracked sessions from ${c.label} on ${formatMoney(spend)} spend: check that its ads' links carry UTM tags or click ids before judging it.`
          : `Only ${formatNumber(sessions)} sessions from ${c.label} in this period, too few to judge.`,
      );
    }
    const growth = s((conversions + 1) / (before + 1));
    const w = CHANNEL_INSIGHT_RULES;

    if (spend !== null && avg_roas !== null) {
      if (!(blendedRoas > 0)) {
        return unknown(
          'No paid channel has revenue in this period to compare with.',
          `${c.label} brought no revenue on ${formatMoney(spend)} spend in this period; ${trendText}.`,
        );
      }
      const relative = avg_roas / blendedRoas;
      const headroom = 1 - spend / paidSpend;
      const score = clamp01(w.efficiencyWeight * s(relative) + w.growthWeight * growth + w.headroomWeight * headroom);
      const own = `${c.label} returns ${formatRoas(avg_roas)} on ${formatMoney(spend)} spend (${formatMoney(revenue)} revenue)`;
      let recommendation: string;
      if (avg_roas < 1) {
        recommendation = `${own}, below break-even; ${trendText}. Cut its weakest campaigns before adding budget.`;
      } else if (paidWithSpend === 1) {
        recommendation = `${own}, the only paid channel with spend; ${trendText}. ${avg_roas >= 3 ? 'There is room to raise its budget.' : 'Keep its budget and test new creatives.'}`;
      } else if (relative >= w.strongRelative) {
        recommendation =
          trend === 'up'
            ? `${own} against ${formatRoas(blendedRoas)} across paid channels; ${trendText}. Move budget toward it.`
            : `${own} against ${formatRoas(blendedRoas)} across paid channels, but ${trendText}. Refresh its creatives before moving budget toward it.`;
      } else if (relative <= w.weakRelative) {
        recommendation = `${own}, under the ${formatRoas(blendedRoas)} of all paid channels; ${trendText}. Move budget to the stronger channels or rework its targeting.`;
      } else {
        recommendation = `${own}, in line with the ${formatRoas(blendedRoas)} of all paid channels; ${trendText}. Keep its budget and test new creatives.`;
      }
      return { key: c.key, opportunity_score: score, trend, trend_pct, avg_roas, recommendation, reason: null };
    }

    if (!(blendedCvr > 0)) {
      return unknown(
        'No channel has conversions in this period to compare with.',
        `${formatNumber(sessions)} sessions from ${c.label} and no conversions from any channel in this period.`,
      );
    }
    const cvr = conversions / sessions;
    const relative = cvr / blendedCvr;
    const headroom = 1 - sessions / allSessions;
    const score = clamp01(w.efficiencyWeight * s(relative) + w.growthWeight * growth + w.headroomWeight * headroom);
    const own = `${c.label} converts ${formatShare(cvr, 2)} of ${formatNumber(sessions)} sessions against ${formatShare(blendedCvr, 2)} across all channels; ${trendText}.`;
    const advice =
      relative >= w.strongRelative
        ? 'Its visitors convert well: grow its traffic.'
        : relative <= w.weakRelative
          ? 'Its visitors convert less than the rest: look at the pages they land on.'
          : 'It converts as the site does.';
    return {
      key: c.key,
      opportunity_score: score,
      trend,
      trend_pct,
      avg_roas,
      recommendation: `${own} ${advice}`,
      reason: null,
    };
  });
}
