import type { AdIntelligenceSummary, Dashboard, DashboardGoals, DashboardGoalsBody } from '@ri/contracts';
import type { Database } from '../../db/client.js';
import type { CustomerDashboardFigures } from '../customers/index.js';
import { assembleDashboard, type MarketFigure } from './dashboard.figures.js';
import {
  hasAnySession,
  paymentAccount,
  readGoals,
  readMoney,
  readSessions,
  type Window,
  writeGoals,
} from './dashboard.repo.js';
import { type DashboardMarks, ensureDashboardFresh } from './dashboard.rollups.js';

// The main dashboard (spec 1 section 2.4): its own rollups and the other modules' figures, read at once;
// dashboard.figures.ts makes the reply of them.

export type { MarketFigure };

/** What the dashboard reads from the other modules (injected by the composition in app.ts). */
export type DashboardSources = {
  adSummary(businessId: string, days: number): Promise<AdIntelligenceSummary>;
  /** Each platform's spend per day over [from, to], in minor units of its currency. */
  adCostDays(
    businessId: string,
    from: string,
    to: string,
  ): Promise<{ date: string; currency: string; spendMinor: number; minorPerMajor: number }[]>;
  customers(businessId: string, windows: { from: string; previousFrom: string }): Promise<CustomerDashboardFigures>;
  market(
    businessId: string,
    days: number,
  ): Promise<{
    market_sentiment: MarketFigure;
    competitor_price_diff: MarketFigure;
    sentiment_previous: number | null;
  }>;
};

export type DashboardContext = { database: Database; marks: DashboardMarks; sources: DashboardSources };

const DAY_MS = 86_400_000;
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The last `days` UTC days (today included) and the window before. */
export function dashboardWindows(days: number, now = new Date()): { current: Window; previous: Window } {
  const last = now.toISOString().slice(0, 10);
  return {
    current: { first: shift(last, -(days - 1)), last },
    previous: { first: shift(last, -(2 * days - 1)), last: shift(last, -days) },
  };
}

/** Milliseconds each part of a dashboard read took, by part (sent as the reply's Server-Timing header). */
export type DashboardTimings = Record<string, number>;

export async function getDashboard(
  ctx: DashboardContext,
  businessId: string,
  days: number,
  timings: DashboardTimings = {},
): Promise<Dashboard> {
  const q = ctx.database.executeSql;
  const timed = async <T>(part: string, work: Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work;
    } finally {
      timings[part] = performance.now() - started;
    }
  };
  const { current, previous } = dashboardWindows(days);
  // This module's rollups (brought up to date first) and the other modules' figures are read at once: under load
  // every read waits its turn for the database, and the longest chain is the read's time.
  const ownFigures = async () => {
    const asOf = await timed('fresh', ensureDashboardFresh(ctx.database, businessId, ctx.marks));
    const [sessions, account, goals, everTracked] = await Promise.all([
      timed('sessions', readSessions(q, businessId, current, previous)),
      timed('account', paymentAccount(q, businessId)),
      timed('goals', readGoals(q, businessId)),
      timed('tracked', hasAnySession(q, businessId)),
    ]);
    const money = await timed('money', readMoney(q, businessId, current, previous, account.currency));
    return { asOf, sessions, account, goals, everTracked, money };
  };
  const [own, ads, adDays, customers, market] = await Promise.all([
    ownFigures(),
    timed('ads', ctx.sources.adSummary(businessId, days)),
    timed('ad_days', ctx.sources.adCostDays(businessId, current.first, current.last)),
    timed('customers', ctx.sources.customers(businessId, { from: current.first, previousFrom: previous.first })),
    timed('market', ctx.sources.market(businessId, days)),
  ]);
  return assembleDashboard({ days, current, previous, ...own, ads, adDays, customers, market });
}

export const getGoals = (database: Database, businessId: string): Promise<DashboardGoals> =>
  readGoals(database.executeSql, businessId);

/** Saves the goals; money goals are in the payment account's currency at the time. */
export async function putGoals(
  database: Database,
  businessId: string,
  body: DashboardGoalsBody,
  userId: string,
): Promise<DashboardGoals> {
  const q = database.executeSql;
  const account = await paymentAccount(q, businessId);
  await writeGoals(q, businessId, body, account.currency, userId);
  return readGoals(q, businessId);
}
