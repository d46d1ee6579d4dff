import { dayToIsoDate } from '../ltv/purchases.js';
import type { RevenueModel } from './fit.js';
import { type DailyRevenue, densifyHistory } from './history.js';
import { describeChanges, type RevenueScenario } from './simulate.js';

/** A scenario offered from the business's own history, with what it changes in words and why it was offered. */
export type ProposedScenario = {
  id: 'best-conversion' | 'best-order-value' | 'best-traffic';
  title: string;
  changes: RevenueScenario;
  changes_applied: string[];
  because: string;
};

/** Stretch whose best is compared with the latest: four weeks, so that each contains every weekday four times. */
const STRETCH_DAYS = 28;
/** Smallest gap worth offering: below 2 % the scenario would only restate the interval's noise. */
const MIN_GAIN = 0.02;

type Stretch = { from: number; value: number };

/** Each 28-day stretch's ratio of two daily series' sums, where the denominator is above 0. */
function stretches(numerator: readonly number[], denominator: readonly number[]): Stretch[] {
  const out: Stretch[] = [];
  for (let start = 0; start + STRETCH_DAYS <= numerator.length; start++) {
    let top = 0;
    let bottom = 0;
    for (let t = start; t < start + STRETCH_DAYS; t++) {
      top += numerator[t]!;
      bottom += denominator[t]!;
    }
    if (bottom > 0) out.push({ from: start, value: top / bottom });
  }
  return out;
}

/**
 * Scenarios that bring one driver back to its best 4-week level in the window the model was fitted on: conversion
 * rate (with sessions), average order value, and traffic (sessions, or orders without them), each compared with the
 * last 4 weeks and offered only when the best is at least 2 % above. No figure is invented: each change is the
 * business's own best over its latest.
 */
export function proposeScenarios(history: readonly DailyRevenue[], model: RevenueModel): ProposedScenario[] {
  const dense = densifyHistory(history, model.windowDays);
  const ones = dense.orders.map(() => 1);
  const traffic = dense.sessions ?? dense.orders;
  const candidates = [
    dense.sessions && {
      id: 'best-conversion' as const,
      title: 'Conversion rate back to its best 4 weeks',
      key: 'conversionRate' as const,
      series: stretches(dense.orders, dense.sessions),
      format: (x: number) => `${(100 * x).toFixed(2)} %`,
    },
    {
      id: 'best-order-value' as const,
      title: 'Order value back to its best 4 weeks',
      key: 'orderValue' as const,
      series: stretches(dense.revenue, dense.orders),
      format: (x: number) => x.toFixed(2),
    },
    {
      id: 'best-traffic' as const,
      title: dense.sessions ? 'Traffic back to its best 4 weeks' : 'Orders back to their best 4 weeks',
      key: 'traffic' as const,
      series: stretches(traffic, ones),
      format: (x: number) => `${x.toFixed(1)} a day`,
    },
  ];
  const proposals: ProposedScenario[] = [];
  for (const candidate of candidates) {
    if (!candidate || candidate.series.length === 0) continue;
    const latest = candidate.series[candidate.series.length - 1]!;
    const best = candidate.series.reduce((top, s) => (s.value > top.value ? s : top));
    const gain = best.value / latest.value - 1;
    if (!(gain >= MIN_GAIN)) continue;
    const changes: RevenueScenario = { [candidate.key]: gain };
    const from = dayToIsoDate(dense.firstDay + best.from);
    const to = dayToIsoDate(dense.firstDay + best.from + STRETCH_DAYS - 1);
    proposals.push({
      id: candidate.id,
      title: candidate.title,
      changes,
      changes_applied: describeChanges(changes, model.basis),
      because: `${candidate.format(best.value)} from ${from} to ${to} against ${candidate.format(latest.value)} in the last 4 weeks`,
    });
  }
  return proposals;
}
