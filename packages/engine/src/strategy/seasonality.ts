/**
 * The business's own seasonality, from its net revenue per day.
 *
 * Days: every date from the first row to the window's end; a date without a row counts as 0 revenue.
 *
 * - Weekday pattern, over the last `weekdayDays` days at most (needs `minWeekdayDays`): a weekday's index is
 *   its mean revenue / the mean of all days. A weekday stands out when its index is `minWeekdayDeviation` or more
 *   from 1 and Welch's test of its days against the other days gives p < 0.05 / 7 (Bonferroni over weekdays).
 * - Month of year (needs `minMonthDays`): for each full past occurrence of a month, its mean daily revenue / the
 *   mean of the 365 consecutive days around it, centred as far as the data allows (so growth over the years is
 *   not read as a season); the index is the mean over occurrences. One occurrence is one season, not yet a
 *   pattern, and the insight says so.
 */
import { compareMeans } from './evidence-strength.js';

export const SEASONALITY_RULES = {
  minWeekdayDays: 56,
  weekdayDays: 364,
  minWeekdayDeviation: 0.2,
  minMonthDays: 365,
  minMonthDeviation: 0.15,
} as const;

const DAY_MS = 86_400_000;
const dayMs = (iso: string) => Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export type RevenueDay = { date: string; net: number };

/** One value per day from the first row to `to` (ISO dates), missing dates as 0, rows after `to` left out. */
export function dailySeries(rows: readonly { date: string; net: number }[], to: string): RevenueDay[] {
  const byDate = new Map<string, number>();
  for (const r of rows) {
    const d = r.date.slice(0, 10);
    if (d <= to && Number.isFinite(r.net)) byDate.set(d, (byDate.get(d) ?? 0) + r.net);
  }
  if (byDate.size === 0) return [];
  const first = dayMs([...byDate.keys()].sort()[0]!);
  const out: RevenueDay[] = [];
  for (let t = first; t <= dayMs(to); t += DAY_MS) {
    const date = isoDay(t);
    out.push({ date, net: byDate.get(date) ?? 0 });
  }
  return out;
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

export type WeekdayDeviation = { weekday: (typeof WEEKDAYS)[number]; index: number; days: number; p: number };
export type WeekdayPattern = {
  days: number;
  from: string;
  to: string;
  high: WeekdayDeviation | null;
  low: WeekdayDeviation | null;
};

/** The weekdays that stand out, highest and lowest (see the file's header); a reason when data is short. */
export function weekdayPattern(series: readonly RevenueDay[]): WeekdayPattern | { reason: string } {
  const r = SEASONALITY_RULES;
  const days = series.slice(-r.weekdayDays);
  if (days.length < r.minWeekdayDays) {
    return { reason: `${days.length} days of revenue; the weekday pattern needs ${r.minWeekdayDays}.` };
  }
  const all = mean(days.map((d) => d.net));
  if (all <= 0) return { reason: 'No revenue in the days measured.' };
  const found: WeekdayDeviation[] = [];
  for (let w = 0; w < 7; w++) {
    const mine = days.filter((d) => new Date(dayMs(d.date)).getUTCDay() === w).map((d) => d.net);
    const rest = days.filter((d) => new Date(dayMs(d.date)).getUTCDay() !== w).map((d) => d.net);
    const cmp = compareMeans(mine, rest);
    if (!cmp) continue;
    const index = mean(mine) / all;
    if (Math.abs(index - 1) >= r.minWeekdayDeviation && cmp.p < 0.05 / 7) {
      found.push({ weekday: WEEKDAYS[w]!, index, days: mine.length, p: cmp.p });
    }
  }
  const high = found.filter((f) => f.index > 1).sort((a, b) => b.index - a.index)[0] ?? null;
  const low = found.filter((f) => f.index < 1).sort((a, b) => a.index - b.index)[0] ?? null;
  return { days: days.length, from: days[0]!.date, to: days.at(-1)!.date, high, low };
}

export type MonthIndex = { month: (typeof MONTHS)[number]; index: number; occurrences: string[] };

/** The seasonal index of `month` (0–11) from its full past occurrences (see the file's header). */
export function monthIndex(series: readonly RevenueDay[], month: number): MonthIndex | { reason: string } {
  const r = SEASONALITY_RULES;
  if (series.length < r.minMonthDays) {
    return { reason: `${series.length} days of revenue; the month-of-year pattern needs ${r.minMonthDays}.` };
  }
  const position = new Map(series.map((d, i) => [d.date, i]));
  const ratios: number[] = [];
  const occurrences: string[] = [];
  const firstYear = Number(series[0]!.date.slice(0, 4));
  const lastYear = Number(series.at(-1)!.date.slice(0, 4));
  for (let y = firstYear; y <= lastYear; y++) {
    const start = Date.UTC(y, month, 1);
    const end = Date.UTC(y, month + 1, 1) - DAY_MS;
    const i0 = position.get(isoDay(start));
    const i1 = position.get(isoDay(end));
    if (i0 === undefined || i1 === undefined) continue;
    const centre = Math.floor((i0 + i1) / 2);
    const from = Math.min(Math.max(0, centre - 182), series.length - 365);
    const reference = mean(series.slice(from, from + 365).map((d) => d.net));
    if (reference <= 0) continue;
    ratios.push(mean(series.slice(i0, i1 + 1).map((d) => d.net)) / reference);
    occurrences.push(String(y));
  }
  if (ratios.length === 0) return { reason: `No full ${MONTHS[month]} with a year of revenue around it.` };
  return { month: MONTHS[month]!, index: mean(ratios), occurrences };
}

/** The calendar month (0–11) after the one `date` falls in. */
export const nextMonth = (date: string): number => (new Date(dayMs(date)).getUTCMonth() + 1) % 12;
