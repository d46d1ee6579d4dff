/**
 * `ready_not_converting`: sessions that reached readiness 80 or more convert clearly below what that readiness
 * predicts. Readiness 80 is a calibrated conversion probability of 0.6 (docs/scoring.md), so when the server
 * gives no mean predicted probability for these sessions, 0.6 is the expectation (their true mean is higher,
 * so this is the cautious choice). Fires when the top of the 95 % Wilson interval of their conversion rate is
 * below the expectation, on `minSessions` sessions or more.
 *
 * Lift: half of the gap closed, sessions × (expected − observed) × ½ conversions. Confidence: from the gap and
 * the Wilson interval's half-width as 1.96 × SE (evidence-strength.ts).
 */
import { READINESS_THRESHOLDS } from '@ri/contracts';
import { wilsonInterval, Z_95 } from '../../stats/index.js';
import { conversionLift, type Draft, evidence, finite, num, pct, type RuleContext } from '../context.js';
import { confidenceFrom } from '../evidence-strength.js';

/** The evidence the rule needs, the default expectation, and the share of the gap it assumes closed. */
export const READINESS_RULES = {
  minSessions: 30,
  /** The calibrated probability readiness 80 stands for. */
  defaultExpectedRate: 0.6,
  gapClosed: 0.5,
} as const;

/** Ready visitors who do not convert (see the file's header). */
export function readyNotConverting(ctx: RuleContext): Draft[] | { reason: string } {
  const r = READINESS_RULES;
  const rd = ctx.snapshot.readiness;
  if (!rd || !finite(rd.high_band_sessions)) return { reason: 'No readiness scores in the window.' };
  const n = rd.high_band_sessions;
  const k = rd.high_band_converted;
  if (n < r.minSessions) {
    return {
      reason: `${num(n)} sessions reached readiness ${READINESS_THRESHOLDS.ready} or more; the rule needs ${r.minSessions}.`,
    };
  }
  if (!ctx.conversions) return { reason: 'No conversions in the window to measure a lift against.' };
  const interval = wilsonInterval(k, n);
  if (!interval) return { reason: 'The high-band conversion counts are inconsistent.' };
  const expected = finite(rd.expected_conversion_rate) ? rd.expected_conversion_rate : r.defaultExpectedRate;
  const rate = k / n;
  const [low, high] = interval;
  if (high >= expected) return [];
  const gap = expected - rate;
  const extra = n * gap * r.gapClosed;
  const lift = conversionLift(ctx, extra)!;
  const funnel = ctx.snapshot.funnel;
  const siteRate = funnel && funnel.sessions > 0 ? funnel.converted / funnel.sessions : null;
  const ready = READINESS_THRESHOLDS.ready;
  return [
    {
      rule: 'ready_not_converting',
      subject: '',
      title: 'Ready visitors leave without buying',
      description: `${num(n)} sessions reached readiness ${ready} or more and ${num(k)} converted (${pct(rate)}), against the ${pct(expected)} their readiness predicts${siteRate === null ? '' : `; the site converts ${pct(siteRate)} of all sessions`}. They were ready to buy and something on the site stopped them. Closing half of the gap would bring ${lift.sentence}.`,
      category: 'conversion',
      lift: lift.lift,
      confidence: confidenceFrom(gap, (high - low) / (2 * Z_95)),
      effort: 0.5,
      timeframe: '2-4 weeks',
      steps: [
        {
          text: 'Watch recorded sessions of ready visitors who left and note where they stopped.',
          plan: { effort_score: 1, lift_share: 0.2, implementation_time: '1 day' },
        },
        {
          text: 'Remove checkout friction: forced sign-up, surprise costs, slow pages.',
          plan: { effort_score: 4, lift_share: 0.5, implementation_time: '1-2 weeks' },
        },
        {
          text: 'Show ready visitors an on-site reminder or offer when they are about to leave.',
          plan: { effort_score: 3, lift_share: 0.3, implementation_time: '2-3 days' },
        },
      ],
      success_metrics: [
        `Conversion of sessions at readiness ${ready} or more rises from ${pct(rate)} toward ${pct(rate + gap * r.gapClosed)}`,
      ],
      affected_segments: ['Ready to Convert'],
      evidence: [
        evidence(ctx, 'readiness_threshold', ready, 'score', null),
        evidence(ctx, 'high_band_sessions', n, 'sessions', null),
        evidence(ctx, 'high_band_converted', k, 'sessions', null),
        evidence(ctx, 'high_band_conversion_rate', rate, 'fraction', n),
        evidence(ctx, 'high_band_conversion_rate_upper_95', high, 'fraction', n),
        evidence(ctx, 'expected_conversion_rate', expected, 'fraction', finite(rd.expected_conversion_rate) ? n : null),
        evidence(ctx, 'target_conversion_rate', rate + gap * r.gapClosed, 'fraction', null),
        ...(siteRate === null ? [] : [evidence(ctx, 'site_conversion_rate', siteRate, 'fraction', funnel!.sessions)]),
        ...lift.evidence,
      ],
      lift_method: `Estimate: ${num(n)} ready sessions × half the gap between the ${pct(expected)} expected and the ${pct(rate)} observed = ${num(extra, 1)} conversions, over ${num(ctx.conversions.value)} ${ctx.conversions.source} = ${pct(lift.lift)}. Assumes orders of average value.`,
    },
  ];
}
