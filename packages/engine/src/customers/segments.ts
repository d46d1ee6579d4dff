import {
  BEHAVIORAL_TRAITS,
  type BehavioralTraits,
  type CustomerSource,
  type EngagementLevel,
  type JourneyStage,
  NEUROMIND_PROFILES,
  type NeuromindProfile,
  type ProfileSegment,
  round,
  type SegmentRules,
  TRAIT_LABELS,
} from '@ri/contracts';
import { DAY_MS } from './facts.js';

/**
 * Segments over built customer rows (docs/customers.md, "Segments").
 *
 * - A saved segment's rules all must hold. A bound on a field the customer does not have (null readiness,
 *   churn risk, lifetime value or profile) never matches: we do not know they are in range. Bounds are
 *   inclusive. Empty lists set no condition. Acquisition sources compare trimmed and case-insensitively.
 * - The spec's four suggestions are rules, so a suggestion is counted, listed and saved like any segment.
 * - Profile segments: one per profile with a customer, in the spec's order; their characteristics are measured
 *   against the whole base, and their actions come from PROFILE_ACTIONS plus two data-driven rules (see below).
 */

export type CustomerRow = {
  id: string;
  profile: NeuromindProfile | null;
  readiness: number | null;
  churnRisk: number | null;
  lifetimeValue: number | null;
  journeyStage: JourneyStage;
  engagementLevel: EngagementLevel;
  acquisitionSource: string;
  sources: CustomerSource[];
  /** ms since the epoch. */
  lastActivity: number;
  orders: number;
  traits: BehavioralTraits;
};

const within = (v: number | null, min: number | undefined, max: number | undefined): boolean => {
  if (min === undefined && max === undefined) return true;
  if (v === null || !Number.isFinite(v)) return false;
  return (min === undefined || v >= min) && (max === undefined || v <= max);
};
const listed = <T>(v: T | null, list: readonly T[] | undefined): boolean =>
  list === undefined || list.length === 0 || (v !== null && list.includes(v));

/** Whether the customer meets every rule given (null fields never meet a bound on them). */
export function matchesRules(c: CustomerRow, rules: SegmentRules, now: number): boolean {
  if (!listed(c.profile, rules.profile_types)) return false;
  if (!within(c.readiness, rules.min_readiness, rules.max_readiness)) return false;
  if (!within(c.churnRisk, rules.min_churn_risk, rules.max_churn_risk)) return false;
  if (!within(c.lifetimeValue, rules.min_lifetime_value, rules.max_lifetime_value)) return false;
  if (!listed(c.journeyStage, rules.journey_stages)) return false;
  if (!listed(c.engagementLevel, rules.engagement_levels)) return false;
  if (rules.acquisition_sources !== undefined && rules.acquisition_sources.length > 0) {
    const mine = c.acquisitionSource.trim().toLowerCase();
    if (!rules.acquisition_sources.some((s) => s.trim().toLowerCase() === mine)) return false;
  }
  if (rules.has_source !== undefined && !c.sources.includes(rules.has_source)) return false;
  const idle = now - c.lastActivity;
  if (rules.active_within_days !== undefined && idle > rules.active_within_days * DAY_MS) return false;
  if (rules.inactive_for_days !== undefined && idle < rules.inactive_for_days * DAY_MS) return false;
  return true;
}

/** The spec's four segment suggestions (section 5), as rules. Bounds are inclusive, so exactly 1000 counts. */
export const SEGMENT_SUGGESTIONS: { key: string; name: string; description: string; rules: SegmentRules }[] = [
  {
    key: 'high_value_fast_movers',
    name: 'High-Value Fast-Movers',
    description: 'Fast-Mover customers with a lifetime value of 1000 or more.',
    rules: { profile_types: ['Fast-Mover'], min_lifetime_value: 1000 },
  },
  {
    key: 'high_value_at_risk',
    name: 'High-Value at Risk',
    description: 'Customers with a lifetime value of 1000 or more and a churn risk of 70% or more.',
    rules: { min_lifetime_value: 1000, min_churn_risk: 0.7 },
  },
  {
    key: 'ready_to_convert',
    name: 'Ready to Convert',
    description: 'Customers with readiness 80 or more who are not in the retention stage.',
    rules: { min_readiness: 80, journey_stages: ['awareness', 'consideration', 'decision', 'advocacy'] },
  },
  {
    key: 'engaged_evidence_seekers',
    name: 'Engaged Evidence Seekers',
    description: 'Proof-Driven or Skeptic customers with high engagement.',
    rules: { profile_types: ['Proof-Driven', 'Skeptic'], engagement_levels: ['high'] },
  },
];

/** What to do for each profile, before the data-driven actions. */
export const PROFILE_ACTIONS: Record<NeuromindProfile, string[]> = {
  'Fast-Mover': [
    'Shorten the path to checkout: one clear call to action',
    'Use time-limited offers with real deadlines',
  ],
  'Proof-Driven': ['Lead with reviews, case studies and figures', 'Send customer results after each visit'],
  Reassurer: ['Make guarantees, refunds and support visible', 'Offer a low-risk first step (trial, sample)'],
  Skeptic: ['Show independent reviews and verifiable claims', 'Answer objections openly in FAQ content'],
  Optimizer: ['Offer side-by-side comparisons and plan calculators', 'Make pricing and value per unit explicit'],
  'Authority-Seeker': ['Show expert endorsements and credentials', 'Share in-depth guides from recognised experts'],
  'Experience-First': ['Offer demos, trials and rich media', 'Invite them to try the product hands-on'],
};

const HIGH_CHURN = 0.7;
const HIGH_READINESS = 80;
/** A data-driven retention action when at least this share of the segment's known churn risks is high. */
const CHURN_ACTION_SHARE = 0.25;

const mean = (values: (number | null)[]): { value: number | null; n: number } => {
  const known = values.filter((v): v is number => v !== null && Number.isFinite(v));
  return { value: known.length ? known.reduce((a, b) => a + b, 0) / known.length : null, n: known.length };
};
const pct = (x: number): number => Math.round(x * 100);
const slug = (p: string): string => p.toLowerCase().replace(/[^a-z]+/g, '-');

/** One segment per profile that has a customer, with measured characteristics and recommended actions. */
export function profileSegments(rows: readonly CustomerRow[]): ProfileSegment[] {
  const base = {
    bought: rows.length ? rows.filter((r) => r.orders > 0).length / rows.length : 0,
    readiness: mean(rows.map((r) => r.readiness)).value,
    traits: Object.fromEntries(BEHAVIORAL_TRAITS.map((t) => [t, mean(rows.map((r) => r.traits[t])).value])),
  };
  const out: ProfileSegment[] = [];
  for (const profile of NEUROMIND_PROFILES) {
    const members = rows.filter((r) => r.profile === profile);
    if (members.length === 0) continue;
    const readiness = mean(members.map((r) => r.readiness)).value;
    const ltv = mean(members.map((r) => r.lifetimeValue)).value;
    const buyers = members.filter((r) => r.orders > 0).length;
    const conversion = buyers / members.length;

    const characteristics: string[] = [`${pct(conversion)}% bought (business ${pct(base.bought)}%)`];
    if (readiness !== null && base.readiness !== null) {
      characteristics.push(`Average readiness ${round(readiness, 0)} (business ${round(base.readiness, 0)})`);
    }
    const traitLines = BEHAVIORAL_TRAITS.flatMap((t) => {
      const m = mean(members.map((r) => r.traits[t])).value;
      const b = base.traits[t] ?? null;
      if (m === null || b === null) return [];
      return [
        {
          diff: Math.abs(m - b),
          text: `Average ${TRAIT_LABELS[t].toLowerCase()} ${m.toFixed(2)} (business ${b.toFixed(2)})`,
        },
      ];
    })
      .sort((x, y) => y.diff - x.diff)
      .slice(0, 3)
      .map((x) => x.text);
    characteristics.push(...traitLines);
    const stages = new Map<string, number>();
    for (const r of members) stages.set(r.journeyStage, (stages.get(r.journeyStage) ?? 0) + 1);
    const [topStage, topCount] = [...stages.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0] as [
      string,
      number,
    ];
    characteristics.push(`Most common stage: ${topStage} (${pct(topCount / members.length)}%)`);

    const actions = [...PROFILE_ACTIONS[profile]];
    const churnKnown = members.filter((r) => r.churnRisk !== null);
    const highChurn = churnKnown.filter((r) => (r.churnRisk as number) >= HIGH_CHURN).length;
    if (highChurn > 0 && highChurn / churnKnown.length >= CHURN_ACTION_SHARE) {
      actions.push(`Run a retention campaign: ${highChurn} of ${churnKnown.length} have churn risk 0.7 or more`);
    }
    const ready = members.filter((r) => r.orders === 0 && r.readiness !== null && r.readiness >= HIGH_READINESS).length;
    if (ready > 0) {
      const who =
        ready === 1 ? '1 customer with readiness 80 or more has' : `${ready} customers with readiness 80 or more have`;
      actions.push(`Push conversion: ${who} not bought`);
    }

    out.push({
      id: `profile-${slug(profile)}`,
      name: profile,
      profile_type: profile,
      user_count: members.length,
      avg_readiness_score: readiness === null ? null : round(readiness, 1),
      conversion_rate: round(conversion, 4),
      avg_lifetime_value: ltv === null ? null : round(ltv),
      characteristics,
      recommended_actions: actions,
    });
  }
  return out;
}
