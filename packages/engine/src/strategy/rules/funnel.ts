/**
 * Funnel leaks by page type and profile.
 *
 * - `funnel_leak_profile`: a Neuromind profile continues past a page-type step clearly less often than the
 *   other profiles do. Two-proportion z-test per (profile, step) with both sides reaching the step
 *   `minReached` times; significant at 0.05 divided by the number of comparisons made (Bonferroni: 7 profiles
 *   × 5 steps need p < 0.0014); a gap of `minGap` or more. The `maxProfileLeaks` with the largest
 *   lift × confidence are kept.
 * - `funnel_drop`: a step's continuation fell against the previous window (same test, Bonferroni over the
 *   steps compared), by `minDrop` or more.
 *
 * Lift: closing half of the gap, reached × gap × ½ × the share of sessions that continue past the step and
 * convert (the whole site's, the steadier figure), over the site's conversions (context.ts).
 */
import type { NeuromindProfile } from '@ri/contracts';
import { conversionLift, type Draft, evidence, num, pct, type RuleContext, slug } from '../context.js';
import { compareRates, confidenceFrom, STRENGTH_RULES } from '../evidence-strength.js';
import type { FunnelStep } from '../types.js';

/** The evidence the funnel rules need and the share of the gap they assume closed. */
export const FUNNEL_RULES = {
  minReached: 50,
  minGap: 0.1,
  maxProfileLeaks: 3,
  minReachedForDrop: 100,
  minDrop: 0.05,
  gapClosed: 0.5,
} as const;

/** What works for each profile (docs/customers.md, profile segments), written onto a page. */
const PROFILE_FIX: Record<NeuromindProfile, string> = {
  'Fast-Mover': 'a shorter path to checkout',
  'Proof-Driven': 'reviews, case studies and figures',
  Reassurer: 'visible guarantees, refunds and support',
  Skeptic: 'independent reviews and verifiable claims',
  Optimizer: 'side-by-side comparisons and explicit value per unit',
  'Authority-Seeker': 'expert endorsements and credentials',
  'Experience-First': 'demos, trials and rich media',
};

const downstream = (step: FunnelStep) => (step.continued > 0 ? step.converted / step.continued : null);

/** Profiles that continue past a step less than the others (see the file's header). */
export function funnelLeakByProfile(ctx: RuleContext): Draft[] | { reason: string } {
  const funnel = ctx.snapshot.funnel;
  if (!funnel || funnel.steps.length === 0) return { reason: 'No tracked funnel in the window.' };
  const profiles = (funnel.by_profile ?? []).filter((p) => p.sessions > 0);
  if (profiles.length < 2) return { reason: 'Fewer than 2 Neuromind profiles have sessions in the window.' };
  if (!ctx.conversions) return { reason: 'No conversions in the window to measure a lift against.' };
  const r = FUNNEL_RULES;
  const tests = [];
  for (const step of funnel.steps) {
    const d = downstream(step);
    if (d === null) continue;
    for (const p of profiles) {
      const mine = p.steps.find((s) => s.page_type === step.page_type);
      if (!mine || mine.reached < r.minReached) continue;
      const rest = { continued: 0, reached: 0 };
      for (const o of profiles) {
        const s = o.profile === p.profile ? undefined : o.steps.find((x) => x.page_type === step.page_type);
        rest.continued += s?.continued ?? 0;
        rest.reached += s?.reached ?? 0;
      }
      if (rest.reached < r.minReached) continue;
      const cmp = compareRates(
        { successes: rest.continued, trials: rest.reached },
        { successes: mine.continued, trials: mine.reached },
      );
      if (cmp) tests.push({ step, d, profile: p.profile, mine, rest, cmp });
    }
  }
  if (tests.length === 0) {
    return {
      reason: `No profile reached a funnel step ${r.minReached} times with ${r.minReached} sessions of other profiles beside it.`,
    };
  }
  const alpha = STRENGTH_RULES.alpha / tests.length;
  const drafts = tests
    .filter((t) => t.cmp.diff >= r.minGap && t.cmp.p < alpha)
    .map(({ step, d, profile, mine, rest, cmp }): Draft => {
      const page = step.page_type;
      const extra = mine.reached * cmp.diff * r.gapClosed * d;
      const lift = conversionLift(ctx, extra)!;
      const target = cmp.b + cmp.diff * r.gapClosed;
      return {
        rule: 'funnel_leak_profile',
        subject: `${slug(page)}:${slug(profile)}`,
        title: `${profile} visitors leave at ${page} pages`,
        description: `${profile} sessions continue past ${page} pages at ${pct(cmp.b)} (${num(mine.continued)} of ${num(mine.reached)}), against ${pct(cmp.a)} for the other profiles (${num(rest.continued)} of ${num(rest.reached)}). Closing half of that gap would bring ${lift.sentence}.`,
        category: 'conversion',
        lift: lift.lift,
        confidence: confidenceFrom(cmp.diff, cmp.se),
        effort: 0.3,
        timeframe: '2-4 weeks',
        steps: [
          {
            text: `Watch recorded ${profile} sessions that left at ${page} pages and note what stopped them.`,
            plan: { effort_score: 1, lift_share: 0.2, implementation_time: '1 day' },
          },
          {
            text: `Add ${PROFILE_FIX[profile]} to ${page} pages.`,
            plan: { effort_score: 3, lift_share: 0.5, implementation_time: '2-3 days' },
          },
          {
            text: `Show the change to ${profile} visitors first through on-site personalisation and compare their continuation with the other profiles.`,
            plan: { effort_score: 5, lift_share: 0.3, implementation_time: '1 week' },
          },
        ],
        success_metrics: [
          `${profile} continuation past ${page} pages rises from ${pct(cmp.b)} toward ${pct(target)}`,
          `Conversions from ${profile} sessions`,
        ],
        affected_segments: [profile, `${page} pages`],
        evidence: [
          evidence(ctx, 'profile_reached', mine.reached, 'sessions', null),
          evidence(ctx, 'profile_continued', mine.continued, 'sessions', null),
          evidence(ctx, 'profile_continuation_rate', cmp.b, 'fraction', mine.reached),
          evidence(ctx, 'others_reached', rest.reached, 'sessions', null),
          evidence(ctx, 'others_continued', rest.continued, 'sessions', null),
          evidence(ctx, 'others_continuation_rate', cmp.a, 'fraction', rest.reached),
          evidence(ctx, 'continuation_gap', cmp.diff, 'fraction', null),
          evidence(ctx, 'target_continuation_rate', target, 'fraction', null),
          evidence(ctx, 'downstream_conversion_rate', d, 'fraction', step.continued),
          evidence(ctx, 'p_value', cmp.p, 'fraction', mine.reached + rest.reached),
          ...lift.evidence,
        ],
        lift_method: `Estimate: ${num(mine.reached)} ${profile} sessions reached ${page} pages × half the ${pct(cmp.diff)} gap × ${pct(d)} of sessions continuing past ${page} pages convert = ${num(extra, 1)} conversions, over ${num(ctx.conversions!.value)} ${ctx.conversions!.source} = ${pct(lift.lift)}. Assumes the recovered sessions convert like those who continue now and orders of average value.`,
      };
    })
    .sort((a, b) => b.lift * b.confidence - a.lift * a.confidence || (a.subject < b.subject ? -1 : 1))
    .slice(0, r.maxProfileLeaks);
  return drafts;
}

/** Steps whose continuation fell against the previous window (see the file's header). */
export function funnelDrop(ctx: RuleContext): Draft[] | { reason: string } {
  const funnel = ctx.snapshot.funnel;
  if (!funnel || funnel.steps.length === 0) return { reason: 'No tracked funnel in the window.' };
  if (!ctx.conversions) return { reason: 'No conversions in the window to measure a lift against.' };
  const r = FUNNEL_RULES;
  const tests = funnel.steps.flatMap((step) => {
    const prev = step.previous;
    const d = downstream(step);
    if (!prev || d === null || step.reached < r.minReachedForDrop || prev.reached < r.minReachedForDrop) return [];
    const cmp = compareRates(
      { successes: prev.continued, trials: prev.reached },
      { successes: step.continued, trials: step.reached },
    );
    return cmp ? [{ step, prev, d, cmp }] : [];
  });
  if (tests.length === 0) {
    return {
      reason: `No funnel step was reached ${r.minReachedForDrop} times in both this window and the previous one.`,
    };
  }
  const alpha = STRENGTH_RULES.alpha / tests.length;
  return tests
    .filter((t) => t.cmp.diff >= r.minDrop && t.cmp.p < alpha)
    .map(({ step, prev, d, cmp }): Draft => {
      const page = step.page_type;
      const extra = step.reached * cmp.diff * r.gapClosed * d;
      const lift = conversionLift(ctx, extra)!;
      return {
        rule: 'funnel_drop',
        subject: slug(page),
        title: `Fewer visitors continue past ${page} pages than in the previous window`,
        description: `${pct(cmp.b)} of sessions continued past ${page} pages (${num(step.continued)} of ${num(step.reached)}), down from ${pct(cmp.a)} in the previous window (${num(prev.continued)} of ${num(prev.reached)}). Recovering half of the fall would bring ${lift.sentence}.`,
        category: 'conversion',
        lift: lift.lift,
        confidence: confidenceFrom(cmp.diff, cmp.se),
        effort: 0.3,
        timeframe: '1-2 weeks',
        steps: [
          {
            text: `Compare recorded sessions on ${page} pages from both windows and list what changed there (price, copy, speed, stock).`,
            plan: { effort_score: 2, lift_share: 0.3, implementation_time: '1 day' },
          },
          {
            text: `Fix or roll back the change on ${page} pages that coincides with the fall.`,
            plan: { effort_score: 3, lift_share: 0.7, implementation_time: '2-3 days' },
          },
        ],
        success_metrics: [`Continuation past ${page} pages back toward ${pct(cmp.a)}`],
        affected_segments: [`${page} pages`],
        evidence: [
          evidence(ctx, 'reached', step.reached, 'sessions', null),
          evidence(ctx, 'continued', step.continued, 'sessions', null),
          evidence(ctx, 'continuation_rate', cmp.b, 'fraction', step.reached),
          evidence(ctx, 'reached', prev.reached, 'sessions', null, ctx.previousWindow),
          evidence(ctx, 'continued', prev.continued, 'sessions', null, ctx.previousWindow),
          evidence(ctx, 'continuation_rate', cmp.a, 'fraction', prev.reached, ctx.previousWindow),
          evidence(ctx, 'continuation_drop', cmp.diff, 'fraction', null),
          evidence(ctx, 'downstream_conversion_rate', d, 'fraction', step.continued),
          evidence(ctx, 'p_value', cmp.p, 'fraction', step.reached + prev.reached),
          ...lift.evidence,
        ],
        lift_method: `Estimate: ${num(step.reached)} sessions reached ${page} pages × half the ${pct(cmp.diff)} fall × ${pct(d)} of sessions continuing past ${page} pages convert = ${num(extra, 1)} conversions, over ${num(ctx.conversions!.value)} ${ctx.conversions!.source} = ${pct(lift.lift)}. Assumes orders of average value.`,
      };
    });
}
