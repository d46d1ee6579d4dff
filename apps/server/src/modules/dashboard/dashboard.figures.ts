import {
  type AdIntelligenceSummary,
  DASHBOARD_MONTH_DAYS,
  type Dashboard,
  type DashboardGoals,
  type Figure,
  type FigureUnit,
  round,
  type Trend,
} from '@ri/contracts';
import type { CustomerDashboardFigures } from '../customers/index.js';
import type { MoneyTotals, paymentAccount, readMoney, readSessions, SessionTotals, Window } from './dashboard.repo.js';

// The dashboard's reply assembled from what was read, figure by figure: each with its source, the previous window's
// value and, when it cannot be known, why. Nothing is defaulted: an unknown figure is null.

export type MarketFigure = { value: number | null; source: string; reason: string | null };

export type DashboardInput = {
  days: number;
  current: Window;
  previous: Window;
  asOf: Date | null;
  sessions: Awaited<ReturnType<typeof readSessions>>;
  account: Awaited<ReturnType<typeof paymentAccount>>;
  goals: DashboardGoals;
  everTracked: boolean;
  money: Awaited<ReturnType<typeof readMoney>>;
  ads: AdIntelligenceSummary;
  adDays: { date: string; currency: string; spendMinor: number; minorPerMajor: number }[];
  customers: CustomerDashboardFigures;
  market: { market_sentiment: MarketFigure; competitor_price_diff: MarketFigure; sentiment_previous: number | null };
};

const DAY_MS = 86_400_000;
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Months are 30 days here: a monthly goal is prorated to the window (a 7-day window's goal is 7/30 of it). */
const MONTH_DAYS = DASHBOARD_MONTH_DAYS;

const ratio = (a: number, b: number) => (b > 0 ? a / b : null);
const pct = (a: number, b: number) => (b > 0 ? round((a / b) * 100, 2) : null);
const r2 = (v: number | null) => (v === null ? null : round(v, 2));

export function trendOf(now: number | null, before: number | null, days: number): Trend {
  const period = days === 30 ? 'last 30 days' : `last ${days} day${days === 1 ? '' : 's'}`;
  if (now === null || before === null || before === 0) {
    return { direction: now !== null && before === 0 && now > 0 ? 'up' : 'neutral', percentage: null, period };
  }
  const change = round(((now - before) / Math.abs(before)) * 100, 1);
  return { direction: change > 0 ? 'up' : change < 0 ? 'down' : 'neutral', percentage: change, period };
}

const net = (m: MoneyTotals) => m.gross + m.refunds + m.disputes;

export function assembleDashboard({
  days,
  current,
  previous,
  asOf,
  sessions,
  account,
  goals,
  everTracked,
  money,
  ads,
  adDays,
  customers,
  market,
}: DashboardInput): Dashboard {
  const figures: Record<string, Figure> = {};
  const put = (
    path: string,
    unit: FigureUnit,
    source: string,
    value: number | null,
    previousValue: number | null,
    reason: string | null,
  ) => {
    figures[path] = { value, previous: previousValue, unit, source, reason: value === null ? reason : null };
    return value;
  };

  // ── Money (the payment integration) ──
  const moneyReason = !account.connected
    ? 'Connect Stripe to see revenue.'
    : money.currency === null
      ? 'No payments synced from Stripe yet.'
      : null;
  const moneySource = `Stripe balance transactions in ${money.currency ?? 'the account currency'}: charges minus refunds and disputes`;
  const others =
    money.otherCurrencies.length > 0 ? ` Balances in ${money.otherCurrencies.join(', ')} are not included.` : '';
  const revenueNow = moneyReason ? null : round(net(money.current), 2);
  const revenueBefore = moneyReason ? null : round(net(money.previous), 2);
  const aovNow = moneyReason ? null : r2(ratio(net(money.current), money.current.orders));
  const aovBefore = moneyReason ? null : r2(ratio(net(money.previous), money.previous.orders));
  const aovReason = moneyReason ?? 'No orders in this window.';

  // ── Sessions (the tracking snippet) ──
  const s: SessionTotals = sessions.current;
  const p: SessionTotals = sessions.previous;
  const trackReason = everTracked
    ? 'No tracked sessions in this window.'
    : 'No tracked sessions yet: install the tracking script to see this.';
  const sessionSource = 'Tracked sessions (suspect sessions excluded)';
  const cvrNow = pct(s.convertedSessions, s.sessions);
  const cvrBefore = pct(p.convertedSessions, p.sessions);

  // ── Ads (the connected ad platforms) ──
  const spendNow = ads.total_spend;
  const spendBefore = ads.previous.total_spend;
  const spendReason = ads.reasons.total_spend ?? 'No ad platform is connected.';
  const adSource = `Meta Ads and Google Ads daily delivery${ads.currency ? ` in ${ads.currency}` : ''}`;
  const sameCurrency = ads.currency !== null && money.currency !== null && ads.currency === money.currency;
  const merReason =
    revenueNow === null
      ? moneyReason
      : spendNow === null
        ? spendReason
        : !sameCurrency
          ? `Ad spend is in ${ads.currency} and revenue in ${money.currency}: they are not compared.`
          : 'No ad spend in this window.';
  const mer = (rev: number | null, spend: number | null) =>
    rev === null || spend === null || !sameCurrency ? null : r2(ratio(rev, spend));

  // ── Customers (Customer Intelligence's last build) ──
  const customersReason =
    customers.total === 0 ? 'No customers yet: connect Stripe or GoHighLevel, then Generate Neuromind Profiles.' : null;
  const customerSource = `Customer Intelligence profiles${customers.builtAt ? ` built ${customers.builtAt.toISOString().slice(0, 16).replace('T', ' ')} UTC` : ''}`;

  const goalRevenue = goals.monthly_revenue === null ? null : round((goals.monthly_revenue * days) / MONTH_DAYS, 2);
  const goalReason = 'No goal set: set one under Goals.';

  const dashboard: Dashboard = {
    window: { days, from: current.first, to: current.last, previous_from: previous.first, previous_to: previous.last },
    currency: money.currency,
    readiness_score: put(
      'readiness_score',
      'score',
      'Mean readiness score of the tracked sessions',
      s.readinessN > 0 ? round(s.readinessSum / s.readinessN, 1) : null,
      p.readinessN > 0 ? round(p.readinessSum / p.readinessN, 1) : null,
      s.sessions > 0 ? 'No session in this window has been scored yet.' : trackReason,
    ),
    structural_tension: {
      current_revenue: put(
        'structural_tension.current_revenue',
        'currency',
        moneySource + others,
        revenueNow,
        revenueBefore,
        moneyReason,
      ),
      goal_revenue: put(
        'structural_tension.goal_revenue',
        'currency',
        `Monthly revenue goal${days === MONTH_DAYS ? '' : ` × ${days}/${MONTH_DAYS} days`}`,
        goalRevenue,
        goalRevenue,
        goalReason,
      ),
      current_cvr: put(
        'structural_tension.current_cvr',
        'percent',
        `${sessionSource}: converting over all`,
        cvrNow,
        cvrBefore,
        trackReason,
      ),
      goal_cvr: put(
        'structural_tension.goal_cvr',
        'percent',
        'Conversion rate goal',
        goals.conversion_rate,
        goals.conversion_rate,
        goalReason,
      ),
      current_aov: put(
        'structural_tension.current_aov',
        'currency',
        `${moneySource}, over the charges`,
        aovNow,
        aovBefore,
        aovReason,
      ),
      goal_aov: put(
        'structural_tension.goal_aov',
        'currency',
        'Average order value goal',
        goals.average_order_value,
        goals.average_order_value,
        goalReason,
      ),
    },
    metric_intelligence: {
      cvr: put(
        'metric_intelligence.cvr',
        'percent',
        `${sessionSource}: converting over all`,
        cvrNow,
        cvrBefore,
        trackReason,
      ),
      aov: put('metric_intelligence.aov', 'currency', `${moneySource}, over the charges`, aovNow, aovBefore, aovReason),
      roas: put(
        'metric_intelligence.roas',
        'ratio',
        'Revenue attributed to ads (last click, 28-day lookback) over ad spend',
        ads.avg_roas,
        ads.previous.avg_roas,
        ads.reasons.avg_roas ?? spendReason,
      ),
      mer: put(
        'metric_intelligence.mer',
        'ratio',
        'All net revenue over all ad spend',
        mer(revenueNow, spendNow),
        mer(revenueBefore, spendBefore),
        merReason,
      ),
    },
    customer_intelligence: {
      total_users: put(
        'customer_intelligence.total_users',
        'count',
        customerSource,
        customersReason ? null : customers.total,
        null,
        customersReason,
      ),
      average_readiness_score: put(
        'customer_intelligence.average_readiness_score',
        'score',
        `${customerSource}: mean readiness of their latest sessions`,
        customers.averageReadiness === null ? null : round(customers.averageReadiness, 1),
        null,
        customersReason ?? 'None of the customers has a scored session.',
      ),
      high_readiness_users: put(
        'customer_intelligence.high_readiness_users',
        'count',
        `${customerSource}: readiness 80 or more`,
        customersReason ? null : customers.highReadiness,
        null,
        customersReason,
      ),
      churn_risk: put(
        'customer_intelligence.churn_risk',
        'percent',
        `${customerSource}: mean churn risk (1 − probability alive) of ${customers.withChurnRisk} customers`,
        customers.averageChurnRisk === null ? null : round(customers.averageChurnRisk * 100, 1),
        null,
        customersReason ?? 'Churn risk needs the lifetime-value model: too little purchase history so far.',
      ),
    },
    copy_intelligence: {
      message_resonance: put(
        'copy_intelligence.message_resonance',
        'percent',
        'Sessions landing from paid search or paid social that went past the first page or converted',
        pct(s.paidEngaged, s.paidSessions),
        pct(p.paidEngaged, p.paidSessions),
        s.sessions > 0 ? 'No session arrived from an ad in this window.' : trackReason,
      ),
      friction_analysis: put(
        'copy_intelligence.friction_analysis',
        'percent',
        `${sessionSource} with at least one rage click`,
        pct(s.frictionSessions, s.sessions),
        pct(p.frictionSessions, p.sessions),
        trackReason,
      ),
    },
    ad_intelligence: {
      ad_spend: put('ad_intelligence.ad_spend', 'currency', adSource, spendNow, spendBefore, spendReason),
      impressions: put(
        'ad_intelligence.impressions',
        'count',
        adSource,
        spendNow === null ? null : ads.impressions,
        spendBefore === null ? null : ads.previous.impressions,
        spendReason,
      ),
      clicks: put(
        'ad_intelligence.clicks',
        'count',
        adSource,
        spendNow === null ? null : ads.clicks,
        spendBefore === null ? null : ads.previous.clicks,
        spendReason,
      ),
      conversions: put(
        'ad_intelligence.conversions',
        'count',
        'Conversions of sessions that came from an ad (last click, 28-day lookback)',
        spendNow === null ? null : ads.total_conversions,
        spendBefore === null ? null : ads.previous.total_conversions,
        spendReason,
      ),
      ctr: put(
        'ad_intelligence.ctr',
        'percent',
        `${adSource}: clicks over impressions`,
        ads.avg_ctr,
        ads.previous.avg_ctr,
        ads.reasons.avg_ctr ?? spendReason,
      ),
    },
    behavior_intelligence: {
      avg_session_duration: put(
        'behavior_intelligence.avg_session_duration',
        'seconds',
        `${sessionSource}: first to last event`,
        s.sessions > 0 ? round(s.durationMs / s.sessions / 1000, 1) : null,
        p.sessions > 0 ? round(p.durationMs / p.sessions / 1000, 1) : null,
        trackReason,
      ),
      bounce_rate: put(
        'behavior_intelligence.bounce_rate',
        'percent',
        `${sessionSource} with one page view or none and no conversion`,
        pct(s.bounced, s.sessions),
        pct(p.bounced, p.sessions),
        trackReason,
      ),
      friction_points: put(
        'behavior_intelligence.friction_points',
        'count',
        `${sessionSource}: rage clicks`,
        s.sessions > 0 ? s.rageClicks : null,
        p.sessions > 0 ? p.rageClicks : null,
        trackReason,
      ),
    },
    market_intelligence: {
      market_sentiment: put(
        'market_intelligence.market_sentiment',
        'index',
        market.market_sentiment.source,
        market.market_sentiment.value,
        market.sentiment_previous,
        market.market_sentiment.reason,
      ),
      competitor_price_diff: put(
        'market_intelligence.competitor_price_diff',
        'percent',
        market.competitor_price_diff.source,
        market.competitor_price_diff.value,
        null,
        market.competitor_price_diff.reason,
      ),
    },
    neuromind_profiles: customers.profiles,
    trends: {
      cvr_trend: trendOf(cvrNow, cvrBefore, days),
      users_trend: trendOf(
        customersReason ? null : customers.newInWindow,
        customersReason ? null : customers.newInPrevious,
        days,
      ),
      message_trend: trendOf(
        figures['copy_intelligence.message_resonance']!.value,
        figures['copy_intelligence.message_resonance']!.previous,
        days,
      ),
      spend_trend: trendOf(spendNow, spendBefore, days),
      session_trend: trendOf(s.sessions > 0 ? s.sessions : null, p.sessions > 0 ? p.sessions : null, days),
      market_sentiment_trend: trendOf(market.market_sentiment.value, market.sentiment_previous, days),
    },
    figures,
    goals,
    series: seriesOf(
      current,
      sessions.days,
      moneyReason ? null : money.days,
      spendNow === null ? null : spendByDay(adDays, ads.currency),
    ),
    as_of: asOf ? asOf.toISOString() : null,
  };
  return dashboard;
}

/** Spend per day in the currency the ad cards sum in (the others are left out there too). */
function spendByDay(
  days: { date: string; currency: string; spendMinor: number; minorPerMajor: number }[],
  currency: string | null,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const d of days) {
    if (currency && d.currency !== currency) continue;
    out.set(d.date, (out.get(d.date) ?? 0) + d.spendMinor / d.minorPerMajor);
  }
  return out;
}

function seriesOf(
  window: Window,
  sessions: Map<string, { sessions: number; converted: number }>,
  money: Map<string, { net: number; orders: number }> | null,
  spend: Map<string, number> | null,
): Dashboard['series'] {
  const out: Dashboard['series'] = [];
  for (let day = window.first; day <= window.last; day = shift(day, 1)) {
    const s = sessions.get(day) ?? { sessions: 0, converted: 0 };
    const m = money?.get(day) ?? { net: 0, orders: 0 };
    out.push({
      date: day,
      sessions: s.sessions,
      converted_sessions: s.converted,
      cvr: pct(s.converted, s.sessions),
      revenue: money ? round(m.net, 2) : null,
      orders: money ? m.orders : null,
      ad_spend: spend ? round(spend.get(day) ?? 0, 2) : null,
    });
  }
  return out;
}
