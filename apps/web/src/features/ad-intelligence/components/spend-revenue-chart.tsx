import type { AdMetricsDay } from '@ri/contracts';
import { formatDay, formatMoney } from '../lib/ad-format';
import { ChartDataTable } from './chart-data-table';
import { LineChart } from './line-chart';

type Props = {
  days: readonly AdMetricsDay[];
  currency: string | null;
  /** The window in words inside a sentence: 'the last 30 days'. */
  windowText: string;
};

const sum = (days: readonly AdMetricsDay[], pick: (d: AdMetricsDay) => number) =>
  days.reduce((total, d) => total + pick(d), 0);

/** The chart's accessible summary: totals over the window and the day spend peaked. */
export function spendRevenueSummary(days: readonly AdMetricsDay[], currency: string | null, windowText: string) {
  const money = (value: number) => formatMoney(value, currency);
  const spend = sum(days, (d) => d.spend);
  const revenue = sum(days, (d) => d.attributed_revenue);
  const peak = days.reduce<AdMetricsDay | null>((best, d) => (best === null || d.spend > best.spend ? d : best), null);
  const peakText = peak && peak.spend > 0 ? ` Spend peaked on ${formatDay(peak.date)} at ${money(peak.spend)}.` : '';
  return `Ad spend and attributed revenue per day over ${windowText}: ${money(spend)} spent, ${money(revenue)} in revenue we attribute to the ads.${peakText}`;
}

/** Spend against the revenue we attribute to the ads, day by day, with the platforms' own revenue dashed. */
export function SpendRevenueChart({ days, currency, windowText }: Props) {
  const money = (value: number) => formatMoney(value, currency);
  const compact = (value: number) =>
    currency
      ? new Intl.NumberFormat(undefined, { style: 'currency', currency, notation: 'compact' }).format(value)
      : new Intl.NumberFormat(undefined, { notation: 'compact' }).format(value);
  return (
    <figure>
      <LineChart
        summary={spendRevenueSummary(days, currency, windowText)}
        xLabels={days.map((d) => formatDay(d.date))}
        formatY={compact}
        series={[
          { name: 'Spend', color: '#4f46e5', values: days.map((d) => d.spend) },
          { name: 'Attributed revenue', color: '#059669', values: days.map((d) => d.attributed_revenue) },
          {
            name: 'Platform-reported revenue',
            color: '#94a3b8',
            values: days.map((d) => d.platform_revenue),
            dashed: true,
          },
        ]}
      />
      <ChartDataTable
        caption="Spend and revenue by day"
        headers={['Date', 'Spend', 'Attributed revenue', 'Platform revenue', 'Attributed conversions']}
        rows={days.map((d) => [
          formatDay(d.date),
          money(d.spend),
          money(d.attributed_revenue),
          money(d.platform_revenue),
          d.attributed_conversions.toLocaleString(undefined, { maximumFractionDigits: 1 }),
        ])}
      />
    </figure>
  );
}
