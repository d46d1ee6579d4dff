/**
 * A ground-truth world for judging attribution models: visitors meet the site's traffic sources over a
 * window of days, every visit adds a known amount to the visitor's conversion hazard, and each channel's true
 * incremental contribution is measured by simulating the same world again without it.
 *
 * Per visitor: a baseline propensity (log-normal around 1) scales a baseline conversion hazard; a
 * prospecting channel (search, social, newsletter, referral) reaches the visitor with probability `reach`
 * (times propensity^intentBias, for channels that target intent) and then brings visits as a Poisson process
 * of `frequency` visits a week; a follow-up channel (retargeting, returns typed in directly) brings on
 * average `frequency` visits after each prospecting visit, a mean `followUpLagDays` later. A visit of a
 * channel adds hazard effect·e^(−age/τ)/τ, so `effect` is the cumulative hazard (≈ the conversion
 * probability, for small values) one visit adds over its life. The visitor converts when the cumulative
 * hazard first reaches an Exp(1) threshold drawn once: the inverse-transform coupling, so removing a
 * channel can only delay or prevent a conversion, never cause one.
 *
 * Streams: every draw comes from a stream derived from (world seed, visitor, channel) or, for a follow-up,
 * from (seed, visitor, follow-up channel, the visit that triggered it). Removing channel c skips its draws
 * and, when c prospects, the follow-ups its visits trigger; every other draw is unchanged. So the true
 * contribution of c is conversions(world) − conversions(world without c), visitor by visitor. A channel's
 * contribution is its total effect: a prospecting visit also counts through the retargeting it triggers.
 * `countWorldConversions` re-simulates a world without a channel from its streams; `simulateAttributionWorld`
 * gets the same counts faster by dropping the channel's visits (and their follow-ups) from each visitor.
 */
import type { TrafficSource } from './landing.js';
import { createRng, deriveSeed, type Rng } from './random.js';

/** One channel of the world: a traffic source, or one campaign of a paid source. */
export type WorldChannel = {
  /** The channel key on observed paths: the source, or `source:campaign` for paid sources. */
  key: string;
  source: TrafficSource;
  /** The share of visitors in the channel's audience. */
  reach: number;
  /** Prospecting: visits a week of a visitor in the audience. Follow-up: mean visits after each prospecting visit. */
  frequency: number;
  /** Cumulative conversion hazard one visit adds over its life (0: the channel does nothing). */
  effect: number;
  /** Brings visitors back only after a prospecting visit (retargeting, direct returns). */
  followUp?: boolean;
  /** Audience chosen by intent: reach × propensity^intentBias, capped at 1 (0, the default: at random). */
  intentBias?: number;
};

/** A world: its visitors, window and channels. */
export type AttributionWorldConfig = {
  name: string;
  /** What the configuration is meant to show. */
  description: string;
  seed: number;
  visitors: number;
  days: number;
  /** Baseline conversion probability over the window of the median visitor (no visit needed). */
  baselineProbability: number;
  /** Sigma of the log of the propensity (0.8 ≈ a factor 2.2 either way). */
  propensitySpread: number;
  /** Mean life τ of a visit's effect on the hazard, in days. */
  effectDays: number;
  followUpLagDays: number;
  /** Median order value (log-normal, sigma 0.4). */
  orderValue: number;
  channels: WorldChannel[];
};

/** One visitor as the site's tracking would see it: touches before converting (ms epoch), conversion, value. */
export type WorldPath = {
  touches: { channel: string; at: number }[];
  converted: boolean;
  convertedAt?: number;
  value?: number;
};

/** A channel's truth: conversions lost without it, and how often it touched anyone and converters. */
export type ChannelTruth = {
  channel: string;
  effect: number;
  /** conversions(world) − conversions(world without the channel). */
  contribution: number;
  visits: number;
  /** Converted visitors with at least one of its visits before converting. */
  convertersTouched: number;
};

export type AttributionWorld = {
  config: AttributionWorldConfig;
  /** Visitors with at least one touch (visits after a conversion are not part of its path). */
  paths: WorldPath[];
  conversions: number;
  /** Conversions of visitors with no visit before converting (baseline only): no model can credit them. */
  unattributableConversions: number;
  truth: ChannelTruth[];
};

/** Midnight UTC, 1 March 2025: day 0 of every world, so the same seed gives the same timestamps. */
const WORLD_START_MS = Date.UTC(2025, 2, 1);
const DAY_MS = 86_400_000;
const FOLLOW_UP_STREAM = 1_000;

/** A visit: its channel, its day, and the prospecting channel whose visit triggered it (follow-ups). */
type Visit = { channel: number; day: number; trigger: number | null };
type VisitorOutcome = {
  visits: Visit[];
  baselineHazard: number;
  threshold: number;
  convertedDay: number | null;
  value: number;
};

const exponential = (rng: Rng, mean: number) => -Math.log(1 - rng.next()) * mean;

/** Simulates one visitor, without channel `removed` (an index into config.channels) when given. */
function simulateVisitor(config: AttributionWorldConfig, visitor: number, removed: number | null): VisitorOutcome {
  const seed = deriveSeed(config.seed, visitor);
  const core = createRng(deriveSeed(seed, 0));
  const propensity = core.logNormal(1, config.propensitySpread);
  const threshold = exponential(core, 1);
  const value = Math.round(core.logNormal(config.orderValue, 0.4) * 100) / 100;
  const baselineHazard = (-Math.log(1 - config.baselineProbability) * propensity) / config.days;

  const audience = (rng: Rng, channel: WorldChannel) =>
    rng.chance(Math.min(1, channel.reach * propensity ** (channel.intentBias ?? 0)));
  const visits: Visit[] = [];
  const prospecting: Visit[] = [];
  config.channels.forEach((channel, i) => {
    if (channel.followUp || i === removed) return;
    const rng = createRng(deriveSeed(seed, 1 + i));
    if (!audience(rng, channel)) return;
    const count = rng.poisson((channel.frequency * config.days) / 7);
    for (let k = 0; k < count; k++) prospecting.push({ channel: i, day: rng.uniform(0, config.days), trigger: null });
  });
  visits.push(...prospecting);
  config.channels.forEach((channel, j) => {
    if (!channel.followUp || j === removed) return;
    if (!audience(createRng(deriveSeed(seed, 1 + j)), channel)) return;
    const stream = deriveSeed(seed, FOLLOW_UP_STREAM + j);
    // Keyed by the triggering visit (its channel and its index among that channel's visits), so removing
    // another channel's visits leaves this visit's follow-ups as they were.
    const seen = new Map<number, number>();
    for (const trigger of prospecting) {
      const k = seen.get(trigger.channel) ?? 0;
      seen.set(trigger.channel, k + 1);
      const rng = createRng(deriveSeed(stream, trigger.channel * 100_000 + k));
      const count = rng.poisson(channel.frequency);
      for (let m = 0; m < count; m++) {
        const day = trigger.day + exponential(rng, config.followUpLagDays);
        if (day < config.days) visits.push({ channel: j, day, trigger: trigger.channel });
      }
    }
  });
  visits.sort((a, b) => a.day - b.day || a.channel - b.channel);

  return {
    visits,
    baselineHazard,
    threshold,
    convertedDay: conversionDay(config, visits, baselineHazard, threshold),
    value,
  };
}

/**
 * The conversion day of a simulated visitor had channel `removed` not existed: its visits and the follow-ups
 * they triggered dropped, every other draw kept. It equals re-simulating the visitor without the channel
 * (the streams are per channel and per triggering visit; a test checks it), at a fraction of the cost.
 */
function conversionDayWithout(config: AttributionWorldConfig, outcome: VisitorOutcome, removed: number) {
  const kept = outcome.visits.filter((v) => v.channel !== removed && v.trigger !== removed);
  return conversionDay(config, kept, outcome.baselineHazard, outcome.threshold);
}

/**
 * When the cumulative hazard first reaches the threshold, or null within the window. Between two visits
 * H(t) = b·t + E − A·e^(−(t − a)/τ), with E the effects of the visits so far, a the last visit's time and A
 * their not yet realised part at a; so each interval is checked in O(1) and the crossing found by bisection.
 */
function conversionDay(config: AttributionWorldConfig, visits: Visit[], baseline: number, threshold: number) {
  const tau = config.effectDays;
  let realisable = 0;
  let pending = 0;
  let anchor = 0;
  let from = 0;
  for (let k = 0; k <= visits.length; k++) {
    const to = k < visits.length ? visits[k]!.day : config.days;
    const hazard = (t: number) => baseline * t + realisable - pending * Math.exp(-(t - anchor) / tau);
    if (hazard(to) >= threshold) {
      let lo = from;
      let hi = to;
      for (let i = 0; i < 50; i++) {
        const mid = (lo + hi) / 2;
        if (hazard(mid) >= threshold) hi = mid;
        else lo = mid;
      }
      return hi;
    }
    if (k === visits.length) break;
    const effect = config.channels[visits[k]!.channel]!.effect;
    pending = pending * Math.exp(-(to - anchor) / tau) + effect;
    realisable += effect;
    anchor = to;
    from = to;
  }
  return null;
}

/** Conversions of the world, or of the same world (same seeds, same draws) without one channel. */
export function countWorldConversions(config: AttributionWorldConfig, withoutChannel?: string): number {
  const removed = withoutChannel === undefined ? null : config.channels.findIndex((c) => c.key === withoutChannel);
  if (removed === -1) throw new Error(`no channel ${withoutChannel} in world ${config.name}`);
  let conversions = 0;
  for (let v = 0; v < config.visitors; v++)
    if (simulateVisitor(config, v, removed).convertedDay !== null) conversions++;
  return conversions;
}

/**
 * Simulates a world: the observed paths (visitors with a touch; touches before the conversion), the
 * conversions, and per channel the true contribution: the conversions lost in the same world without it.
 */
export function simulateAttributionWorld(config: AttributionWorldConfig): AttributionWorld {
  const paths: WorldPath[] = [];
  const visits = new Array<number>(config.channels.length).fill(0);
  const touched = new Array<number>(config.channels.length).fill(0);
  let conversions = 0;
  let unattributableConversions = 0;
  const conversionsWithout = new Array<number>(config.channels.length).fill(0);
  for (let v = 0; v < config.visitors; v++) {
    const outcome = simulateVisitor(config, v, null);
    for (let c = 0; c < config.channels.length; c++) {
      // Removing a channel can only delay or prevent a conversion, so non-converters need no second look.
      if (outcome.convertedDay !== null && conversionDayWithout(config, outcome, c) !== null) conversionsWithout[c]!++;
    }
    const end = outcome.convertedDay ?? config.days;
    const before = outcome.visits.filter((visit) => visit.day < end);
    for (const visit of before) visits[visit.channel]!++;
    if (outcome.convertedDay !== null) {
      conversions++;
      if (before.length === 0) unattributableConversions++;
      for (const channel of new Set(before.map((visit) => visit.channel))) touched[channel]!++;
    }
    if (before.length === 0) continue;
    const touches = before.map((visit) => ({
      channel: config.channels[visit.channel]!.key,
      at: WORLD_START_MS + Math.floor(visit.day * DAY_MS),
    }));
    paths.push(
      outcome.convertedDay === null
        ? { touches, converted: false }
        : {
            touches,
            converted: true,
            convertedAt: WORLD_START_MS + Math.floor(outcome.convertedDay * DAY_MS),
            value: outcome.value,
          },
    );
  }
  const truth = config.channels.map((channel, i) => ({
    channel: channel.key,
    effect: channel.effect,
    contribution: conversions - conversionsWithout[i]!,
    visits: visits[i]!,
    convertersTouched: touched[i]!,
  }));
  return { config, paths, conversions, unattributableConversions, truth };
}
