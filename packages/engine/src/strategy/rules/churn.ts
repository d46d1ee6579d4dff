/**
 * `high_value_churn_risk`: customers in the top quarter by lifetime value whose churn risk is 0.7 or more
 * (the customers module's high_value_at_risk segment), at least `minAtRisk` of them, their mean risk above the
 * base's (customers with a known risk, `minBase` of them; `minWithLifetimeValue` known lifetime values make the
 * quarter meaningful).
 *
 * Lift: bringing their risk halfway back to the base's mean keeps their last year's revenue × (their mean risk −
 * the base's) × ½ a year; scaled to the window (× days / 365) and divided by its net revenue.
 * Confidence: the estimate is the excess of expected losses, n × (r − r_base); its standard error the binomial
 * spread of the losses, √(n × r × (1 − r)).
 */
import { type Draft, evidence, finite, num, pct, type RuleContext } from '../context.js';
import { confidenceFrom } from '../evidence-strength.js';

/** The churn rule's thresholds (see the file's header). */
export const CHURN_RULES = {
  minAtRisk: 5,
  minBase: 20,
  minWithLifetimeValue: 20,
  churnRiskThreshold: 0.7,
  gapClosed: 0.5,
} as const;

/** High-value customers at risk of leaving (see the file's header). */
export function highValueChurnRisk(ctx: RuleContext): Draft[] | { reason: string } {
  const r = CHURN_RULES;
  const cs = ctx.snapshot.customers;
  if (!cs) return { reason: 'No customer data: connect Stripe or GoHighLevel.' };
  if (cs.with_lifetime_value < r.minWithLifetimeValue) {
    return {
      reason: `${num(cs.with_lifetime_value)} customers have a lifetime value; the top quarter needs ${r.minWithLifetimeValue}.`,
    };
  }
  if (cs.with_churn_risk < r.minBase || !finite(cs.mean_churn_risk)) {
    return { reason: `${num(cs.with_churn_risk)} customers have a churn risk; the rule needs ${r.minBase}.` };
  }
  const net = ctx.snapshot.revenue?.net;
  if (!finite(net) || net <= 0 || !ctx.currency)
    return { reason: 'No net revenue in the window to measure a lift against.' };
  const risk = cs.high_value_at_risk;
  if (!risk || risk.count < r.minAtRisk || risk.mean_churn_risk <= cs.mean_churn_risk) return [];
  const n = risk.count;
  const gap = risk.mean_churn_risk - cs.mean_churn_risk;
  const days = ctx.snapshot.window.days;
  const yearly = ctx.major(risk.revenue_last_year)!;
  const kept = (yearly * gap * r.gapClosed * days) / 365;
  const netMajor = ctx.major(net)!;
  const lift = kept / netMajor;
  const rr = risk.mean_churn_risk;
  return [
    {
      rule: 'high_value_churn_risk',
      subject: '',
      title: 'High-value customers are at risk of leaving',
      description: `${num(n)} customers in the top quarter by lifetime value (${ctx.money(ctx.major(risk.ltv_threshold)!)} or more) have a churn risk of ${num(r.churnRiskThreshold, 2)} or more: ${num(rr, 2)} on average, against ${num(cs.mean_churn_risk, 2)} across the ${num(cs.with_churn_risk)} customers with a known risk. They paid ${ctx.money(yearly)} over the last year. Bringing their risk halfway back to the average would keep about ${ctx.money(kept)} over the window, ${pct(lift)} of its ${ctx.money(netMajor)} net revenue.`,
      category: 'retention',
      lift,
      confidence: confidenceFrom(n * gap, Math.sqrt(n * rr * (1 - rr))),
      effort: 0.3,
      timeframe: '2-4 weeks',
      steps: [
        {
          text: 'Save the high-value customers at risk as a segment.',
          plan: { effort_score: 1, lift_share: 0.1, implementation_time: '1 day' },
        },
        {
          text: 'Reach each of them personally: a check-in call or message from the owner.',
          plan: { effort_score: 4, lift_share: 0.5, implementation_time: '1 week' },
        },
        {
          text: 'Offer them a loyalty perk or plan that rewards staying.',
          plan: { effort_score: 3, lift_share: 0.4, implementation_time: '2-3 days' },
        },
      ],
      success_metrics: ['Churn risk of the high-value customers at risk', 'Their orders in the next window'],
      affected_segments: ['high_value_at_risk'],
      evidence: [
        evidence(ctx, 'at_risk_customers', n, 'customers', null),
        evidence(ctx, 'churn_risk_threshold', r.churnRiskThreshold, 'fraction', null),
        evidence(
          ctx,
          'top_quarter_lifetime_value',
          ctx.major(risk.ltv_threshold)!,
          ctx.currency,
          cs.with_lifetime_value,
        ),
        evidence(ctx, 'at_risk_mean_churn_risk', rr, 'fraction', n),
        evidence(ctx, 'base_mean_churn_risk', cs.mean_churn_risk, 'fraction', cs.with_churn_risk),
        evidence(ctx, 'at_risk_revenue_last_year', yearly, ctx.currency, n),
        evidence(ctx, 'net_revenue', netMajor, ctx.currency, ctx.snapshot.revenue?.orders ?? null),
        evidence(ctx, 'estimated_kept_revenue', kept, ctx.currency, null),
        evidence(ctx, 'expected_revenue_lift', lift, 'fraction', null),
      ],
      lift_method: `Estimate: their ${ctx.money(yearly)} of last year's revenue × half the gap between their mean churn risk ${num(rr, 2)} and the base's ${num(cs.mean_churn_risk, 2)} = a year's kept revenue; × ${days} / 365 days = ${ctx.money(kept)} over the window, over its ${ctx.money(netMajor)} net revenue = ${pct(lift)}. Assumes they would otherwise buy as in the past year.`,
    },
  ];
}
