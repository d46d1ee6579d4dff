import { isoDateToDay } from '../ltv/purchases.js';
import { fitRevenueModel, type RevenueModelOptions } from './fit.js';
import type { DailyRevenue } from './history.js';
import { simulateRevenue } from './simulate.js';

/** One backtest origin: the forecast of the `days` after it from the history up to it, and what happened. */
export type BacktestForecast = {
  /** Last date of the history the model saw. */
  origin: string;
  actual: number;
  median: number;
  low: number;
  high: number;
  covered: boolean;
};

/** Options of {@link backtestRevenue}: origins (last dates fitted), horizon, paths, seed and the fit's window. */
export type BacktestOptions = RevenueModelOptions & {
  origins: readonly string[];
  days?: number;
  draws?: number;
  seed?: number;
};

/**
 * For each origin, fits the revenue model on the history up to and including it, simulates the next `days` with no
 * change and records whether the actual revenue of those days (missing days count as none) fell in the 80 % interval.
 */
export function backtestRevenue(history: readonly DailyRevenue[], options: BacktestOptions): BacktestForecast[] {
  const days = options.days ?? 30;
  const byDay = history.map((row) => ({ day: isoDateToDay(row.date)!, row }));
  return options.origins.map((origin) => {
    const end = isoDateToDay(origin)!;
    const model = fitRevenueModel(
      byDay.filter((d) => d.day <= end).map((d) => d.row),
      options,
    );
    const { current } = simulateRevenue(model, {}, { days, draws: options.draws, seed: options.seed });
    const actual = byDay.filter((d) => d.day > end && d.day <= end + days).reduce((s, d) => s + d.row.revenue, 0);
    const { low, high } = current.interval;
    return { origin, actual, median: current.monthly_revenue, low, high, covered: actual >= low && actual <= high };
  });
}
