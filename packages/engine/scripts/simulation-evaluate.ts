/**
 * Backtests the revenue simulation's 80 % intervals. On the CDNOW purchase history (../shared/data/cdnow, beside the
 * repository; orders and dollars a day, no sessions), every 7 days from 1997-03-31 (90 days of history) to 30 days
 * before the data end, it fits the model on the history up to the origin (its trailing 182-day window), simulates
 * the next 30 days with no change and checks whether their actual revenue fell in the interval. It prints the
 * coverage overall and for the first and second half of the origins, the mean interval width relative to the actual
 * and the median absolute percentage error of the median forecast; then the same on synthetic shops whose process is
 * known (independent histories, one origin each). No model setting was chosen on CDNOW.
 *
 *   npm run eval:simulation [-- --data path/to/CDNOW_master.txt] [--replications 60]
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { dayToIsoDate, isoDateToDay, parseCdnowMaster } from '../src/ltv/index.js';
import {
  type BacktestForecast,
  backtestRevenue,
  type DailyRevenue,
  fitRevenueModel,
  simulateRevenue,
} from '../src/simulation/index.js';
import { SYNTHETIC_SHOPS, simulateShopHistory } from '../src/simulation/synthetic-history.fixture.js';

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const DEFAULT_DATA =
  [resolve(REPO_ROOT, '../shared/data/cdnow/CDNOW_master.txt'), '/work/shared/data/cdnow/CDNOW_master.txt'].find((p) =>
    existsSync(p),
  ) ?? resolve(REPO_ROOT, '../shared/data/cdnow/CDNOW_master.txt');

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: DEFAULT_DATA },
    replications: { type: 'string', default: '60' },
  },
});
const purchases = parseCdnowMaster(readFileSync(resolve(process.env.INIT_CWD ?? process.cwd(), values.data!), 'utf8'));

const HORIZON_DAYS = 30;
const FIRST_ORIGIN_HISTORY_DAYS = 90;
const ORIGIN_STEP_DAYS = 7;
const DRAWS = 2000;
const SYNTHETIC_HISTORY_DAYS = 120;

/** CDNOW as a daily history: purchases and dollars per calendar day, from the first to the last purchase. */
function cdnowHistory(): DailyRevenue[] {
  const byDay = new Map<number, { orders: number; revenue: number }>();
  for (const p of purchases) {
    const day = byDay.get(p.day) ?? { orders: 0, revenue: 0 };
    day.orders++;
    day.revenue += p.amount;
    byDay.set(p.day, day);
  }
  return [...byDay]
    .sort(([a], [b]) => a - b)
    .map(([day, { orders, revenue }]) => ({ date: dayToIsoDate(day), sessions: null, orders, revenue }));
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const money = (x: number) => x.toFixed(0).padStart(8);
const coverage = (rows: readonly BacktestForecast[]) => rows.filter((r) => r.covered).length / rows.length;
const medianOf = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
function summary(rows: readonly BacktestForecast[]): string {
  const width = rows.reduce((s, r) => s + (r.high - r.low) / r.actual, 0) / rows.length;
  const below = rows.filter((r) => r.actual < r.low).length;
  const above = rows.filter((r) => r.actual > r.high).length;
  const mdape = medianOf(rows.map((r) => Math.abs(r.median - r.actual) / r.actual));
  return `coverage ${pct(coverage(rows))} (${below} below, ${above} above); mean width ${pct(width)} of actual; MdAPE ${pct(mdape)}`;
}

// CDNOW: rolling origins.
const history = cdnowHistory();
const firstDay = isoDateToDay(history[0]!.date)!;
const lastDay = isoDateToDay(history[history.length - 1]!.date)!;
const origins: string[] = [];
for (let day = firstDay + FIRST_ORIGIN_HISTORY_DAYS - 1; day + HORIZON_DAYS <= lastDay; day += ORIGIN_STEP_DAYS) {
  origins.push(dayToIsoDate(day));
}
const started = performance.now();
const rows = backtestRevenue(history, { origins, days: HORIZON_DAYS, draws: DRAWS, seed: 1 });
const seconds = (performance.now() - started) / 1000;

console.log(
  `CDNOW: ${purchases.length} purchases, ${history[0]!.date} to ${history[history.length - 1]!.date}, no sessions.`,
);
console.log(
  `${origins.length} origins every ${ORIGIN_STEP_DAYS} days from ${origins[0]} to ${origins[origins.length - 1]}; ` +
    `each fits the trailing 182 days and forecasts the next ${HORIZON_DAYS} days' revenue (${DRAWS} paths).`,
);
console.log(['origin'.padEnd(10), '  actual', '  median', '     p10', '     p90', 'in 80 %'].join(' '));
for (const r of rows) {
  console.log(
    [r.origin, money(r.actual), money(r.median), money(r.low), money(r.high), r.covered ? '   yes' : '   no'].join(' '),
  );
}
const half = rows.length >> 1;
console.log(`\nall ${rows.length} origins: ${summary(rows)}`);
console.log(`first ${half} (${rows[0]!.origin} to ${rows[half - 1]!.origin}): ${summary(rows.slice(0, half))}`);
console.log(
  `last ${rows.length - half} (${rows[half]!.origin} to ${rows[rows.length - 1]!.origin}): ${summary(rows.slice(half))}`,
);
console.log(`fit + simulate: ${((1000 * seconds) / rows.length).toFixed(0)} ms per origin on average`);

// One fit and one scenario, timed separately, on the last origin.
{
  const upTo = history.filter((d) => d.date <= origins[origins.length - 1]!);
  const t0 = performance.now();
  const model = fitRevenueModel(upTo);
  const t1 = performance.now();
  const result = simulateRevenue(model, { conversionRate: 0.1 }, { draws: DRAWS, seed: 1 });
  const t2 = performance.now();
  console.log(
    `last origin: fit ${(t1 - t0).toFixed(0)} ms, simulate (no change and conversion +10 %, ${DRAWS} paths each) ` +
      `${(t2 - t1).toFixed(0)} ms; lift ${pct(result.lift.median)} (80 %: ${pct(result.lift.low)} to ${pct(result.lift.high)})`,
  );
}

// Synthetic shops: independent histories from a known process, one origin each.
const replications = Number(values.replications);
console.log(
  `\nSynthetic shops: ${replications} independent histories each, fitted on ${SYNTHETIC_HISTORY_DAYS} days, ` +
    `forecasting the next ${HORIZON_DAYS} (${DRAWS / 2} paths).`,
);
for (const shop of SYNTHETIC_SHOPS) {
  const results = Array.from({ length: replications }, (_, i) => {
    const days = simulateShopHistory(shop, SYNTHETIC_HISTORY_DAYS + HORIZON_DAYS, 1000 + i);
    const origin = days[SYNTHETIC_HISTORY_DAYS - 1]!.date;
    return backtestRevenue(days, { origins: [origin], days: HORIZON_DAYS, draws: DRAWS / 2, seed: i })[0]!;
  });
  console.log(`${shop.name.padEnd(32)} ${summary(results)}`);
}
