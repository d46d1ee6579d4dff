import {
  type AdPlatformFilter,
  ATTRIBUTION_MODEL_NAMES,
  type AttributionMapping,
  type AttributionMappingRow,
  type AttributionModelName,
  type Reasons,
} from '@ri/contracts';
import {
  type AttributionPath,
  attribute,
  type ChannelCredit,
  dataSufficiency,
  prepareAttributionPaths,
  ruleBasedCredit,
} from '@ri/engine';
import { formatNumber, windowsOf } from './ads.figures.js';
import { type AdsContext, SOURCE_LABELS } from './ads.service.js';
import { campaignSessions, campaignsForMapping, convertingPaths, nonConvertingPatterns } from './attribution.repo.js';
import { ensureFresh } from './freshness.js';
import { readRefreshState } from './refresh.js';

// What each attribution model credits each campaign and unpaid channel (decision 0026). Paths are built from the
// rollups: each conversion with its visitor's touches in the lookback, and the window's other visitors as
// patterns with counts (Markov and Shapley learn from them). Results are cached per business and query, and
// recomputed when the rollups' version moves on.

/** Markov and Shapley see at most this many channels; the campaigns with the fewest touches are pooled per platform. */
export const MAX_MODEL_CHANNELS = 200;
/**
 * A cached answer from older rollups is served for this long after it was computed, while it is recomputed behind
 * it: on a busy site the rollups move on every minute, and the comparison of models over weeks of paths barely does.
 */
const STALE_SERVE_MS = 10 * 60_000;
const CACHE_ENTRIES = 200;

const round2 = (v: number) => Math.round(v * 100) / 100;
const isCampaign = (channel: string) => /^(facebook|google)_/.test(channel);
const RULE_BASED = ['last_click', 'first_click', 'linear', 'time_decay', 'position_based'] as const;

type Query = { days: number; platform: AdPlatformFilter; lookback_days: number; half_life_days: number };
type Cached = { version: number; at: number; value: Promise<AttributionMapping> };

/** Pools the campaigns beyond the `max` channels with the most touches into one channel per platform. */
function poolOf(touches: Map<string, number>, max: number): Map<string, string> {
  const pool = new Map<string, string>();
  if (touches.size <= max) return pool;
  const unpaid = [...touches.keys()].filter((c) => !isCampaign(c));
  const campaigns = [...touches.keys()]
    .filter(isCampaign)
    .sort((a, b) => touches.get(b)! - touches.get(a)! || (a < b ? -1 : 1));
  const keep = Math.max(0, max - unpaid.length - 2);
  for (const c of campaigns.slice(keep)) pool.set(c, `pool:${c.slice(0, c.indexOf('_'))}`);
  return pool;
}

/** Shares a pooled channel's credit among its members by their touches on converting paths (else all touches). */
function unpool(
  credits: Map<string, ChannelCredit>,
  pool: Map<string, string>,
  converting: Map<string, number>,
  touches: Map<string, number>,
): Map<string, ChannelCredit> {
  const out = new Map<string, ChannelCredit>();
  for (const [channel, credit] of credits) if (!channel.startsWith('pool:')) out.set(channel, credit);
  const members = new Map<string, string[]>();
  for (const [channel, pooled] of pool) members.set(pooled, [...(members.get(pooled) ?? []), channel]);
  for (const [pooled, list] of members) {
    const credit = credits.get(pooled) ?? { conversions: 0, value: 0 };
    const base = list.some((c) => (converting.get(c) ?? 0) > 0) ? converting : touches;
    const sum = list.reduce((s, c) => s + (base.get(c) ?? 0), 0);
    for (const c of list) {
      const share = sum > 0 ? (base.get(c) ?? 0) / sum : 0;
      out.set(c, { conversions: credit.conversions * share, value: credit.value * share });
    }
  }
  return out;
}

async function compute(ctx: AdsContext, businessId: string, query: Query): Promise<AttributionMapping> {
  const q = ctx.database.executeSql;
  const { revenueCurrency } = await ensureFresh(ctx.database, businessId, ctx.marks);
  const window = windowsOf(query.days).current;
  const [converting, patterns, campaigns, sessions] = await Promise.all([
    convertingPaths(q, businessId, window, query.lookback_days),
    nonConvertingPatterns(q, businessId, window),
    campaignsForMapping(q, businessId, query.days),
    campaignSessions(q, businessId, window),
  ]);
  const reasons: Reasons = {};

  const touches = new Map<string, number>();
  const convertingTouches = new Map<string, number>();
  const count = (map: Map<string, number>, channel: string, n: number) => map.set(channel, (map.get(channel) ?? 0) + n);
  const paths: AttributionPath[] = [];
  let conversionsTotal = 0;
  let revenueTotal = 0;
  let unattributable = 0;
  for (const c of converting) {
    conversionsTotal += c.conversions;
    revenueTotal += c.revenue;
    if (c.channels.length === 0) {
      unattributable += c.conversions;
      continue;
    }
    // A unit of several conversions is that many converting paths, its revenue shared among them.
    const times = Math.max(1, Math.round(c.conversions));
    const path: AttributionPath = {
      touches: c.channels.map((channel, i) => ({ channel, at: c.ats[i]! })),
      converted: true,
      convertedAt: c.convertedAt,
      value: c.revenue / times,
    };
    for (let i = 0; i < times; i++) paths.push(path);
    for (const channel of c.channels) {
      count(touches, channel, times);
      count(convertingTouches, channel, times);
    }
  }
  const convertingPathCount = paths.length;
  let nonConverting = 0;
  for (const p of patterns) {
    // Non-converting touches' times only order the path (rule-based models read converted paths only).
    const path: AttributionPath = { touches: p.channels.map((channel, at) => ({ channel, at })), converted: false };
    for (let i = 0; i < p.visitors; i++) paths.push(path);
    nonConverting += p.visitors;
    for (const channel of p.channels) count(touches, channel, p.visitors);
  }

  const options = { halfLifeDays: query.half_life_days };
  const credits = {} as Record<AttributionModelName, Map<string, ChannelCredit>>;
  const prepared = prepareAttributionPaths(paths.slice(0, convertingPathCount));
  for (const model of RULE_BASED) credits[model] = ruleBasedCredit(prepared, model, options);
  const pool = poolOf(touches, MAX_MODEL_CHANNELS);
  const pooledPaths =
    pool.size === 0
      ? paths
      : paths.map((p) => ({
          ...p,
          touches: p.touches.map((t) => ({ channel: pool.get(t.channel) ?? t.channel, at: t.at })),
        }));
  for (const model of ['markov', 'shapley'] as const) {
    credits[model] = unpool(attribute(pooledPaths, model, options), pool, convertingTouches, touches);
  }
  if (pool.size > 0) {
    reasons.markov = `${formatNumber(pool.size)} campaigns with the fewest touches are pooled per platform for Markov and Shapley (at most ${MAX_MODEL_CHANNELS} channels); a pool's credit is shared by their touches on converting paths.`;
    reasons.shapley = reasons.markov;
  }
  if (unattributable > 0) {
    reasons.unattributable_conversions = `${formatNumber(unattributable)} conversions had no tracked visit in the ${query.lookback_days} days before them.`;
  }
  if (convertingPathCount === 0) reasons.rows = 'No attributable conversion in this period.';

  const channels = [...touches.keys()].filter((channel) => {
    if (query.platform === 'all') return true;
    return isCampaign(channel) && campaigns.get(channel)?.platform === query.platform;
  });
  const rows: AttributionMappingRow[] = channels.map((channel) => {
    const campaign = isCampaign(channel) ? campaigns.get(channel) : undefined;
    const modelCredits = Object.fromEntries(
      ATTRIBUTION_MODEL_NAMES.map((model) => {
        const c = credits[model].get(channel) ?? { conversions: 0, value: 0 };
        return [model, { conversions: round2(c.conversions), revenue: round2(c.value) }];
      }),
    ) as AttributionMappingRow['credits'];
    let reconciliation: AttributionMappingRow['reconciliation'] = null;
    if (campaign) {
      const platformConversions = campaign.delivered ? campaign.platformConversions : null;
      const attributed = modelCredits.last_click.conversions;
      const sufficiency = dataSufficiency({
        platform_conversions: platformConversions,
        attributed_conversions: attributed,
        tracked_sessions: sessions.get(channel) ?? 0,
        clicks: campaign.clicks,
      });
      reconciliation = {
        platform_conversions: platformConversions === null ? null : round2(platformConversions),
        attributed_conversions: attributed,
        unmatched_conversions:
          platformConversions === null ? null : round2(Math.max(0, platformConversions - attributed)),
        sufficiency: sufficiency.level,
        reason: sufficiency.reason,
      };
    }
    return {
      key: channel,
      campaign_id: campaign ? channel : null,
      name: campaign?.name ?? SOURCE_LABELS[channel] ?? channel,
      platform: campaign?.platform ?? channel,
      paid: Boolean(campaign),
      touches: touches.get(channel) ?? 0,
      credits: modelCredits,
      reconciliation,
    };
  });
  const best = (r: AttributionMappingRow) => Math.max(...ATTRIBUTION_MODEL_NAMES.map((m) => r.credits[m].conversions));
  rows.sort((a, b) => best(b) - best(a) || b.touches - a.touches || (a.key < b.key ? -1 : 1));
  return {
    days: query.days,
    lookback_days: query.lookback_days,
    half_life_days: query.half_life_days,
    currency: revenueCurrency,
    models: [...ATTRIBUTION_MODEL_NAMES],
    paths: {
      total: convertingPathCount + nonConverting,
      converting: convertingPathCount,
      unattributable_conversions: Math.round(unattributable),
    },
    conversions_total: round2(conversionsTotal),
    revenue_total: round2(revenueTotal),
    rows,
    reasons,
  };
}

/**
 * `GET /analytics/conversion-attribution-mapping`, cached per business and query: an answer computed from the
 * current rollups is served as is; one from older rollups, up to STALE_SERVE_MS old, while it is recomputed.
 */
export function createAttributionMapping(ctx: AdsContext) {
  const cache = new Map<string, Cached>();
  return async function getConversionAttributionMapping(businessId: string, query: Query): Promise<AttributionMapping> {
    await ensureFresh(ctx.database, businessId, ctx.marks);
    const version = (await readRefreshState(ctx.database.executeSql, businessId))?.version ?? 0;
    const key = `${businessId}|${query.days}|${query.platform}|${query.lookback_days}|${query.half_life_days}`;
    const cached = cache.get(key);
    const start = () => {
      const value = compute(ctx, businessId, query);
      const entry = { version, at: Date.now(), value };
      cache.delete(key);
      cache.set(key, entry);
      value.catch(() => cache.get(key) === entry && cache.delete(key));
      while (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      return value;
    };
    if (cached && cached.version === version) return cached.value;
    if (cached && Date.now() - cached.at < STALE_SERVE_MS) {
      void start().catch(() => {});
      return cached.value;
    }
    return start();
  };
}
