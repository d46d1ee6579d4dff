import {
  type BehavioralTrait,
  type EngagementRecommendation,
  type NeuromindProfile,
  round,
  TRAIT_LABELS,
} from '@ri/contracts';
import type { CustomerRow } from './segments.js';

/**
 * Engagement recommendations for one customer (docs/customers.md, "Engagement recommendations"), in this order:
 *
 * 1. readiness ≥ 80 → a conversion push ('conversion'), the spec's rule;
 * 2. churn risk > 0.7 → a retention campaign ('retention'), the spec's rule;
 * 3. the profile's own (PROFILE_RECOMMENDATIONS: Fast-Mover → urgency, Proof-Driven → social_proof, Reassurer →
 *    trust_building, Skeptic → social_proof and trust_building, Optimizer → comparison, Authority-Seeker →
 *    authority, Experience-First → experiential);
 * 4. one 'personalized' recommendation from the customer's most pronounced measured trait, when one is 0.7 or
 *    more (or, for decision speed and risk tolerance, 0.3 or less).
 *
 * `expected_impact` states only the customer's own figures the recommendation rests on (no invented
 * percentages); `because` says which rule offered it.
 */

export type RecommendationCustomer = CustomerRow & { conversionProbability: number | null; orders: number };

const HIGH_READINESS = 80;
const HIGH_CHURN = 0.7;
const STRONG = 0.7;
const WEAK = 0.3;

type Template = Omit<EngagementRecommendation, 'expected_impact' | 'because'>;

export const PROFILE_RECOMMENDATIONS: Record<NeuromindProfile, Template[]> = {
  'Fast-Mover': [
    {
      type: 'urgency',
      title: 'Time-limited offer',
      description: 'Fast-Movers decide quickly: give them a clear offer with a real deadline and one step to buy.',
      implementation_steps: [
        'Pick an offer with a genuine end date',
        'Send it with a direct checkout link',
        'Follow up once before it ends',
      ],
    },
  ],
  'Proof-Driven': [
    {
      type: 'social_proof',
      title: 'Evidence pack',
      description:
        'Proof-Driven customers need evidence: send reviews, case studies and results from similar customers.',
      implementation_steps: [
        'Choose 2-3 case studies close to their use',
        'Add review highlights with ratings',
        'Send them with a link back to the product',
      ],
    },
  ],
  Reassurer: [
    {
      type: 'trust_building',
      title: 'Reassurance message',
      description: 'Reassurers look for low risk: make the guarantee, refund terms and support explicit.',
      implementation_steps: [
        'State the guarantee and refund terms plainly',
        'Offer a direct contact person',
        'Suggest a low-risk first step',
      ],
    },
  ],
  Skeptic: [
    {
      type: 'social_proof',
      title: 'Independent proof',
      description: 'Skeptics question claims: point them to independent reviews and verifiable results.',
      implementation_steps: ['Link third-party reviews', 'Back each claim with a source', 'Invite their questions'],
    },
    {
      type: 'trust_building',
      title: 'Answer objections openly',
      description: 'Address the usual objections head-on, including what the product does not do.',
      implementation_steps: [
        'List the top objections from sales or support',
        'Answer them in one message or FAQ page',
        'Offer a call',
      ],
    },
  ],
  Optimizer: [
    {
      type: 'comparison',
      title: 'Side-by-side comparison',
      description:
        'Optimizers weigh options: give them a fair comparison of plans or alternatives and the value per unit.',
      implementation_steps: [
        'Build a plan comparison table',
        'Show the price per unit or per month',
        'Send it with the plan that fits their usage',
      ],
    },
  ],
  'Authority-Seeker': [
    {
      type: 'authority',
      title: 'Expert endorsement',
      description: 'Authority-Seekers trust experts: share endorsements, credentials and in-depth guides.',
      implementation_steps: [
        'Select expert quotes or certifications',
        'Share an in-depth guide',
        'Offer a session with a specialist',
      ],
    },
  ],
  'Experience-First': [
    {
      type: 'experiential',
      title: 'Hands-on invitation',
      description: 'Experience-First customers want to try: invite them to a demo, trial or sample.',
      implementation_steps: ['Offer a demo or trial slot', 'Send a short product video', 'Follow up after they try it'],
    },
  ],
};

type TraitPlan = { when: 'high' | 'low'; title: string; description: string; steps: string[] };
const TRAIT_PLANS: Partial<Record<BehavioralTrait, TraitPlan[]>> = {
  price_sensitivity: [
    {
      when: 'high',
      title: 'Lead with value and price clarity',
      description:
        'Show what each plan includes and what it costs per use; mention any bundle or annual saving that really exists.',
      steps: ['Send a value summary with exact prices', 'Highlight the plan that fits their usage'],
    },
  ],
  social_proof_influence: [
    {
      when: 'high',
      title: 'Lead with reviews',
      description: 'Put reviews and ratings from similar customers first in every message.',
      steps: ['Add review highlights to the next message', 'Link the reviews page'],
    },
  ],
  authority_seeking: [
    {
      when: 'high',
      title: 'Lead with expert content',
      description: 'Send in-depth guides and expert material before any offer.',
      steps: ['Pick a guide matching their interests', 'Follow with the offer a few days later'],
    },
  ],
  decision_speed: [
    {
      when: 'high',
      title: 'Shortest path to buy',
      description: 'They decide fast: send one message with a direct link to checkout.',
      steps: ['Send a direct checkout link', 'Keep the message short'],
    },
    {
      when: 'low',
      title: 'Patient nurture sequence',
      description: 'They take their time: send a paced sequence rather than one push.',
      steps: ['Plan 3-4 messages over two weeks', 'Answer one question per message'],
    },
  ],
  risk_tolerance: [
    {
      when: 'low',
      title: 'Remove the risk',
      description: 'They look for reassurance: lead with guarantees, trials and refund terms.',
      steps: ['State the guarantee first', 'Offer a trial or a money-back period'],
    },
  ],
};

const two = (v: number): string => round(v).toFixed(2);

/** The recommendations for this customer, by the rules in this file's header. */
export function engagementRecommendations(c: RecommendationCustomer, _now: number): EngagementRecommendation[] {
  const out: EngagementRecommendation[] = [];
  const figures = ownFigures(c);
  if (c.readiness !== null && c.readiness >= HIGH_READINESS) {
    const readiness = round(c.readiness, 0);
    out.push({
      type: 'conversion',
      title: 'Conversion push',
      description: 'This customer is showing strong buying intent: make a direct offer now, while the intent lasts.',
      expected_impact:
        c.conversionProbability === null
          ? `Rests on readiness ${readiness} from their latest sessions.`
          : `Rests on readiness ${readiness} and a conversion probability of ${two(c.conversionProbability)} from their latest sessions.`,
      implementation_steps: [
        'Send a personal offer with a direct checkout link',
        'Follow up within 48 hours',
        'Record whether they bought',
      ],
      because: `Readiness ${readiness} is 80 or more.`,
    });
  }
  if (c.churnRisk !== null && c.churnRisk > HIGH_CHURN) {
    out.push({
      type: 'retention',
      title: 'Retention campaign',
      description: 'This customer is likely to stop buying: reach out before they lapse.',
      expected_impact:
        c.lifetimeValue === null
          ? `Rests on a churn risk of ${two(c.churnRisk)} after ${c.orders} orders.`
          : `Rests on a churn risk of ${two(c.churnRisk)}; their lifetime value of ${round(c.lifetimeValue).toLocaleString('en-US')} is what keeping them protects.`,
      implementation_steps: [
        'Send a personal check-in',
        'Offer something relevant to what they bought',
        'Flag them for the account owner',
      ],
      because: `Churn risk ${two(c.churnRisk)} is above 0.7.`,
    });
  }
  if (c.profile !== null) {
    for (const t of PROFILE_RECOMMENDATIONS[c.profile]) {
      out.push({
        ...t,
        implementation_steps: [...t.implementation_steps],
        expected_impact: `Rests on their ${c.profile} profile, from their sessions${figures}.`,
        because: `Their sessions show the ${c.profile} profile.`,
      });
    }
  }
  const personal = personalized(c);
  if (personal) out.push(personal);
  return out;
}

function ownFigures(c: RecommendationCustomer): string {
  const parts: string[] = [];
  if (c.readiness !== null) parts.push(`readiness ${round(c.readiness, 0)}`);
  parts.push(`${c.orders} ${c.orders === 1 ? 'order' : 'orders'}`);
  return parts.length ? `; ${parts.join(', ')}` : '';
}

function personalized(c: RecommendationCustomer): EngagementRecommendation | null {
  let best: { trait: BehavioralTrait; value: number; plan: TraitPlan; strength: number } | null = null;
  for (const [trait, plans] of Object.entries(TRAIT_PLANS) as [BehavioralTrait, TraitPlan[]][]) {
    const v = c.traits[trait];
    if (v === null) continue;
    for (const plan of plans) {
      const applies = plan.when === 'high' ? v >= STRONG : v <= WEAK;
      const strength = Math.abs(v - 0.5);
      if (applies && (best === null || strength > best.strength)) best = { trait, value: v, plan, strength };
    }
  }
  if (best === null) return null;
  const label = TRAIT_LABELS[best.trait].toLowerCase();
  return {
    type: 'personalized',
    title: best.plan.title,
    description: best.plan.description,
    expected_impact: `Rests on their measured ${label} of ${two(best.value)} (0-1), measured from their sessions.`,
    implementation_steps: [...best.plan.steps],
    because: `Their ${label} is ${two(best.value)}, ${best.plan.when === 'high' ? '0.7 or more' : '0.3 or less'}.`,
  };
}
