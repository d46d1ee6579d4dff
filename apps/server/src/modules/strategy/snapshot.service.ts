import type { CampaignSnapshot, CreativeSnapshot, MarketSnapshot, StrategySnapshot } from '@ri/engine';
import type { Database } from '../../db/client.js';
import type { StrategyCampaign, StrategyCreative } from '../ads/index.js';
import {
  readCompetitorPricesForEngine,
  readCustomers,
  readFunnel,
  readPricing,
  readReadiness,
} from './snapshot.repo.js';

// The strategist's snapshot of one business over one window, filled from the other modules' reads (injected) and
// the sessions and customers (snapshot.repo). Every part the business has no data for is left out: the engine says
// which rule lacked what.

export type MoneyHistory = {
  connected: boolean;
  currency: string | null;
  days: { date: string; net: number; orders: number }[];
};

type CostDay = {
  platform: string;
  currency: string;
  date: string;
  spendMinor: number;
  clicks: number;
  impressions: number;
};

export type StrategySources = {
  database: Database;
  /** Daily ad costs per platform (the market figures: no rollup refresh is waited for). */
  costDays(businessId: string, from: string, to: string): Promise<CostDay[]>;
  moneyHistory(businessId: string): Promise<MoneyHistory>;
  sessionHistory(
    businessId: string,
    from: string,
    to: string,
  ): Promise<{ date: string; sessions: number; converted: number }[]>;
  adFigures(
    businessId: string,
    from: string,
    to: string,
    costsFrom: string,
  ): Promise<{
    campaigns: StrategyCampaign[];
    creatives: StrategyCreative[];
    costs: CostDay[];
  }>;
};

const DAY_MS = 86_400_000;
export const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The last `days` UTC days, today included, and the first day of the window before. */
export function strategyWindow(days: number, now = new Date()) {
  const to = now.toISOString().slice(0, 10);
  const from = shiftDay(to, -(days - 1));
  return { days, from, to, previousFrom: shiftDay(from, -days) };
}

/** Minor units per major unit of a currency (2 for most, 0 for JPY, 3 for KWD). */
export function minorPerMajor(currency: string): number {
  try {
    const digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits;
    return 10 ** (digits ?? 2);
  } catch {
    return 100;
  }
}

export async function buildSnapshot(
  sources: StrategySources,
  businessId: string,
  days: number,
  now = new Date(),
): Promise<StrategySnapshot> {
  const q = sources.database.executeSql;
  const w = strategyWindow(days, now);
  const [money, ads, funnel, readiness, pricing] = await Promise.all([
    sources.moneyHistory(businessId),
    sources.adFigures(businessId, w.from, w.to, w.previousFrom),
    readFunnel(q, businessId, { from: w.from, previousFrom: w.previousFrom, to: w.to }),
    readReadiness(q, businessId, { from: w.from, to: w.to }),
    readPricing(q, businessId, { from: w.from, to: w.to }),
  ]);
  const currency = money.currency;
  const factor = currency ? minorPerMajor(currency) : 100;
  const inWindow = money.days.filter((d) => d.date >= w.from && d.date <= w.to);
  const customers = await readCustomers(q, businessId, factor);

  const campaigns: CampaignSnapshot[] = ads.campaigns
    // Spend and revenue are compared only in one currency.
    .filter((c) => !currency || c.currency === currency)
    .map((c) => ({
      id: c.id,
      name: c.name,
      platform: c.platform,
      spend: Math.round((c.spendMinor / c.minorPerMajor) * factor),
      sessions: c.sessions,
      converted: c.converted,
      revenue: Math.round(c.revenue * factor),
      mean_readiness: c.meanReadiness,
      profile_mix: c.profileMix,
    }));
  const creatives: CreativeSnapshot[] = ads.creatives.map((c) => ({
    id: c.id,
    name: c.name,
    campaign_id: c.campaignId,
    fatigue: c.fatigue,
    baseline: c.baseline,
    recent: c.recent,
  }));

  return {
    window: { days: w.days, from: w.from, to: w.to },
    currency: currency ? { code: currency, minor_per_major: factor } : null,
    revenue:
      money.connected && currency
        ? {
            net: Math.round(inWindow.reduce((s, d) => s + d.net, 0) * factor),
            orders: inWindow.reduce((s, d) => s + d.orders, 0),
          }
        : null,
    funnel,
    readiness,
    campaigns: campaigns.length > 0 ? campaigns : null,
    creatives: creatives.length > 0 ? creatives : null,
    customers,
    pricing,
    market: marketOf(ads.costs, money, factor),
  };
}

type AdCosts = NonNullable<MarketSnapshot['ad_costs']>;

/** Ad-auction costs per platform and day, and net revenue per day, in minor units. */
function marketOf(costs: CostDay[], money: MoneyHistory, factor: number): MarketSnapshot {
  const byPlatform = new Map<string, AdCosts[number]>();
  for (const d of costs) {
    const key = `${d.platform}:${d.currency}`;
    const entry = byPlatform.get(key) ?? { platform: d.platform, days: [] };
    entry.days.push({
      date: d.date,
      cpc: d.clicks > 0 ? d.spendMinor / d.clicks : null,
      cpm: d.impressions > 0 ? (d.spendMinor / d.impressions) * 1000 : null,
    });
    byPlatform.set(key, entry);
  }
  return {
    ad_costs: byPlatform.size > 0 ? [...byPlatform.values()] : null,
    revenue_daily:
      money.days.length > 0 ? money.days.map((d) => ({ date: d.date, net: Math.round(d.net * factor) })) : null,
  };
}

/**
 * What the market figures need only (the dashboard's Market card): costs, revenue per day and competitor prices, for
 * the `days`-day windows ending at each of `moments`, from one read of each source.
 */
export async function buildMarketSnapshots(
  sources: StrategySources,
  businessId: string,
  days: number,
  moments: readonly Date[],
): Promise<StrategySnapshot[]> {
  const windows = moments.map((moment) => strategyWindow(days, moment));
  const from = windows.reduce((a, w) => (w.previousFrom < a ? w.previousFrom : a), windows[0]!.previousFrom);
  const to = windows.reduce((a, w) => (w.to > a ? w.to : a), windows[0]!.to);
  const [money, costs, prices] = await Promise.all([
    sources.moneyHistory(businessId),
    sources.costDays(businessId, from, to),
    readCompetitorPricesForEngine(sources.database.executeSql, businessId),
  ]);
  const factor = money.currency ? minorPerMajor(money.currency) : 100;
  return windows.map((w) => {
    const past = money.days.filter((d) => d.date <= w.to);
    const own = costs.filter((d) => d.date >= w.previousFrom && d.date <= w.to);
    return {
      window: { days: w.days, from: w.from, to: w.to },
      currency: money.currency ? { code: money.currency, minor_per_major: factor } : null,
      pricing: prices.length > 0 ? { competitor_prices: prices } : null,
      market: marketOf(own, { ...money, days: past }, factor),
    };
  });
}
