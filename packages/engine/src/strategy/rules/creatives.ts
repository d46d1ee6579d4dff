/**
 * `fatigued_creatives`: per campaign, its creatives whose fatigue (the ads engine's score) is above 0.5, the
 * spec's refresh rule. Their click-through fell from the launch baseline to the recent window.
 *
 * Lift: half of the lost clicks won back over the window, at the campaign's conversions per session (one
 * session per click; the site's rate when the campaign has under `minCampaignSessions` sessions):
 * extra clicks = Σ (baseline CTR − recent CTR) × recent impressions / recent days × window days × ½.
 * Confidence from the pooled CTR drop (baseline against recent clicks per impression) and its standard error.
 */
import { formatShare } from '../../ads/ad-format.js';
import { conversionLift, type Draft, evidence, num, pct, type RuleContext } from '../context.js';
import { compareRates, confidenceFrom } from '../evidence-strength.js';

/** The creatives rule's thresholds (see the file's header). */
export const CREATIVE_RULES = {
  minFatigue: 0.5,
  minCampaignSessions: 30,
  clicksRecovered: 0.5,
} as const;

const ctr = (f: number) => formatShare(f, 2);

/** Fatigued creatives, one recommendation per campaign (see the file's header). */
export function fatiguedCreatives(ctx: RuleContext): Draft[] | { reason: string } {
  const r = CREATIVE_RULES;
  const creatives = ctx.snapshot.creatives ?? [];
  if (creatives.length === 0) return { reason: 'No ad creatives: connect Meta Ads or Google Ads.' };
  const scored = creatives.filter((c) => c.fatigue !== null);
  if (scored.length === 0) {
    return { reason: 'No creative has a fatigue score yet: each needs 14 days with delivery.' };
  }
  if (!ctx.conversions) return { reason: 'No conversions in the window to measure a lift against.' };
  const funnel = ctx.snapshot.funnel;
  const siteRate = funnel && funnel.sessions > 0 ? funnel.converted / funnel.sessions : null;
  const byCampaign = new Map<string, typeof scored>();
  for (const c of scored) {
    if ((c.fatigue as number) <= r.minFatigue || c.baseline.impressions <= 0 || c.recent.impressions <= 0) continue;
    if (c.recent.days <= 0) continue;
    byCampaign.set(c.campaign_id, [...(byCampaign.get(c.campaign_id) ?? []), c]);
  }
  const drafts: Draft[] = [];
  for (const [campaignId, list] of [...byCampaign].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const campaign = ctx.snapshot.campaigns?.find((c) => c.id === campaignId);
    const ownRate =
      campaign && campaign.sessions >= r.minCampaignSessions ? campaign.converted / campaign.sessions : null;
    const rate = ownRate ?? siteRate;
    if (rate === null) continue;
    const sorted = [...list].sort((a, b) => (b.fatigue as number) - (a.fatigue as number) || (a.id < b.id ? -1 : 1));
    let lostClicks = 0;
    const base = { successes: 0, trials: 0 };
    const recent = { successes: 0, trials: 0 };
    for (const c of sorted) {
      const drop = Math.max(0, c.baseline.clicks / c.baseline.impressions - c.recent.clicks / c.recent.impressions);
      lostClicks += (drop * c.recent.impressions * ctx.snapshot.window.days) / c.recent.days;
      base.successes += c.baseline.clicks;
      base.trials += c.baseline.impressions;
      recent.successes += c.recent.clicks;
      recent.trials += c.recent.impressions;
    }
    const cmp = compareRates(base, recent);
    if (!cmp || cmp.diff <= 0) continue;
    const extraClicks = lostClicks * r.clicksRecovered;
    const extra = extraClicks * rate;
    const lift = conversionLift(ctx, extra)!;
    const name = campaign?.name ?? campaignId;
    const worst = sorted[0]!;
    const names = sorted.map((c) => `“${c.name}”`).join(', ');
    const rateSource =
      ownRate === null ? 'the site’s conversions per session' : 'the campaign’s conversions per session';
    drafts.push({
      rule: 'fatigued_creatives',
      subject: campaignId,
      title: `Refresh fatigued creatives in ${name}`,
      description: `${names} in ${name} wore out: together their click-through fell from ${ctr(cmp.a)} at launch to ${ctr(cmp.b)} recently (fatigue up to ${num(worst.fatigue as number, 2)}). Winning back half of the lost clicks at ${rateSource} (${pct(rate)}) would bring ${lift.sentence}.`,
      category: 'optimization',
      lift: lift.lift,
      confidence: confidenceFrom(cmp.diff, cmp.se),
      effort: 0.3,
      timeframe: '1-2 weeks',
      steps: [
        {
          text: `Pause “${worst.name}”, the most fatigued creative.`,
          plan: { effort_score: 1, lift_share: 0.2, implementation_time: '1 day' },
        },
        {
          text: `Launch new creatives in ${name} with a new hook, image or format.`,
          plan: { effort_score: 4, lift_share: 0.8, implementation_time: '1 week' },
        },
        {
          text: 'Compare the new creatives’ click-through with the launch baseline after a week.',
          plan: { effort_score: 1, lift_share: 0, implementation_time: '1 day' },
        },
      ],
      success_metrics: [`Click-through of ${name} back toward ${ctr(cmp.a)}`],
      affected_segments: [name, ...sorted.map((c) => c.name)],
      evidence: [
        evidence(ctx, 'fatigued_creatives', sorted.length, 'creatives', null),
        evidence(ctx, 'max_fatigue', worst.fatigue as number, 'score', null),
        evidence(ctx, 'baseline_ctr', cmp.a, 'fraction', base.trials),
        evidence(ctx, 'recent_ctr', cmp.b, 'fraction', recent.trials),
        evidence(ctx, 'estimated_lost_clicks', lostClicks, 'clicks', null),
        evidence(
          ctx,
          'conversions_per_session',
          rate,
          'fraction',
          ownRate === null ? funnel!.sessions : campaign!.sessions,
        ),
        ...lift.evidence,
      ],
      lift_method: `Estimate: click-through lost since launch × recent impressions per day × the window's days = ${num(lostClicks)} clicks; half of them × ${pct(rate)} conversions per session = ${num(extra, 1)} conversions, over ${num(ctx.conversions.value)} ${ctx.conversions.source} = ${pct(lift.lift)}. Assumes one session per click, delivery at the recent rate, and orders of average value.`,
    });
  }
  return drafts;
}
