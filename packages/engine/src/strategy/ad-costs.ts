/**
 * Ad-auction cost trends: per platform, the mean daily cost per click (or per thousand impressions when clicks
 * are too few) over the window against the previous window of the same length.
 *
 * Days count when the platform had a cost that day; each window needs `minDays` of them. change = recent mean /
 * previous mean − 1. The change is significant when Welch's test on the daily values gives p < 0.05 divided by
 * the number of platforms compared (Bonferroni). The cost a business pays mixes the auction's price with its own
 * targeting and bids: the insights say so.
 */
import { previousWindow } from './context.js';
import { compareMeans, STRENGTH_RULES } from './evidence-strength.js';
import type { AdCostDay, StrategySnapshot, StrategyWindow } from './types.js';

export const AD_COST_RULES = { minDays: 14, minChange: 0.1, immediateChange: 0.25 } as const;

export type CostTrend = {
  platform: string;
  metric: 'cpc' | 'cpm';
  /** Mean daily cost, minor units, and the days it rests on. */
  recent: { mean: number; days: number };
  previous: { mean: number; days: number };
  change: number;
  p: number;
  significant: boolean;
};

/** 'Meta Ads', 'Google Ads', or the platform as named. */
export const platformName = (platform: string): string =>
  ({ meta: 'Meta Ads', facebook: 'Meta Ads', google: 'Google Ads' })[platform.toLowerCase()] ?? platform;

const inWindow = (w: StrategyWindow) => (d: AdCostDay) => d.date.slice(0, 10) >= w.from && d.date.slice(0, 10) <= w.to;

const valuesOf = (days: readonly AdCostDay[], metric: 'cpc' | 'cpm') =>
  days.map((d) => d[metric]).filter((v): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0);

/** Each platform's cost trend, or why it has none (see the file's header). */
export function adCostTrends(snapshot: StrategySnapshot): { trends: CostTrend[]; reasons: string[] } {
  const series = snapshot.market?.ad_costs ?? [];
  const reasons: string[] = [];
  if (series.length === 0) return { trends: [], reasons: ['No daily ad costs: connect Meta Ads or Google Ads.'] };
  const prev = previousWindow(snapshot.window);
  const measured: Omit<CostTrend, 'significant'>[] = [];
  for (const s of series) {
    const recentDays = s.days.filter(inWindow(snapshot.window));
    const previousDays = s.days.filter(inWindow(prev));
    const metric = (['cpc', 'cpm'] as const).find(
      (m) =>
        valuesOf(recentDays, m).length >= AD_COST_RULES.minDays &&
        valuesOf(previousDays, m).length >= AD_COST_RULES.minDays,
    );
    if (!metric) {
      reasons.push(
        `${platformName(s.platform)} has costs on ${valuesOf(recentDays, 'cpc').length} days of the window and ${valuesOf(previousDays, 'cpc').length} of the previous one; each needs ${AD_COST_RULES.minDays}.`,
      );
      continue;
    }
    const a = valuesOf(recentDays, metric);
    const b = valuesOf(previousDays, metric);
    const cmp = compareMeans(a, b)!;
    measured.push({
      platform: s.platform,
      metric,
      recent: { mean: cmp.a, days: a.length },
      previous: { mean: cmp.b, days: b.length },
      change: cmp.a / cmp.b - 1,
      p: cmp.p,
    });
  }
  const alpha = STRENGTH_RULES.alpha / Math.max(1, measured.length);
  return { trends: measured.map((t) => ({ ...t, significant: t.p < alpha })), reasons };
}
