import {
  AD_PLATFORMS,
  type AdIntelligenceSummary,
  type AdMetrics,
  type AdMetricsDay,
  type AdPlatformFilter,
  type AdPlatformStatus,
  type Reasons,
} from '@ri/contracts';
import type { Database } from '../../db/client.js';
import { ctrOf, DEFAULT_LOOKBACK_S, daysOf, money, reportCurrency, roasOf, windowsOf } from './ads.figures.js';
import { adIntegrations, attributedBy, campaignCurrencies, deliveryTotals, platformDays } from './ads.repo.js';
import { ensureFresh } from './freshness.js';
import type { RefreshMarks } from './refresh.js';

// The cards and the daily series of Ad Intelligence, and each platform's status.

export type AdsContext = {
  database: Database;
  /** Whether the business's credentials for a platform allow changes (budgets, pausing ads). */
  canWrite: (businessId: string, platform: 'facebook' | 'google') => Promise<boolean>;
  marks?: RefreshMarks;
};

/** The traffic sources tracking tells apart (classifyTrafficSource), as the screens name them. */
export const SOURCE_LABELS: Record<string, string> = {
  organic_search: 'Organic search',
  direct: 'Direct',
  email: 'E-mail',
  referral: 'Referral',
  social: 'Social',
  paid_search: 'Paid search without a synced campaign',
  paid_social: 'Paid social without a synced campaign',
};

export const PLATFORM_LABELS: Record<(typeof AD_PLATFORMS)[number], string> = {
  facebook: 'Meta Ads',
  google: 'Google Ads',
  linkedin: 'LinkedIn Ads',
  tiktok: 'TikTok Ads',
};
const PROVIDERS: Partial<Record<(typeof AD_PLATFORMS)[number], string>> = {
  facebook: 'facebook_ads',
  google: 'google_ads',
};

/** Whether a platform of the filter has an integration in this version. */
export const hasIntegration = (platform: AdPlatformFilter) => platform === 'all' || platform in PROVIDERS;
export const noIntegrationReason = (platform: AdPlatformFilter) =>
  `${PLATFORM_LABELS[platform as keyof typeof PLATFORM_LABELS]} has no integration yet.`;

/** Each platform of the filter: connected or not, its status, last sync and currency, or why it has no data. */
export async function platformStatuses(ctx: AdsContext, businessId: string): Promise<AdPlatformStatus[]> {
  const q = ctx.database.executeSql;
  const [integrations, currencies] = await Promise.all([
    adIntegrations(q, businessId),
    campaignCurrencies(q, businessId, 'all'),
  ]);
  return AD_PLATFORMS.map((platform) => {
    const label = PLATFORM_LABELS[platform];
    const provider = PROVIDERS[platform];
    if (!provider) {
      return {
        platform,
        label,
        connected: false,
        status: null,
        last_synced_at: null,
        currency: null,
        reason: noIntegrationReason(platform),
      };
    }
    const integration = integrations.find((i) => i.provider === provider);
    if (!integration) {
      return {
        platform,
        label,
        connected: false,
        status: null,
        last_synced_at: null,
        currency: null,
        reason: 'Not connected',
      };
    }
    const currency = currencies.find((c) => c.platform === platform)?.currency ?? integration.currency ?? null;
    const synced = currencies.some((c) => c.platform === platform);
    const reason =
      integration.status === 'error'
        ? `${label} stopped syncing: reconnect it in Integrations.`
        : !synced
          ? integration.lastSyncAt
            ? `${label} has no campaigns.`
            : 'Not synced yet'
          : null;
    return {
      platform,
      label,
      connected: true,
      status: integration.status,
      last_synced_at: integration.lastSyncAt,
      currency,
      reason,
    };
  });
}

type Totals = {
  currency: string | null;
  minorPerMajor: number;
  left: string[];
  spend: number | null;
  impressions: number;
  clicks: number;
  platformConversions: number | null;
  platformRevenue: number | null;
  campaigns: number;
};

/** Delivery totals of the filter over the window and the one before, money in one currency. */
async function deliveryOf(ctx: AdsContext, businessId: string, platform: AdPlatformFilter, days: number) {
  const q = ctx.database.executeSql;
  const [rows, currencies] = await Promise.all([
    deliveryTotals(q, businessId, platform, days),
    campaignCurrencies(q, businessId, platform),
  ]);
  const chosen = reportCurrency(
    currencies.map((c) => ({
      currency: c.currency,
      minorPerMajor: c.minorPerMajor,
      spendMinor: rows.filter((r) => r.currency === c.currency).reduce((s, r) => s + r.spendMinor, 0),
    })),
  );
  const campaigns = currencies.reduce((s, c) => s + c.campaigns, 0);
  const totals = (previous: boolean): Totals => {
    const mine = rows.filter((r) => r.previous === previous);
    const inCurrency = mine.filter((r) => r.currency === chosen.currency);
    const any = campaigns > 0;
    return {
      currency: chosen.currency,
      minorPerMajor: inCurrency[0]?.minorPerMajor ?? 100,
      left: chosen.left,
      spend: any ? inCurrency.reduce((s, r) => s + money(r.spendMinor, r.minorPerMajor), 0) : null,
      impressions: mine.reduce((s, r) => s + r.impressions, 0),
      clicks: mine.reduce((s, r) => s + r.clicks, 0),
      platformConversions: any ? mine.reduce((s, r) => s + r.platformConversions, 0) : null,
      platformRevenue: any ? inCurrency.reduce((s, r) => s + money(r.platformRevenueMinor, r.minorPerMajor), 0) : null,
      campaigns,
    };
  };
  return { current: totals(false), previous: totals(true) };
}

/** Why the filter has no spend to show. */
function spendReason(platform: AdPlatformFilter, statuses: AdPlatformStatus[]): string {
  if (!hasIntegration(platform)) return noIntegrationReason(platform);
  const relevant = statuses.filter((s) => PROVIDERS[s.platform] && (platform === 'all' || s.platform === platform));
  if (!relevant.some((s) => s.connected)) {
    return platform === 'all' ? 'No ad platform is connected.' : 'Not connected';
  }
  return 'No spend synced yet.';
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** `GET /analytics/ad-intelligence-summary`: the four cards over the window and the previous one. */
export async function getAdIntelligenceSummary(
  ctx: AdsContext,
  businessId: string,
  query: { days: number; platform: AdPlatformFilter },
): Promise<AdIntelligenceSummary> {
  const { revenueCurrency } = await ensureFresh(ctx.database, businessId, ctx.marks);
  const { days, platform } = query;
  const reasons: Reasons = {};
  const windows = windowsOf(days);
  const paid = hasIntegration(platform);
  const attributed = async (window: typeof windows.current) => {
    if (!paid) return { conversions: 0, revenue: 0 };
    const byChannel = await attributedBy(ctx.database.executeSql, businessId, 'channel', window, DEFAULT_LOOKBACK_S, {
      platform,
    });
    let conversions = 0;
    let revenue = 0;
    for (const [channel, a] of byChannel) {
      if (channel !== 'facebook' && channel !== 'google') continue;
      conversions += a.conversions;
      revenue += a.revenue;
    }
    return { conversions: round2(conversions), revenue: round2(revenue) };
  };
  // Independent reads, at once: under load each waits its turn for the database and the event loop.
  const [statuses, delivery, now, before] = await Promise.all([
    platformStatuses(ctx, businessId),
    paid ? deliveryOf(ctx, businessId, platform, days) : null,
    attributed(windows.current),
    attributed(windows.previous),
  ]);

  const cards = (t: Totals | undefined, a: { conversions: number; revenue: number }, into: Reasons) => {
    const spend = t?.spend ?? null;
    if (spend === null) into.total_spend = spendReason(platform, statuses);
    else if (t && t.left.length > 0) {
      into.total_spend = `Spend in ${t.left.join(', ')} is left out: it is summed in ${t.currency}. Choose a platform to see it.`;
    }
    if (spend === null) into.avg_roas = into.total_spend!;
    if (t?.platformConversions == null) into.platform_conversions = into.total_spend ?? 'No platform data.';
    if (t?.platformRevenue == null) into.platform_revenue = into.total_spend ?? 'No platform data.';
    return {
      total_spend: spend === null ? null : round2(spend),
      impressions: t?.impressions ?? 0,
      clicks: t?.clicks ?? 0,
      total_conversions: a.conversions,
      platform_conversions: t?.platformConversions == null ? null : round2(t.platformConversions),
      attributed_revenue: a.revenue,
      platform_revenue: t?.platformRevenue == null ? null : round2(t.platformRevenue),
      avg_roas:
        spend === null
          ? null
          : roasOf(into, 'avg_roas', a.revenue, spend, { revenue: revenueCurrency, spend: t?.currency ?? null }),
      avg_ctr: ctrOf(into, 'avg_ctr', t?.clicks ?? 0, t?.impressions ?? 0),
    };
  };
  const previousReasons: Reasons = {};
  const current = cards(delivery?.current, now, reasons);
  const previous = cards(delivery?.previous, before, previousReasons);
  for (const [field, reason] of Object.entries(previousReasons)) reasons[`previous.${field}`] = reason;
  return {
    days,
    platform,
    currency: delivery?.current.currency ?? null,
    ...current,
    previous,
    platforms: statuses,
    campaigns: delivery?.current.campaigns ?? 0,
    reasons,
  };
}

/** `GET /analytics/ad-metrics`: each day of the window (zero when nothing delivered) and the totals. */
export async function getAdMetrics(
  ctx: AdsContext,
  businessId: string,
  query: { days: number; platform: AdPlatformFilter },
): Promise<AdMetrics> {
  await ensureFresh(ctx.database, businessId, ctx.marks);
  const { days, platform } = query;
  const window = windowsOf(days).current;
  const reasons: Reasons = {};
  const paid = hasIntegration(platform);
  const q = ctx.database.executeSql;
  const [rows, attributed, currencies] = paid
    ? await Promise.all([
        platformDays(q, businessId, platform, window),
        attributedBy(q, businessId, 'day', window, DEFAULT_LOOKBACK_S, { platform }),
        campaignCurrencies(q, businessId, platform),
      ])
    : [[], new Map(), []];
  const chosen = reportCurrency(
    currencies.map((c) => ({
      currency: c.currency,
      minorPerMajor: c.minorPerMajor,
      spendMinor: rows.filter((r) => r.currency === c.currency).reduce((s, r) => s + r.spendMinor, 0),
    })),
  );
  if (!paid) reasons.spend = noIntegrationReason(platform);
  else if (currencies.length === 0) {
    reasons.spend = spendReason(platform, await platformStatuses(ctx, businessId));
  } else if (chosen.left.length > 0) {
    reasons.spend = `Spend and platform revenue in ${chosen.left.join(', ')} are left out: money is summed in ${chosen.currency}.`;
  }
  const byDay = new Map<string, AdMetricsDay>();
  for (const date of daysOf(window)) {
    byDay.set(date, {
      date,
      spend: 0,
      impressions: 0,
      clicks: 0,
      platform_conversions: 0,
      platform_revenue: 0,
      attributed_conversions: 0,
      attributed_revenue: 0,
    });
  }
  for (const r of rows) {
    const day = byDay.get(r.date);
    if (!day) continue;
    day.impressions += r.impressions;
    day.clicks += r.clicks;
    day.platform_conversions += r.platformConversions;
    if (r.currency === chosen.currency) {
      day.spend += money(r.spendMinor, r.minorPerMajor);
      day.platform_revenue += money(r.platformRevenueMinor, r.minorPerMajor);
    }
  }
  for (const [date, a] of attributed) {
    const day = byDay.get(date);
    if (!day) continue;
    day.attributed_conversions += a.conversions;
    day.attributed_revenue += a.revenue;
  }
  const series = [...byDay.values()].map((d) => ({
    ...d,
    spend: round2(d.spend),
    platform_conversions: round2(d.platform_conversions),
    platform_revenue: round2(d.platform_revenue),
    attributed_conversions: round2(d.attributed_conversions),
    attributed_revenue: round2(d.attributed_revenue),
  }));
  const sum = (field: keyof Omit<AdMetricsDay, 'date'>) => round2(series.reduce((s, d) => s + d[field], 0));
  return {
    days,
    platform,
    currency: chosen.currency,
    series,
    totals: {
      spend: sum('spend'),
      impressions: sum('impressions'),
      clicks: sum('clicks'),
      platform_conversions: sum('platform_conversions'),
      platform_revenue: sum('platform_revenue'),
      attributed_conversions: sum('attributed_conversions'),
      attributed_revenue: sum('attributed_revenue'),
    },
    reasons,
  };
}
