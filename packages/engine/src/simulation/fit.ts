import { dayToIsoDate } from '../ltv/purchases.js';
import { type CountLevelFit, fitCountLevel, initialLogRate } from './count-level.js';
import { type DailyRevenue, densifyHistory } from './history.js';
import { calibrateLevelVariance } from './horizon-calibration.js';
import { fitOrderValue, type OrderValueFit } from './order-value.js';
import { estimateWeekdayFactors, weekdayOf } from './weekday.js';

/**
 * What a revenue simulation draws from, fitted to one business's daily history (docs/simulation.md):
 * - `traffic`: daily sessions (or, without tracking, daily orders): a local level plus fading deviations, with a drift
 *   when it lowers Akaike's criterion, weekday effects and negative-binomial overdispersion; the level's variance
 *   calibrated on the history's own 30-day-ahead errors;
 * - `conversion`: the log conversion rate, same structure without drift or weekdays, orders given sessions
 *   overdispersed (null without sessions);
 * - `orderValue`: Gamma-distributed order values whose log mean moves with the same structure.
 */
export type RevenueModel = {
  basis: 'sessions' | 'orders';
  /** The trailing window the model was fitted on, in days. */
  windowDays: number;
  /** First and last date of the days fitted (the trailing window). */
  from: string;
  to: string;
  /** Day number of the day after `to`, where simulations start. */
  nextDay: number;
  /** Multiplicative weekday effects on traffic, 0 = Sunday … 6 = Saturday, mean 1. */
  weekdayFactors: number[];
  traffic: CountLevelFit;
  conversion: CountLevelFit | null;
  orderValue: OrderValueFit;
  /** The last 28 days as observed, for comparing projections with the recent past. */
  recent: { sessions: number | null; orders: number; revenue: number };
  /** Plain-language caveats about what the model could and could not fit. */
  notes: string[];
};

/** Options of {@link fitRevenueModel}. */
export type RevenueModelOptions = {
  /** The trailing days fitted (default 182): long enough for three variances, short enough for old regimes to age out. */
  windowDays?: number;
};

/** The horizon whose in-sample errors calibrate the traffic level's drift: the month the simulations project. */
export const CALIBRATION_HORIZON_DAYS = 30;

/** The default trailing window: 26 weeks. */
export const DEFAULT_WINDOW_DAYS = 182;

const sum = (xs: readonly number[], from = 0) => xs.slice(from).reduce((s, x) => s + x, 0);

/**
 * Traffic's model: a local level, with a drift when the drift lowers Akaike's criterion, its level variance then
 * calibrated on the history's own 30-day-ahead errors.
 */
function fitTraffic(counts: readonly number[], exposure: readonly number[]): CountLevelFit {
  const level = fitCountLevel(counts, exposure, false);
  const drift = fitCountLevel(counts, exposure, true, level);
  const chosen = drift.aic < level.aic ? drift : level;
  return calibrateLevelVariance(counts, exposure, chosen, initialLogRate(counts, exposure), CALIBRATION_HORIZON_DAYS);
}

/**
 * Fits the traffic, conversion and order-value models of {@link RevenueModel} to the trailing window of a daily
 * history. Throws SimulationHistoryError (reason 'invalid-history', 'too-few-days' or 'too-few-orders') when the
 * history cannot support a fit.
 */
export function fitRevenueModel(history: readonly DailyRevenue[], options: RevenueModelOptions = {}): RevenueModel {
  const windowDays = options.windowDays ?? DEFAULT_WINDOW_DAYS;
  const dense = densifyHistory(history, windowDays);
  const days = dense.orders.length;
  const notes: string[] = [];
  const basis = dense.sessions ? 'sessions' : 'orders';
  const traffic = dense.sessions ?? dense.orders;
  if (!dense.sessions) {
    notes.push(
      'No session data: traffic × conversion rate is modelled as daily orders, so a traffic or conversion change ' +
        'scales orders and neither figure is reported.',
    );
  }
  const weekdayFactors = estimateWeekdayFactors(traffic, dense.firstDay);
  if (weekdayFactors.every((f) => f === 1)) notes.push('The history does not show weekday effects; none are applied.');
  const exposure = traffic.map((_, t) => weekdayFactors[weekdayOf(dense.firstDay + t)]!);
  const trafficFit = fitTraffic(traffic, exposure);
  if (trafficFit.dynamics.trend) {
    const slope = 100 * (Math.exp(30 * trafficFit.state.mean[1]) - 1);
    notes.push(`The ${basis} drift, ${slope.toFixed(1)} % over 30 days, is projected with its uncertainty.`);
  }
  const conversion = dense.sessions ? fitCountLevel(dense.orders, dense.sessions, false) : null;
  const recentFrom = Math.max(0, days - 28);
  return {
    basis,
    windowDays,
    from: dayToIsoDate(dense.firstDay),
    to: dayToIsoDate(dense.firstDay + days - 1),
    nextDay: dense.firstDay + days,
    weekdayFactors,
    traffic: trafficFit,
    conversion,
    orderValue: fitOrderValue(dense.orders, dense.revenue),
    recent: {
      sessions: dense.sessions ? sum(dense.sessions, recentFrom) : null,
      orders: sum(dense.orders, recentFrom),
      revenue: sum(dense.revenue, recentFrom),
    },
    notes,
  };
}
