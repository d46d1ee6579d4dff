/**
 * The dashboard's market_intelligence figures, each with its data source, or null with the reason.
 *
 * market_sentiment, in [−100, 100] (0 neutral; positive: the market favours growing sales now), is 100 × the mean
 * of the components the data supports:
 * - auction: −clamp(mean CPC change across platforms / 0.5, −1, 1): costs up 50 % → −1, down 50 % → +1;
 * - season: clamp((next month's seasonal index − 1) / 0.5, −1, 1): a month 50 % above its year → +1.
 * competitor_price_diff: the median over products of own price / the competitors' median price − 1 (a fraction).
 */
import { round } from '@ri/contracts';
import { AD_COST_RULES, adCostTrends, platformName } from './ad-costs.js';
import { COMPETITOR_RULES, competitorPriceDiffs } from './competitor-prices.js';
import { num, signedNum, signedPct } from './context.js';
import { dailySeries, monthIndex, nextMonth, SEASONALITY_RULES } from './seasonality.js';
import type { MarketIntelligence, StrategySnapshot } from './types.js';

/** The scales of market_sentiment's components (see the file's header). */
export const SENTIMENT_RULES = { costScale: 0.5, seasonScale: 0.5 } as const;

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** The dashboard's market_intelligence: market_sentiment and competitor_price_diff with sources (see the header). */
export function marketIntelligence(snapshot: StrategySnapshot): MarketIntelligence {
  const r = SENTIMENT_RULES;
  const { trends } = adCostTrends(snapshot);
  const parts: { value: number; source: string; reason: string }[] = [];
  const days = snapshot.window.days;
  if (trends.length > 0) {
    const change = trends.reduce((s, t) => s + t.change, 0) / trends.length;
    const names = [...new Set(trends.map((t) => `${platformName(t.platform)} daily ${t.metric.toUpperCase()}`))].join(
      ' and ',
    );
    const value = -clamp(change / r.costScale, -1, 1);
    parts.push({
      value,
      source: `${names}, last ${days} vs previous ${days} days`,
      reason: `ad costs ${signedPct(change)} (auction component ${signedNum(value)})`,
    });
  }
  const rows = snapshot.market?.revenue_daily ?? [];
  const series = dailySeries(rows, snapshot.window.to);
  const month = monthIndex(series, nextMonth(snapshot.window.to));
  if (!('reason' in month)) {
    const value = clamp((month.index - 1) / r.seasonScale, -1, 1);
    parts.push({
      value,
      source: `net revenue per day from your payments, ${month.month} ${month.occurrences.join(', ')} against the year around it`,
      reason: `${month.month}'s seasonal index ${num(month.index, 2)} (season component ${signedNum(value)})`,
    });
  }
  const market_sentiment =
    parts.length === 0
      ? {
          value: null,
          source: null,
          reason: `Unknown: it needs ${AD_COST_RULES.minDays} days of ad costs in this window and the previous one, or ${SEASONALITY_RULES.minMonthDays} days of revenue.`,
        }
      : {
          value: Math.round((100 * parts.reduce((s, p) => s + p.value, 0)) / parts.length),
          source: parts.map((p) => p.source).join('; '),
          reason: `Mean of ${parts.map((p) => p.reason).join(' and ')}, × 100.`,
        };
  const prices = snapshot.pricing?.competitor_prices ?? [];
  const summary = competitorPriceDiffs(prices, snapshot.window.to);
  const competitor_price_diff =
    summary.diff === null
      ? {
          value: null,
          source: null,
          reason:
            prices.length === 0
              ? 'Unknown: no competitor prices entered.'
              : `Unknown: every competitor price entered is older than ${COMPETITOR_RULES.maxAgeDays} days.`,
        }
      : {
          value: round(summary.diff, 4),
          source: `Competitor prices you entered: ${summary.entries} prices for ${summary.products.length} products, ${summary.first_entered} to ${summary.last_entered}`,
          reason: `Median over products of your price / the competitors' median price − 1.`,
        };
  return { market_sentiment, competitor_price_diff };
}
