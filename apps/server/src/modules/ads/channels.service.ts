import type { AdPlatformFilter, ChannelInsight, ChannelInsightList, Reasons } from '@ri/contracts';
import { type ChannelFigures, channelInsights } from '@ri/engine';
import {
  DEFAULT_LOOKBACK_S,
  isoMinorPerMajor,
  money,
  moneyFormatter,
  reportCurrency,
  windowsOf,
} from './ads.figures.js';
import { attributedBy, campaignCurrencies, channelSessions, deliveryTotals } from './ads.repo.js';
import { type AdsContext, hasIntegration, PLATFORM_LABELS, SOURCE_LABELS } from './ads.service.js';
import { ensureFresh } from './freshness.js';

// Channel Performance Insights: each ad platform and each traffic source we observe, against the period before.

const round2 = (v: number) => Math.round(v * 100) / 100;

/** `GET /analytics/channel-insights-extended`. */
export async function getChannelInsightsExtended(
  ctx: AdsContext,
  businessId: string,
  query: { days: number; platform: AdPlatformFilter; limit: number },
): Promise<ChannelInsightList> {
  const { days, platform, limit } = query;
  const answer = (channels: ChannelInsight[]) => ({ days, platform, channels });
  if (!hasIntegration(platform)) return answer([]);
  const { revenueCurrency } = await ensureFresh(ctx.database, businessId, ctx.marks);
  const q = ctx.database.executeSql;
  const windows = windowsOf(days);
  const [delivery, currencies, sessionsNow, sessionsBefore, convNow, convBefore] = await Promise.all([
    deliveryTotals(q, businessId, platform, days),
    campaignCurrencies(q, businessId, platform),
    channelSessions(q, businessId, windows.current),
    channelSessions(q, businessId, windows.previous),
    attributedBy(q, businessId, 'channel', windows.current, DEFAULT_LOOKBACK_S),
    attributedBy(q, businessId, 'channel', windows.previous, DEFAULT_LOOKBACK_S),
  ]);
  const chosen = reportCurrency(
    currencies.map((c) => ({
      currency: c.currency,
      minorPerMajor: c.minorPerMajor,
      spendMinor: delivery
        .filter((r) => r.currency === c.currency && !r.previous)
        .reduce((s, r) => s + r.spendMinor, 0),
    })),
  );
  const currency = chosen.currency ?? revenueCurrency;
  const factor = isoMinorPerMajor(currency);
  const comparable = revenueCurrency === null || currency === null || revenueCurrency === currency;

  const paid = [...new Set(currencies.map((c) => c.platform))];
  const unpaid =
    platform === 'all'
      ? [...new Set([...sessionsNow.keys(), ...sessionsBefore.keys(), ...convNow.keys(), ...convBefore.keys()])].filter(
          (k) => k !== 'facebook' && k !== 'google',
        )
      : [];
  const spendOf = (key: string, previous: boolean): number | null => {
    const rows = delivery.filter((r) => r.platform === key && r.previous === previous);
    if (!rows.some((r) => r.currency === chosen.currency)) return rows.length > 0 ? null : 0;
    return rows
      .filter((r) => r.currency === chosen.currency)
      .reduce((s, r) => s + money(r.spendMinor, r.minorPerMajor), 0);
  };
  const figures: (ChannelFigures & { paid: boolean; reasons: Reasons })[] = [...paid, ...unpaid].map((key) => {
    const isPaid = paid.includes(key);
    const reasons: Reasons = {};
    const spendNow = isPaid ? spendOf(key, false) : null;
    const spendBefore = isPaid ? spendOf(key, true) : null;
    if (!isPaid) reasons.total_spend = 'An unpaid channel: no spend.';
    else if (spendNow === null) reasons.total_spend = `Spend is in another currency than ${chosen.currency}.`;
    const revenue = (v: number) => (comparable ? Math.round(v * factor) : 0);
    return {
      key,
      label: PLATFORM_LABELS[key as 'facebook'] ?? SOURCE_LABELS[key] ?? key,
      paid: isPaid,
      spend: spendNow === null ? null : Math.round(spendNow * factor),
      conversions: convNow.get(key)?.conversions ?? 0,
      revenue: revenue(convNow.get(key)?.revenue ?? 0),
      sessions: sessionsNow.get(key) ?? 0,
      previous: {
        spend: spendBefore === null ? null : Math.round(spendBefore * factor),
        conversions: convBefore.get(key)?.conversions ?? 0,
        revenue: revenue(convBefore.get(key)?.revenue ?? 0),
        sessions: sessionsBefore.get(key) ?? 0,
      },
      reasons,
    };
  });
  const insights = channelInsights(figures, moneyFormatter(currency ?? 'USD', factor));
  const channels = figures.map((f, i): ChannelInsight => {
    const insight = insights[i]!;
    const reasons = f.reasons;
    if (insight.opportunity_score === null) reasons.opportunity_score = insight.reason ?? 'Not enough data.';
    if (insight.avg_roas === null) {
      reasons.avg_roas = !f.paid
        ? 'An unpaid channel: no spend to return on.'
        : !comparable
          ? `Revenue is counted in ${revenueCurrency} and spend is in ${currency}: they do not compare.`
          : 'No spend in this period.';
    }
    if (insight.trend_pct === null) reasons.trend_pct = 'No conversions in the period before to compare with.';
    const major = (minor: number | null) => (minor === null ? null : round2(minor / factor));
    return {
      platform: f.key,
      label: f.label,
      paid: f.paid,
      currency: f.paid ? currency : revenueCurrency,
      total_spend: major(f.spend),
      total_conversions: round2(f.conversions),
      total_revenue: round2(convNow.get(f.key)?.revenue ?? 0),
      sessions: f.sessions,
      avg_roas: insight.avg_roas === null ? null : round2(insight.avg_roas),
      trend: insight.trend,
      trend_pct: insight.trend_pct === null ? null : round2(insight.trend_pct),
      recommendation: insight.recommendation,
      opportunity_score: insight.opportunity_score === null ? null : round2(insight.opportunity_score),
      previous: {
        total_spend: major(f.previous.spend),
        total_conversions: round2(f.previous.conversions),
        total_revenue: round2(convBefore.get(f.key)?.revenue ?? 0),
        sessions: f.previous.sessions,
      },
      reasons,
    };
  });
  channels.sort(
    (a, b) =>
      Number(b.paid) - Number(a.paid) ||
      (b.total_spend ?? 0) - (a.total_spend ?? 0) ||
      b.sessions - a.sessions ||
      (a.platform < b.platform ? -1 : 1),
  );
  return answer(channels.slice(0, limit));
}
