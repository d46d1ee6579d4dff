import { round } from '@ri/contracts';
import { PATTERN_THRESHOLDS } from './behavior-patterns.js';
import { type BehavioralInsight, INSIGHT_THRESHOLDS } from './insight-types.js';
import type { SessionRecord } from './session-record.js';
import { compareGroups, percent, SIGNIFICANT_Z, twoProportionZ } from './stats.js';

const T = INSIGHT_THRESHOLDS;

/** What tends to move each Neuromind profile (spec doc 1, section 1), as things a team can do. */
export const PROFILE_INSIGHT_ACTIONS: Record<string, string[]> = {
  'Fast-Mover': [
    'Shorten the path to purchase with an express or one-click checkout',
    'Keep the main call to action visible without scrolling on key pages',
  ],
  'Proof-Driven': [
    'Show case studies, data and measurable results next to the call to action',
    'Link detailed specifications or benchmarks from product and pricing pages',
  ],
  Reassurer: [
    'Show guarantees, free returns or cancellation terms next to the call to action',
    'Offer live chat or a phone number where visitors decide',
  ],
  Skeptic: [
    'Show independent reviews, ratings and third-party validation',
    'State prices and terms plainly, with no costs revealed late',
  ],
  Optimizer: [
    'Add a comparison that shows the value of each plan or product for its price',
    'Point out bundles, discounts or the best-value option',
  ],
  'Authority-Seeker': [
    'Show expert endorsements, certifications and well-known customers',
    'Cite press coverage or awards near the call to action',
  ],
  'Experience-First': [
    'Offer a free trial, a demo or an interactive preview',
    'Show the product in use with video or screenshots',
  ],
};
const GENERIC_ACTIONS = ['Tailor the pages these visitors see most to what convinces them'];
const actionsFor = (profile: string) => PROFILE_INSIGHT_ACTIONS[profile] ?? GENERIC_ACTIONS;
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Sessions of one profile that reached high readiness without converting. */
function readyNotConverted(profile: string, group: readonly SessionRecord[]): BehavioralInsight | null {
  const threshold = PATTERN_THRESHOLDS.readiness;
  const ready = group.filter((r) => (r.readiness ?? 0) >= threshold);
  const missed = ready.filter((r) => !r.converted).length;
  if (missed < T.minHits) return null;
  return {
    id: `profile-${slug(profile)}-ready-not-converted`,
    type: 'opportunity',
    title: `${missed} ${profile} visitors reached readiness ${threshold} or more without converting`,
    description: `${ready.length} of ${group.length} ${profile} sessions reached a readiness score of ${threshold} or more, and ${missed} of those did not convert.`,
    user_count: missed,
    action_items: [...actionsFor(profile), `Engage ${profile} visitors while their readiness is high`],
    evidence: [
      { metric: 'profile_sessions', value: group.length },
      { metric: 'readiness_threshold', value: threshold },
      { metric: 'ready_sessions', value: ready.length },
      { metric: 'ready_not_converted', value: missed },
    ],
    profile,
  };
}

/** A profile whose conversion rate differs significantly from the other profiled sessions'. */
function conversionGap(profile: string, profiled: readonly SessionRecord[]): BehavioralInsight | null {
  const c = compareGroups(profiled, (r) => r.profile === profile);
  if (c.members < T.minGroup || c.rest < T.minGroup) return null;
  const z = twoProportionZ(c.membersConverted, c.members, c.restConverted, c.rest);
  if (z === null || Math.abs(z) < SIGNIFICANT_Z) return null;
  const m = percent(c.membersConverted, c.members);
  const r = percent(c.restConverted, c.rest);
  const isLower = z < 0;
  return {
    id: `profile-${slug(profile)}-converts-${isLower ? 'less' : 'more'}`,
    type: isLower ? 'warning' : 'opportunity',
    title: `${profile} visitors convert at ${m}% against ${r}% for other profiles`,
    description: `${c.membersConverted} of ${c.members} ${profile} sessions converted (${m}%) against ${c.restConverted} of ${c.rest} sessions of other profiles (${r}%); a two-proportion test gives z ${round(z)}, beyond the 5% significance level.`,
    user_count: c.members,
    action_items: isLower
      ? actionsFor(profile)
      : [`Aim acquisition campaigns at audiences like these ${profile} visitors`, ...actionsFor(profile)],
    evidence: [
      { metric: 'profile_sessions', value: c.members },
      { metric: 'profile_converted', value: c.membersConverted },
      { metric: 'profile_conversion_pct', value: m },
      { metric: 'other_profile_sessions', value: c.rest },
      { metric: 'other_profile_converted', value: c.restConverted },
      { metric: 'other_profile_conversion_pct', value: r },
      { metric: 'z_score', value: round(z) },
      { metric: 'significance_level_pct', value: 5 },
    ],
    profile,
  };
}

/**
 * Profile-level insights over the sessions that carry a Neuromind profile: per profile with at least
 * `minGroup` sessions, high-readiness sessions that did not convert, and a conversion rate significantly
 * above or below the other profiles'. Profiles in alphabetical order.
 */
export function deriveProfileInsights(records: readonly SessionRecord[]): BehavioralInsight[] {
  const profiled = records.filter((r) => typeof r.profile === 'string' && r.profile !== '');
  const groups = new Map<string, SessionRecord[]>();
  for (const r of profiled) {
    const group = groups.get(r.profile!);
    if (group) group.push(r);
    else groups.set(r.profile!, [r]);
  }
  const out: BehavioralInsight[] = [];
  for (const profile of [...groups.keys()].sort()) {
    const group = groups.get(profile)!;
    if (group.length < T.minGroup) continue;
    for (const insight of [readyNotConverted(profile, group), conversionGap(profile, profiled)])
      if (insight) out.push(insight);
  }
  return out;
}
