/**
 * `campaign_wrong_buyers`: a campaign brings visitors who are less ready and convert clearly less than the
 * other campaigns' visitors. Fires when, on `minSessions` sessions or more:
 * - its conversion rate is at most `maxRelativeRate` × the other campaigns' together, significant in a
 *   two-proportion z-test at 0.05 divided by the number of campaigns tested (Bonferroni);
 * - its mean readiness is below theirs (session-weighted): the shortfall comes with the audience, not the page;
 * - it pays more per conversion than they do, and they have `minOtherConversions` conversions.
 *
 * Lift: half of its spend moved to the other campaigns at their cost per conversion:
 * extra = spend × ½ × (their conversions / their spend − its conversions / its spend), if their cost per
 * conversion holds as they grow. Confidence from the conversion-rate gap and its standard error.
 */
import { NEUROMIND_PROFILES, type NeuromindProfile } from '@ri/contracts';
import { conversionLift, type Draft, evidence, finite, num, pct, type RuleContext } from '../context.js';
import { compareRates, confidenceFrom, STRENGTH_RULES } from '../evidence-strength.js';
import type { CampaignSnapshot } from '../types.js';

/** The campaign rule's thresholds (see the file's header). */
export const CAMPAIGN_RULES = {
  minSessions: 200,
  minOtherConversions: 10,
  maxRelativeRate: 0.75,
  spendMoved: 0.5,
} as const;

type Totals = { sessions: number; converted: number; spend: number; readinessSum: number; readinessN: number };

function totals(list: readonly CampaignSnapshot[]): Totals {
  const t: Totals = { sessions: 0, converted: 0, spend: 0, readinessSum: 0, readinessN: 0 };
  for (const c of list) {
    t.sessions += c.sessions;
    t.converted += c.converted;
    t.spend += c.spend;
    if (finite(c.mean_readiness)) {
      t.readinessSum += c.mean_readiness * c.sessions;
      t.readinessN += c.sessions;
    }
  }
  return t;
}

/** The profile most over-represented in `c` against the other campaigns, with both shares. */
function overRepresented(c: CampaignSnapshot, others: readonly CampaignSnapshot[]) {
  const mine = c.profile_mix;
  if (!mine) return null;
  const rest: Partial<Record<NeuromindProfile, number>> = {};
  for (const o of others) for (const p of NEUROMIND_PROFILES) rest[p] = (rest[p] ?? 0) + (o.profile_mix?.[p] ?? 0);
  const sum = (m: Partial<Record<NeuromindProfile, number>>) => NEUROMIND_PROFILES.reduce((s, p) => s + (m[p] ?? 0), 0);
  const nMine = sum(mine);
  const nRest = sum(rest);
  if (nMine === 0 || nRest === 0) return null;
  let best: { profile: NeuromindProfile; share: number; restShare: number; n: number; nRest: number } | null = null;
  for (const p of NEUROMIND_PROFILES) {
    const share = (mine[p] ?? 0) / nMine;
    const restShare = (rest[p] ?? 0) / nRest;
    if (share - restShare > 0 && (!best || share - restShare > best.share - best.restShare)) {
      best = { profile: p, share, restShare, n: nMine, nRest };
    }
  }
  return best;
}

/** Campaigns that bring the wrong buyers (see the file's header). */
export function campaignWrongBuyers(ctx: RuleContext): Draft[] | { reason: string } {
  const r = CAMPAIGN_RULES;
  const campaigns = (ctx.snapshot.campaigns ?? []).filter((c) => c.sessions > 0);
  if (campaigns.length < 2) return { reason: 'Fewer than 2 ad campaigns brought tracked sessions in the window.' };
  if (!ctx.currency) return { reason: 'The ad spend has no currency.' };
  if (!ctx.conversions) return { reason: 'No conversions in the window to measure a lift against.' };
  const tested = campaigns.filter((c) => c.sessions >= r.minSessions && c.spend > 0);
  if (tested.length === 0) return { reason: `No campaign brought ${r.minSessions} tracked sessions in the window.` };
  const alpha = STRENGTH_RULES.alpha / tested.length;
  const drafts: Draft[] = [];
  for (const c of tested) {
    const others = campaigns.filter((o) => o.id !== c.id);
    const t = totals(others);
    if (t.converted < r.minOtherConversions || t.spend <= 0 || t.readinessN === 0) continue;
    const cmp = compareRates(
      { successes: t.converted, trials: t.sessions },
      { successes: c.converted, trials: c.sessions },
    );
    const restReadiness = t.readinessSum / t.readinessN;
    if (!cmp || cmp.b > r.maxRelativeRate * cmp.a || cmp.p >= alpha) continue;
    if (!finite(c.mean_readiness) || c.mean_readiness >= restReadiness) continue;
    const perSpend = c.converted / c.spend;
    const restPerSpend = t.converted / t.spend;
    if (perSpend >= restPerSpend) continue;
    const extra = c.spend * r.spendMoved * (restPerSpend - perSpend);
    const lift = conversionLift(ctx, extra)!;
    const spend = ctx.major(c.spend)!;
    const restCpa = ctx.major(t.spend / t.converted)!;
    const cpa = c.converted > 0 ? ctx.major(c.spend / c.converted)! : null;
    const mix = overRepresented(c, others);
    const mixText = mix
      ? ` ${mix.profile} visitors are ${pct(mix.share)} of its profiled sessions, against ${pct(mix.restShare)} elsewhere.`
      : '';
    drafts.push({
      rule: 'campaign_wrong_buyers',
      subject: c.id,
      title: `${c.name} brings visitors who rarely buy`,
      description: `${c.name} (${c.platform}) brought ${num(c.sessions)} sessions with a mean readiness of ${num(c.mean_readiness, 1)}, against ${num(restReadiness, 1)} for the other campaigns, and ${pct(cmp.b)} of them converted, against ${pct(cmp.a)}. It spent ${ctx.money(spend)}${cpa === null ? ' without a conversion' : `, ${ctx.money(cpa)} a conversion`}, against ${ctx.money(restCpa)} elsewhere.${mixText} Moving half of its spend to the other campaigns would bring ${lift.sentence}, if their cost per conversion holds as they grow.`,
      category: 'acquisition',
      lift: lift.lift,
      confidence: confidenceFrom(cmp.diff, cmp.se),
      effort: 0.2,
      timeframe: '1-2 weeks',
      steps: [
        {
          text: `Move half of the budget of ${c.name} to the campaigns that convert better.`,
          plan: { effort_score: 2, lift_share: 0.6, implementation_time: '1 day' },
        },
        {
          text: `Retarget ${c.name} toward people like your buyers: lookalikes of customers, exclusions of non-buyers.`,
          plan: { effort_score: 4, lift_share: 0.4, implementation_time: '1 week' },
        },
      ],
      success_metrics: [
        `Cost per conversion of ${c.name} falls toward ${ctx.money(restCpa)}`,
        'Mean readiness of its sessions',
      ],
      affected_segments: [c.name, ...(mix ? [mix.profile] : [])],
      evidence: [
        evidence(ctx, 'campaign_sessions', c.sessions, 'sessions', null),
        evidence(ctx, 'campaign_converted', c.converted, 'sessions', null),
        evidence(ctx, 'campaign_conversion_rate', cmp.b, 'fraction', c.sessions),
        evidence(ctx, 'others_conversion_rate', cmp.a, 'fraction', t.sessions),
        evidence(ctx, 'campaign_mean_readiness', c.mean_readiness, 'score', c.sessions),
        evidence(ctx, 'others_mean_readiness', restReadiness, 'score', t.readinessN),
        evidence(ctx, 'campaign_spend', spend, ctx.currency, null),
        ...(cpa === null ? [] : [evidence(ctx, 'campaign_cost_per_conversion', cpa, ctx.currency, c.converted)]),
        evidence(ctx, 'others_cost_per_conversion', restCpa, ctx.currency, t.converted),
        ...(mix
          ? [
              evidence(ctx, `campaign_share_${mix.profile}`, mix.share, 'fraction', mix.n),
              evidence(ctx, `others_share_${mix.profile}`, mix.restShare, 'fraction', mix.nRest),
            ]
          : []),
        evidence(ctx, 'p_value', cmp.p, 'fraction', c.sessions + t.sessions),
        ...lift.evidence,
      ],
      lift_method: `Estimate: half of its ${ctx.money(spend)} spend moved to the other campaigns at ${ctx.money(restCpa)} a conversion instead of ${cpa === null ? 'none' : ctx.money(cpa)} = ${num(extra, 1)} conversions, over ${num(ctx.conversions.value)} ${ctx.conversions.source} = ${pct(lift.lift)}. Assumes the other campaigns keep their cost per conversion as they grow, and orders of average value.`,
    });
  }
  return drafts;
}
