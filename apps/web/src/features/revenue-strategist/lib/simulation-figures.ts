import type { RevenueSimulation } from '@ri/contracts';
import { NO_VALUE } from '../../../lib/format';
import { formatSignedPercent } from './fractions';
import { formatMoney, formatNumber } from './strategy-format';

type Metrics = RevenueSimulation['current_metrics'];
type MetricKey = keyof Metrics;

/** The relative change from `current` to `projected`; null when either is unknown or the base is 0. */
export function relativeChange(current: number | null, projected: number | null): number | null {
  if (current === null || projected === null || current === 0) return null;
  return (projected - current) / current;
}

/** Why a figure of a simulation is missing (the contract: no tracked sessions leaves rate and traffic unknown). */
const MISSING: Record<MetricKey, string> = {
  monthly_revenue: 'Not known from the history.',
  conversion_rate: 'No tracked sessions: the model works on orders, so there is no conversion rate.',
  average_order_value: 'No orders with revenue in the history.',
  traffic: 'No tracked sessions: the model works on orders, so traffic is not known.',
};

export const METRIC_LABELS: Record<MetricKey, string> = {
  monthly_revenue: 'Monthly revenue',
  conversion_rate: 'Conversion rate',
  average_order_value: 'Average order value',
  traffic: 'Traffic (sessions a month)',
};

export type SimulationFigure = {
  key: MetricKey;
  label: string;
  current: string;
  projected: string;
  change: string;
  /** Why the figure is a dash, when it is. */
  missing: string | null;
};

function formatMetric(key: MetricKey, value: number | null, currency: string | null): string {
  if (value === null) return NO_VALUE;
  if (key === 'monthly_revenue' || key === 'average_order_value') {
    return formatMoney(value, currency, key === 'average_order_value' ? 2 : 0);
  }
  // The contract's conversion rate is a percent of sessions already.
  if (key === 'conversion_rate') return `${formatNumber(value, 2)}%`;
  return formatNumber(value, 0);
}

/** The four figures of a simulation, current against projected, each with its change or why it has none. */
export function simulationFigures(sim: RevenueSimulation, currency: string | null): SimulationFigure[] {
  return (Object.keys(METRIC_LABELS) as MetricKey[]).map((key) => {
    const current = sim.current_metrics[key];
    const projected = sim.projected_metrics[key];
    const change = relativeChange(current, projected);
    return {
      key,
      label: METRIC_LABELS[key],
      current: formatMetric(key, current, currency),
      projected: formatMetric(key, projected, currency),
      change: change === null ? NO_VALUE : formatSignedPercent(change),
      missing: current === null || projected === null ? MISSING[key] : null,
    };
  });
}

/** An 80 % interval as 'low – high' in the currency. */
export const formatInterval = (interval: { low: number; high: number }, currency: string | null) =>
  `${formatMoney(interval.low, currency)} – ${formatMoney(interval.high, currency)}`;
