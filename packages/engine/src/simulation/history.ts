import { dayToIsoDate, isoDateToDay } from '../ltv/purchases.js';

/** One day of a business's history: visits (null without tracking), orders and revenue in the shop's currency. */
export type DailyRevenue = { date: string; sessions: number | null; orders: number; revenue: number };

/** The fewest days a history must span before it is simulated: 14 to settle the filters, 14 to fit their variances. */
export const MIN_HISTORY_DAYS = 28;
/** The fewest orders a history must hold: below this the order value's mean and spread are guesses. */
export const MIN_HISTORY_ORDERS = 20;

/** Why a history cannot be simulated. */
export type SimulationHistoryReason = 'invalid-history' | 'too-few-days' | 'too-few-orders';

/** The history cannot support a simulation; `reason` says why and the message gives the figures. */
export class SimulationHistoryError extends Error {
  readonly reason: SimulationHistoryReason;
  constructor(reason: SimulationHistoryReason, message: string) {
    super(message);
    this.name = 'SimulationHistoryError';
    this.reason = reason;
  }
}

/**
 * A history as consecutive days from its first to its last date: days missing inside the span count as no orders,
 * no revenue and no sessions (a missing row is a day without activity, not a day without tracking). `sessions` is null when the span the model uses
 * has no tracking.
 */
export type DenseHistory = {
  /** Day number (days since 1970-01-01) of index 0. */
  firstDay: number;
  sessions: number[] | null;
  orders: number[];
  revenue: number[];
};

const isCount = (x: number) => Number.isInteger(x) && x >= 0;

/**
 * Checks a daily history and lays it out day by day, keeping only the trailing `windowDays`. Sessions are used when
 * every day of the last {@link MIN_HISTORY_DAYS} has them; the window then starts where tracking became continuous.
 * Throws {@link SimulationHistoryError} for malformed rows, duplicate dates, or too short or too thin a history.
 */
export function densifyHistory(history: readonly DailyRevenue[], windowDays: number): DenseHistory {
  const rows = new Map<number, DailyRevenue>();
  history.forEach((row, i) => {
    const day = isoDateToDay(row.date);
    const where = `row ${i + 1} (${JSON.stringify(row.date)})`;
    if (day === null) throw new SimulationHistoryError('invalid-history', `${where}: date is not YYYY-MM-DD`);
    if (rows.has(day)) throw new SimulationHistoryError('invalid-history', `${where}: date appears twice`);
    if (!isCount(row.orders)) throw new SimulationHistoryError('invalid-history', `${where}: orders must be a count`);
    if (row.sessions !== null && !isCount(row.sessions)) {
      throw new SimulationHistoryError('invalid-history', `${where}: sessions must be a count or null`);
    }
    if (!Number.isFinite(row.revenue) || row.revenue < 0) {
      throw new SimulationHistoryError('invalid-history', `${where}: revenue must be a number ≥ 0`);
    }
    rows.set(day, row);
  });
  const days = [...rows.keys()].sort((a, b) => a - b);
  const lastDay = days[days.length - 1] ?? 0;
  const span = days.length === 0 ? 0 : lastDay - days[0]! + 1;
  if (span < MIN_HISTORY_DAYS) {
    throw new SimulationHistoryError(
      'too-few-days',
      `the history spans ${span} day(s); a simulation needs at least ${MIN_HISTORY_DAYS}`,
    );
  }
  let firstDay = Math.max(days[0]!, lastDay - windowDays + 1);
  let tracked = 0;
  while (tracked < lastDay - firstDay + 1 && rows.get(lastDay - tracked)?.sessions !== null) tracked++;
  const useSessions = tracked >= MIN_HISTORY_DAYS;
  if (useSessions) firstDay = lastDay - tracked + 1;
  const length = lastDay - firstDay + 1;
  const dense: DenseHistory = {
    firstDay,
    sessions: useSessions ? new Array<number>(length).fill(0) : null,
    orders: new Array<number>(length).fill(0),
    revenue: new Array<number>(length).fill(0),
  };
  for (let i = 0; i < length; i++) {
    const row = rows.get(firstDay + i);
    if (!row) continue;
    dense.orders[i] = row.orders;
    dense.revenue[i] = row.revenue;
    if (dense.sessions) dense.sessions[i] = row.sessions!;
  }
  const orders = dense.orders.reduce((sum, n) => sum + n, 0);
  if (orders < MIN_HISTORY_ORDERS) {
    throw new SimulationHistoryError(
      'too-few-orders',
      `the ${length} days from ${dayToIsoDate(firstDay)} hold ${orders} order(s); a simulation needs at least ${MIN_HISTORY_ORDERS}`,
    );
  }
  return dense;
}
