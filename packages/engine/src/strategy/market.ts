/**
 * Market insights from data the business really has: ad-auction costs over time (ad-costs.ts), its own
 * seasonality (seasonality.ts) and the competitor prices its owner entered (competitor-prices.ts). Every insight
 * names its data source and carries its evidence; sources that cannot be read are returned as skipped, with why.
 *
 * | Insight | Type | When |
 * |---|---|---|
 * | ad_cost_trend:<platform> | threat / opportunity | CPC (else CPM) changed by 10 % or more, significant |
 * | weekday_pattern | trend | a weekday's revenue index 0.2 or more from 1, significant |
 * | season_next_month:<month> | opportunity / threat | next month's seasonal index 0.15 or more from 1 |
 * | competitor_price:<product>:<currency> | competitive | own price 10 % or more from the competitors' median |
 */
import { formatNumber } from '../ads/ad-format.js';
import { AD_COST_RULES, adCostTrends, type CostTrend, platformName } from './ad-costs.js';
import { COMPETITOR_RULES, competitorPriceDiffs } from './competitor-prices.js';
import { evidence, finite, pct, type RuleContext, ruleContext, signedPct, slug } from './context.js';
import { PRICING_RULES } from './rules/pricing.js';
import { dailySeries, monthIndex, nextMonth, SEASONALITY_RULES, weekdayPattern } from './seasonality.js';
import type { MarketInsight, SkippedRule, StrategySnapshot } from './types.js';

/** The cut-offs of the market insights and the scales of market_sentiment (see the file's header). */
export const MARKET_RULES = {
  competitorMinDiff: 0.1,
  highImpactDiff: 0.25,
  highMonthDeviation: 0.3,
  highSensitivity: 0.6,
} as const;

const costName = (m: 'cpc' | 'cpm') => (m === 'cpc' ? 'cost per click' : 'cost per thousand impressions');

function costInsight(ctx: RuleContext, t: CostTrend): MarketInsight | null {
  if (!t.significant || Math.abs(t.change) < AD_COST_RULES.minChange || !ctx.currency) return null;
  const name = platformName(t.platform);
  const days = ctx.snapshot.window.days;
  const rising = t.change > 0;
  const recent = ctx.major(t.recent.mean)!;
  const previous = ctx.major(t.previous.mean)!;
  const label = t.metric.toUpperCase();
  return {
    id: `ad_cost_trend:${slug(t.platform)}`,
    type: rising ? 'threat' : 'opportunity',
    title: `${name} ${costName(t.metric)} ${rising ? 'up' : 'down'} ${pct(Math.abs(t.change))}`,
    description: `The mean daily ${costName(t.metric)} on ${name} was ${ctx.money(recent)} over the window, against ${ctx.money(previous)} in the window before (${signedPct(t.change)}, over ${t.recent.days} and ${t.previous.days} days with costs). What you pay mixes the auction's price with your own targeting and bids.`,
    urgency: rising && t.change >= AD_COST_RULES.immediateChange ? 'immediate' : 'short_term',
    impact: Math.abs(t.change) >= AD_COST_RULES.immediateChange ? 'high' : 'medium',
    recommended_actions: rising
      ? [
          'Move budget toward the campaigns and audiences with the lowest cost per conversion.',
          'Refresh creatives: a higher click-through lowers what the auction charges.',
          'Check bids and caps against what a conversion is worth to you.',
        ]
      : ['Raise budgets on campaigns that convert while clicks are cheaper.', 'Test new audiences at the lower cost.'],
    action_plans: rising
      ? [
          { effort_score: 3, implementation_time: '1 day' },
          { effort_score: 4, implementation_time: '1 week' },
          { effort_score: 2, implementation_time: '1 day' },
        ]
      : [
          { effort_score: 2, implementation_time: '1 day' },
          { effort_score: 4, implementation_time: '1 week' },
        ],
    data_source: `${name} daily ${label}, last ${days} vs previous ${days} days`,
    category: 'acquisition',
    evidence: [
      evidence(ctx, `mean_daily_${t.metric}`, recent, ctx.currency, t.recent.days),
      evidence(ctx, `mean_daily_${t.metric}`, previous, ctx.currency, t.previous.days, ctx.previousWindow),
      evidence(ctx, `${t.metric}_change`, t.change, 'fraction', null),
      evidence(ctx, 'p_value', t.p, 'fraction', t.recent.days + t.previous.days),
    ],
  };
}

function seasonInsights(ctx: RuleContext, skipped: SkippedRule[]): MarketInsight[] {
  const rows = ctx.snapshot.market?.revenue_daily ?? [];
  if (rows.length === 0) {
    skipped.push({ rule: 'seasonality', reason: 'No daily revenue: connect Stripe.' });
    return [];
  }
  const series = dailySeries(rows, ctx.snapshot.window.to);
  const out: MarketInsight[] = [];
  const source = (from: string, to: string, days: number) =>
    `Net revenue per day from your payments, ${from} to ${to} (${days} days)`;
  const weekly = weekdayPattern(series);
  if ('reason' in weekly) skipped.push({ rule: 'weekday_pattern', reason: weekly.reason });
  else if (weekly.high || weekly.low) {
    const parts = [weekly.high, weekly.low]
      .filter((w) => w !== null)
      .map(
        (w) =>
          `${w.weekday}s bring ${pct(Math.abs(w.index - 1))} ${w.index > 1 ? 'more' : 'less'} revenue than the average day`,
      );
    const window = `${weekly.from} to ${weekly.to} (${weekly.days} days)`;
    out.push({
      id: 'weekday_pattern',
      type: 'trend',
      title: `${parts[0]![0]!.toUpperCase()}${parts[0]!.slice(1)}`,
      description: `Over the ${weekly.days} days measured, ${parts.join(', and ')}.`,
      urgency: 'long_term',
      impact: 'medium',
      recommended_actions: [
        ...(weekly.high ? [`Schedule launches, e-mails and budget increases for ${weekly.high.weekday}.`] : []),
        ...(weekly.low ? [`Lower bids or budgets on ${weekly.low.weekday}, your weakest day.`] : []),
      ],
      action_plans: [
        ...(weekly.high ? [{ effort_score: 2, implementation_time: '1 day' }] : []),
        ...(weekly.low ? [{ effort_score: 2, implementation_time: '1 day' }] : []),
      ],
      data_source: source(weekly.from, weekly.to, weekly.days),
      category: 'optimization',
      evidence: [weekly.high, weekly.low]
        .filter((w) => w !== null)
        .flatMap((w) => [
          evidence(ctx, `${w.weekday.toLowerCase()}_revenue_index`, w.index, 'ratio', w.days, window),
          evidence(
            ctx,
            `${w.weekday.toLowerCase()}_revenue_difference`,
            Math.abs(w.index - 1),
            'fraction',
            w.days,
            window,
          ),
          evidence(ctx, 'p_value', w.p, 'fraction', weekly.days, window),
        ]),
    });
  }
  const month = monthIndex(series, nextMonth(ctx.snapshot.window.to));
  if ('reason' in month) skipped.push({ rule: 'month_of_year', reason: month.reason });
  else if (Math.abs(month.index - 1) >= SEASONALITY_RULES.minMonthDeviation) {
    const up = month.index > 1;
    const diff = Math.abs(month.index - 1);
    const years = month.occurrences.join(', ');
    const window = `${series[0]!.date} to ${series.at(-1)!.date} (${series.length} days)`;
    out.push({
      id: `season_next_month:${slug(month.month)}`,
      type: up ? 'opportunity' : 'threat',
      title: `${month.month} is ${up ? 'a strong' : 'a weak'} month for you`,
      description: `In ${years}, ${month.month} brought ${pct(diff)} ${up ? 'more' : 'less'} revenue per day than the year around it.${month.occurrences.length === 1 ? ' That is one season: a hint, not yet a pattern.' : ''}`,
      urgency: 'short_term',
      impact: diff >= MARKET_RULES.highMonthDeviation ? 'high' : 'medium',
      recommended_actions: up
        ? [`Prepare stock, offers and creatives before ${month.month}.`, `Raise ad budgets as ${month.month} starts.`]
        : [
            `Plan a retention offer or promotion for ${month.month}.`,
            `Lower ad budgets in ${month.month} to keep cost per conversion steady.`,
          ],
      action_plans: [
        { effort_score: 4, implementation_time: '1-2 weeks' },
        { effort_score: 2, implementation_time: '1 day' },
      ],
      data_source: `${source(series[0]!.date, series.at(-1)!.date, series.length)}: ${month.month} against the year around it`,
      category: up ? 'acquisition' : 'retention',
      evidence: [
        evidence(
          ctx,
          `${month.month.toLowerCase()}_seasonal_index`,
          month.index,
          'ratio',
          month.occurrences.length,
          window,
        ),
        evidence(
          ctx,
          `${month.month.toLowerCase()}_revenue_difference`,
          diff,
          'fraction',
          month.occurrences.length,
          window,
        ),
        ...month.occurrences.map((y) => evidence(ctx, 'season_year', Number(y), 'year', null, window)),
      ],
    });
  }
  return out;
}

function competitorInsights(ctx: RuleContext, skipped: SkippedRule[]): MarketInsight[] {
  const prices = ctx.snapshot.pricing?.competitor_prices ?? [];
  if (prices.length === 0) {
    skipped.push({ rule: 'competitor_prices', reason: 'No competitor prices entered.' });
    return [];
  }
  const summary = competitorPriceDiffs(prices, ctx.snapshot.window.to);
  if (summary.products.length === 0) {
    skipped.push({
      rule: 'competitor_prices',
      reason: `Every competitor price entered is older than ${COMPETITOR_RULES.maxAgeDays} days (${summary.stale} entries).`,
    });
    return [];
  }
  const pr = ctx.snapshot.pricing;
  const sensitive =
    finite(pr?.price_sensitivity_mean) &&
    (pr?.price_sensitivity_n ?? 0) >= PRICING_RULES.minSensitivityCustomers &&
    pr!.price_sensitivity_mean! >= MARKET_RULES.highSensitivity;
  return summary.products
    .filter((p) => Math.abs(p.diff) >= MARKET_RULES.competitorMinDiff)
    .map((p): MarketInsight => {
      const above = p.diff > 0;
      const own = p.own_price;
      const med = p.median_competitor_price;
      const window = `entered ${summary.first_entered} to ${summary.last_entered}`;
      const price = (x: number) => `${p.currency} ${formatNumber(x, 2)}`;
      return {
        id: `competitor_price:${slug(p.product)}:${slug(p.currency)}`,
        type: 'competitive',
        title: `${p.product}: ${pct(Math.abs(p.diff))} ${above ? 'above' : 'below'} the competitors' median`,
        description: `You charge ${price(own)} for ${p.product}; the median of the ${p.competitors} competitor prices you entered is ${price(med)}.${above && sensitive ? ' Your customers are price-sensitive, so the gap is likely to cost sales.' : ''}`,
        urgency: above && sensitive ? 'short_term' : 'long_term',
        impact: Math.abs(p.diff) >= MARKET_RULES.highImpactDiff || (above && sensitive) ? 'high' : 'medium',
        recommended_actions: above
          ? [
              `Show what ${p.product} includes that the competitors' offers do not.`,
              'Test an entry plan or bundle nearer the market price.',
            ]
          : [
              `Test a higher price for ${p.product} on new customers.`,
              'Lead with value rather than price in ads and pages.',
            ],
        action_plans: [
          { effort_score: 3, implementation_time: '2-3 days' },
          { effort_score: 6, implementation_time: '2-4 weeks' },
        ],
        data_source: `Competitor prices you entered for ${p.product} (${p.competitors} competitors, ${summary.first_entered} to ${summary.last_entered})`,
        category: 'pricing',
        evidence: [
          evidence(ctx, 'own_price', own, p.currency, null, window),
          evidence(ctx, 'median_competitor_price', med, p.currency, p.competitors, window),
          evidence(ctx, 'price_diff', p.diff, 'fraction', p.competitors, window),
        ],
      };
    });
}

/** Market insights, each naming its data source, and the sources that could not be read (see the header). */
export function marketInsights(snapshot: StrategySnapshot): { insights: MarketInsight[]; skipped: SkippedRule[] } {
  const ctx = ruleContext(snapshot);
  const skipped: SkippedRule[] = [];
  const costs = adCostTrends(snapshot);
  for (const reason of costs.reasons) skipped.push({ rule: 'ad_cost_trend', reason });
  if (costs.trends.length > 0 && !ctx.currency)
    skipped.push({ rule: 'ad_cost_trend', reason: 'The ad costs have no currency.' });
  const insights = [
    ...costs.trends.map((t) => costInsight(ctx, t)).filter((i) => i !== null),
    ...seasonInsights(ctx, skipped),
    ...competitorInsights(ctx, skipped),
  ];
  return { insights, skipped };
}
