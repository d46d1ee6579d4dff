import type { Dashboard, DashboardDay } from '@ri/contracts';
import { formatDay, formatMoneyShort, formatPct } from './dashboard-format';
import { MONTH_DAYS } from './goal-gap';

const known = (days: readonly DashboardDay[], pick: (d: DashboardDay) => number | null) =>
  days.flatMap((d) => {
    const v = pick(d);
    return v === null ? [] : [{ date: d.date, value: v }];
  });

const best = (points: { date: string; value: number }[]) =>
  points.reduce<{ date: string; value: number } | null>(
    (top, p) => (top === null || p.value > top.value ? p : top),
    null,
  );

/** The revenue goal per day: the monthly goal over the 30 days the server counts a month as; null without one. */
export const dailyRevenueGoal = (d: Dashboard) =>
  d.goals.monthly_revenue === null ? null : d.goals.monthly_revenue / MONTH_DAYS;

/** The revenue chart's summary: the total, the daily goal and how many days reached it, the best day. */
export function revenueSummary(d: Dashboard): string {
  const money = (v: number) => formatMoneyShort(v, d.currency);
  const points = known(d.series, (day) => day.revenue);
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const goal = dailyRevenueGoal(d);
  const top = best(points);
  const goalText =
    goal === null
      ? ' No revenue goal is set.'
      : ` The daily goal is ${money(goal)} (the monthly goal ÷ ${MONTH_DAYS}); ${points.filter((p) => p.value >= goal).length} of ${points.length} days reached it.`;
  const topText = top && top.value > 0 ? ` The best day was ${formatDay(top.date)} at ${money(top.value)}.` : '';
  return `Net revenue per day over the last ${d.window.days} days: ${money(total)} in all.${goalText}${topText}`;
}

/** The conversion chart's summary: the range of the known days, the goal, and the days without sessions. */
export function conversionSummary(d: Dashboard): string {
  const points = known(d.series, (day) => day.cvr);
  const values = points.map((p) => p.value);
  const range =
    values.length > 0 ? `from ${formatPct(Math.min(...values))} to ${formatPct(Math.max(...values))}` : 'not known';
  const goal = d.goals.conversion_rate;
  const goalText = goal === null ? ' No conversion rate goal is set.' : ` The goal is ${formatPct(goal)}.`;
  const gaps = d.series.length - points.length;
  const gapText = gaps > 0 ? ` ${gaps} ${gaps === 1 ? 'day' : 'days'} without sessions are left out.` : '';
  return `Conversion rate per day over the last ${d.window.days} days, ${range}.${goalText}${gapText}`;
}

/** The spend chart's summary: the total and the day spend peaked. */
export function spendSummary(d: Dashboard): string {
  const money = (v: number) => formatMoneyShort(v, d.currency);
  const points = known(d.series, (day) => day.ad_spend);
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const top = best(points);
  const topText = top && top.value > 0 ? ` The most was ${money(top.value)} on ${formatDay(top.date)}.` : '';
  return `Ad spend per day over the last ${d.window.days} days: ${money(total)} in all.${topText}`;
}
