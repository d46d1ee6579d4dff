/**
 * `pricing_page_exits`: pricing pages end visits clearly more often than other pages. Fires when the exit rate
 * (exits / views) of pricing pages is `minGap` or more above the other pages', significant in a two-proportion
 * z-test at 0.05, on `minViews` views of each.
 *
 * Lift: half of the excess exits turned into views that continue, at the share of continuing pricing views that
 * end in a conversion: views × gap × ½ × converted / (views − exits). Confidence from the gap and its standard
 * error. The steps follow the pricing signals the business has: customers' price sensitivity (`highSensitivity`
 * or more on `minSensitivityCustomers`) and the competitor prices the owner entered.
 */
import { competitorPriceDiffs } from '../competitor-prices.js';
import { conversionLift, type Draft, evidence, finite, num, pct, type RuleContext } from '../context.js';
import { compareRates, confidenceFrom } from '../evidence-strength.js';
import type { Evidence } from '../types.js';

/** The pricing rule's thresholds (see the file's header). */
export const PRICING_RULES = {
  minViews: 200,
  minGap: 0.1,
  gapClosed: 0.5,
  highSensitivity: 0.6,
  minSensitivityCustomers: 30,
} as const;

/** Pricing pages that end visits (see the file's header). */
export function pricingPageExits(ctx: RuleContext): Draft[] | { reason: string } {
  const r = PRICING_RULES;
  const pr = ctx.snapshot.pricing;
  const page = pr?.pricing_page;
  const other = pr?.other_pages;
  if (!page || !other) return { reason: 'No page views of pricing pages and other pages in the window.' };
  if (page.views < r.minViews || other.views < r.minViews) {
    return {
      reason: `Pricing pages had ${num(page.views)} views and other pages ${num(other.views)}; the rule needs ${r.minViews} of each.`,
    };
  }
  if (!ctx.conversions) return { reason: 'No conversions in the window to measure a lift against.' };
  const cmp = compareRates(
    { successes: page.exits, trials: page.views },
    { successes: other.exits, trials: other.views },
  );
  if (!cmp || cmp.diff < r.minGap || cmp.p >= 0.05 || page.views <= page.exits) return [];
  const d = page.converted / (page.views - page.exits);
  const extra = page.views * cmp.diff * r.gapClosed * d;
  const lift = conversionLift(ctx, extra)!;
  const context: string[] = [];
  const extraEvidence: Evidence[] = [];
  const sensitivity = pr?.price_sensitivity_mean;
  const sensitivityN = pr?.price_sensitivity_n ?? 0;
  const sensitive =
    finite(sensitivity) && sensitivityN >= r.minSensitivityCustomers && sensitivity >= r.highSensitivity;
  if (finite(sensitivity) && sensitivityN >= r.minSensitivityCustomers) {
    context.push(`customers' mean price sensitivity is ${num(sensitivity, 2)} (of ${num(sensitivityN)} measured)`);
    extraEvidence.push(evidence(ctx, 'mean_price_sensitivity', sensitivity, 'score', sensitivityN));
  }
  const comp = competitorPriceDiffs(pr?.competitor_prices ?? [], ctx.snapshot.window.to);
  const above = comp.diff !== null && comp.diff > 0;
  if (comp.diff !== null) {
    context.push(
      `your prices are ${pct(Math.abs(comp.diff))} ${comp.diff >= 0 ? 'above' : 'below'} the median competitor price you entered`,
    );
    extraEvidence.push(
      evidence(
        ctx,
        'competitor_price_diff',
        comp.diff,
        'fraction',
        comp.entries,
        `entered ${comp.first_entered} to ${comp.last_entered}`,
      ),
    );
  }
  return [
    {
      rule: 'pricing_page_exits',
      subject: '',
      title: 'Pricing pages end too many visits',
      description: `${pct(cmp.a)} of pricing page views end the visit (${num(page.exits)} of ${num(page.views)}), against ${pct(cmp.b)} on other pages (${num(other.exits)} of ${num(other.views)}).${context.length > 0 ? ` For context: ${context.join('; ')}.` : ''} Turning half of the excess exits into visits that go on would bring ${lift.sentence}.`,
      category: 'pricing',
      lift: lift.lift,
      confidence: confidenceFrom(cmp.diff, cmp.se),
      effort: 0.5,
      timeframe: '4-6 weeks',
      steps: [
        {
          text: 'Make the price and what it includes clear on the pricing page: plans, inclusions, total cost.',
          plan: { effort_score: 3, lift_share: 0.4, implementation_time: '2-3 days' },
        },
        sensitive
          ? {
              text: 'Add a value comparison for price-sensitive visitors: cost per use, plans side by side.',
              plan: { effort_score: 3, lift_share: 0.3, implementation_time: '2-3 days' },
            }
          : {
              text: 'Answer pricing objections beside the price: guarantee, refunds, frequent questions.',
              plan: { effort_score: 2, lift_share: 0.3, implementation_time: '1-2 days' },
            },
        above
          ? {
              text: 'Weigh your prices against the competitors you track; consider an entry plan.',
              plan: { effort_score: 6, lift_share: 0.3, implementation_time: '1-2 weeks' },
            }
          : {
              text: 'Test a low-risk first step beside the call to action: a trial or a money-back guarantee.',
              plan: { effort_score: 4, lift_share: 0.3, implementation_time: '1 week' },
            },
      ],
      success_metrics: [
        `Exit rate of pricing pages from ${pct(cmp.a)} toward ${pct(cmp.b)}`,
        'Conversions after a pricing page view',
      ],
      affected_segments: ['pricing pages'],
      evidence: [
        evidence(ctx, 'pricing_views', page.views, 'views', null),
        evidence(ctx, 'pricing_exits', page.exits, 'views', null),
        evidence(ctx, 'pricing_exit_rate', cmp.a, 'fraction', page.views),
        evidence(ctx, 'other_views', other.views, 'views', null),
        evidence(ctx, 'other_exits', other.exits, 'views', null),
        evidence(ctx, 'other_exit_rate', cmp.b, 'fraction', other.views),
        evidence(ctx, 'conversion_after_continuing', d, 'fraction', page.views - page.exits),
        evidence(ctx, 'p_value', cmp.p, 'fraction', page.views + other.views),
        ...extraEvidence,
        ...lift.evidence,
      ],
      lift_method: `Estimate: ${num(page.views)} pricing views × half the ${pct(cmp.diff)} excess exit rate × ${pct(d)} of continuing pricing views convert = ${num(extra, 1)} conversions, over ${num(ctx.conversions.value)} ${ctx.conversions.source} = ${pct(lift.lift)}. Assumes orders of average value.`,
    },
  ];
}
