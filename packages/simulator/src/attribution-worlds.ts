import type { AttributionWorldConfig, WorldChannel } from './attribution-world.js';
import type { TrafficSource } from './landing.js';

/** `source` for unpaid sources, `source:campaign` for a campaign of google-cpc or facebook-paid. */
export const worldChannelKey = (source: TrafficSource, campaign?: string) =>
  campaign === undefined ? source : `${source}:${campaign}`;

type Knobs = Pick<WorldChannel, 'reach' | 'frequency' | 'effect' | 'followUp' | 'intentBias'>;

/**
 * The trail shop's channels (packages/simulator/src/sites/trail-shop.ts: its google-cpc and facebook-paid
 * campaigns, which the Meta and Google sandboxes' accounts carry too), with one world's knobs each.
 */
const trailShopChannels = (knobs: {
  organic: Knobs;
  brandSearch: Knobs;
  shoesSearch: Knobs;
  coachSearch: Knobs;
  springSale: Knobs;
  coachVideo: Knobs;
  retargeting: Knobs;
  newsletter: Knobs;
  referral: Knobs;
  direct: Knobs;
}): WorldChannel[] => [
  { key: worldChannelKey('google-organic'), source: 'google-organic', ...knobs.organic },
  { key: worldChannelKey('google-cpc', 'brand-search'), source: 'google-cpc', ...knobs.brandSearch },
  { key: worldChannelKey('google-cpc', 'trail-shoes-generic'), source: 'google-cpc', ...knobs.shoesSearch },
  { key: worldChannelKey('google-cpc', 'trail-coach-trial'), source: 'google-cpc', ...knobs.coachSearch },
  { key: worldChannelKey('facebook-paid', 'spring-sale'), source: 'facebook-paid', ...knobs.springSale },
  { key: worldChannelKey('facebook-paid', 'trail-coach-video'), source: 'facebook-paid', ...knobs.coachVideo },
  { key: worldChannelKey('facebook-paid', 'retargeting-cart'), source: 'facebook-paid', ...knobs.retargeting },
  { key: worldChannelKey('newsletter'), source: 'newsletter', ...knobs.newsletter },
  { key: worldChannelKey('referral-blog'), source: 'referral-blog', ...knobs.referral },
  { key: worldChannelKey('direct'), source: 'direct', ...knobs.direct },
];

const SHARED = { visitors: 30_000, days: 28, propensitySpread: 0.8, effectDays: 3, followUpLagDays: 2, orderValue: 80 };

/**
 * The evaluation's worlds, written down before any model was run on them; none was used to choose a model's
 * default (half-life, position weights, Shapley shrinkage). Each has a channel that does nothing but touches
 * many converters: direct returns follow other visits, so they sit late on converting paths.
 */
export const ATTRIBUTION_WORLDS: readonly AttributionWorldConfig[] = [
  {
    name: 'search-led',
    description:
      'search and retargeting work; high-reach organic and the spring sale add little per visit (much of what they bring comes through the retargeting their visits trigger); the coach-trial search and the newsletter reach few but convert; direct does nothing',
    seed: 101,
    ...SHARED,
    baselineProbability: 0.01,
    channels: trailShopChannels({
      organic: { reach: 0.5, frequency: 0.6, effect: 0.004 },
      brandSearch: { reach: 0.15, frequency: 0.5, effect: 0.01 },
      shoesSearch: { reach: 0.25, frequency: 0.5, effect: 0.03 },
      coachSearch: { reach: 0.06, frequency: 0.5, effect: 0.12 },
      springSale: { reach: 0.4, frequency: 1, effect: 0.003 },
      coachVideo: { reach: 0.2, frequency: 0.7, effect: 0.02 },
      retargeting: { reach: 0.7, frequency: 0.4, effect: 0.04, followUp: true },
      newsletter: { reach: 0.08, frequency: 1, effect: 0.06 },
      referral: { reach: 0.1, frequency: 0.3, effect: 0.05 },
      direct: { reach: 0.9, frequency: 0.7, effect: 0, followUp: true },
    }),
  },
  {
    name: 'social-led',
    description:
      'paid social prospecting works, retargeting is frequent but not incremental, a rare blog referral converts strongly; direct does nothing',
    seed: 202,
    ...SHARED,
    baselineProbability: 0.015,
    channels: trailShopChannels({
      organic: { reach: 0.4, frequency: 0.5, effect: 0.01 },
      brandSearch: { reach: 0.2, frequency: 0.6, effect: 0.005 },
      shoesSearch: { reach: 0.15, frequency: 0.4, effect: 0.01 },
      coachSearch: { reach: 0.05, frequency: 0.4, effect: 0.02 },
      springSale: { reach: 0.3, frequency: 0.8, effect: 0.03 },
      coachVideo: { reach: 0.35, frequency: 1, effect: 0.05 },
      retargeting: { reach: 0.8, frequency: 0.8, effect: 0, followUp: true },
      newsletter: { reach: 0.1, frequency: 1.2, effect: 0.02 },
      referral: { reach: 0.05, frequency: 0.3, effect: 0.1 },
      direct: { reach: 0.9, frequency: 0.5, effect: 0, followUp: true },
    }),
  },
  {
    name: 'intent-targeted',
    description:
      'brand search and the newsletter reach visitors already likely to buy (audiences chosen by intent) and add little; a high-reach blog referral has no effect of its own (only through the retargeting it triggers); organic and the video work; direct does nothing',
    seed: 303,
    ...SHARED,
    baselineProbability: 0.03,
    channels: trailShopChannels({
      organic: { reach: 0.45, frequency: 0.6, effect: 0.02 },
      brandSearch: { reach: 0.15, frequency: 0.8, effect: 0.002, intentBias: 1.5 },
      shoesSearch: { reach: 0.2, frequency: 0.5, effect: 0.025 },
      coachSearch: { reach: 0.08, frequency: 0.5, effect: 0.06 },
      springSale: { reach: 0.35, frequency: 0.9, effect: 0.008 },
      coachVideo: { reach: 0.25, frequency: 0.8, effect: 0.04 },
      retargeting: { reach: 0.6, frequency: 0.5, effect: 0.02, followUp: true },
      newsletter: { reach: 0.12, frequency: 1, effect: 0.01, intentBias: 1 },
      referral: { reach: 0.35, frequency: 0.5, effect: 0 },
      direct: { reach: 0.9, frequency: 0.6, effect: 0, followUp: true },
    }),
  },
];
