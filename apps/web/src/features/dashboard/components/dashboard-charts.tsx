import type { Dashboard, DashboardDay } from '@ri/contracts';
import { type ReactNode, useId } from 'react';
import { NO_VALUE } from '../../../lib/format';
import { conversionSummary, dailyRevenueGoal, revenueSummary, spendSummary } from '../lib/chart-summaries';
import { reasonAt } from '../lib/dashboard-data';
import { formatDay, formatMoney, formatMoneyShort, formatPct } from '../lib/dashboard-format';
import { ChartDataTable } from './chart-data-table';
import { LineChart, type LineSeries } from './line-chart';
import { Section } from './section';

type ChartProps = {
  title: string;
  /** Why there is nothing to draw, when every day is unknown; the chart says it instead of drawing zeros. */
  unknown: string | null;
  summary: string;
  series: LineSeries[];
  labels: string[];
  formatY: (value: number) => string;
  table: { caption: string; headers: string[]; rows: ReactNode[][] };
};

function Chart({ title, unknown, summary, series, labels, formatY, table }: ChartProps) {
  const headingId = useId();
  return (
    <figure aria-labelledby={headingId} className="min-w-0">
      <h3 id={headingId} className="mb-2 text-sm font-semibold text-slate-900">
        {title}
      </h3>
      {unknown ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-3 py-8 text-center text-sm text-slate-600">
          Nothing to draw: {unknown}
        </p>
      ) : (
        <>
          <LineChart summary={summary} series={series} xLabels={labels} formatY={formatY} />
          {/* The same words name the chart image; hidden here so a screen reader hears them once. */}
          <p aria-hidden="true" className="mt-1 text-xs text-slate-600">
            {summary}
          </p>
          <ChartDataTable {...table} />
        </>
      )}
    </figure>
  );
}

const allUnknown = (days: readonly DashboardDay[], pick: (d: DashboardDay) => number | null) =>
  days.every((d) => pick(d) === null);
const cell = (value: number | null, format: (v: number) => string) => (value === null ? NO_VALUE : format(value));
const flat = (length: number, value: number | null) => Array.from({ length }, () => value);

/**
 * The window day by day: revenue against the daily share of the monthly goal, the conversion rate against its
 * goal, and ad spend. Each is a hand-written SVG chart with a summary in words and its data as a table; a
 * figure that is not known at all says why instead of drawing a line at zero.
 */
export function DashboardCharts({ dashboard: d }: { dashboard: Dashboard }) {
  const days = d.series;
  const labels = days.map((day) => formatDay(day.date));
  const money = (v: number) => formatMoneyShort(v, d.currency);
  const full = (v: number) => formatMoney(v, d.currency);
  const dailyGoal = dailyRevenueGoal(d);
  const cvrGoal = d.goals.conversion_rate;
  const goalLine = (value: number | null, name: string): LineSeries[] =>
    value === null ? [] : [{ name, color: '#94a3b8', values: flat(days.length, value), dashed: true }];

  return (
    <Section
      title="Daily Trends"
      hint={`Each day of the last ${d.window.days} days (UTC), against your goals where you have set them.`}
    >
      <div className="grid gap-6 xl:grid-cols-3">
        <Chart
          title="Revenue per day"
          unknown={allUnknown(days, (day) => day.revenue) ? reasonAt(d, 'structural_tension.current_revenue') : null}
          summary={revenueSummary(d)}
          labels={labels}
          formatY={money}
          series={[
            { name: 'Net revenue', color: '#059669', values: days.map((day) => day.revenue) },
            ...goalLine(dailyGoal, 'Daily goal (monthly goal ÷ 30)'),
          ]}
          table={{
            caption: 'Net revenue by day',
            headers: ['Date', 'Net revenue', 'Orders', 'Daily goal'],
            rows: days.map((day) => [
              formatDay(day.date),
              cell(day.revenue, full),
              cell(day.orders, (v) => v.toLocaleString('en-US')),
              cell(dailyGoal, full),
            ]),
          }}
        />
        <Chart
          title="Conversion rate per day"
          unknown={allUnknown(days, (day) => day.cvr) ? reasonAt(d, 'metric_intelligence.cvr') : null}
          summary={conversionSummary(d)}
          labels={labels}
          formatY={formatPct}
          series={[
            { name: 'Conversion rate', color: '#4f46e5', values: days.map((day) => day.cvr) },
            ...goalLine(cvrGoal, 'Goal'),
          ]}
          table={{
            caption: 'Conversion rate by day',
            headers: ['Date', 'Sessions', 'Converted', 'Conversion rate', 'Goal'],
            rows: days.map((day) => [
              formatDay(day.date),
              day.sessions.toLocaleString('en-US'),
              day.converted_sessions.toLocaleString('en-US'),
              cell(day.cvr, formatPct),
              cell(cvrGoal, formatPct),
            ]),
          }}
        />
        <Chart
          title="Ad spend per day"
          unknown={allUnknown(days, (day) => day.ad_spend) ? reasonAt(d, 'ad_intelligence.ad_spend') : null}
          summary={spendSummary(d)}
          labels={labels}
          formatY={money}
          series={[{ name: 'Ad spend', color: '#d97706', values: days.map((day) => day.ad_spend) }]}
          table={{
            caption: 'Ad spend by day',
            headers: ['Date', 'Ad spend'],
            rows: days.map((day) => [formatDay(day.date), cell(day.ad_spend, full)]),
          }}
        />
      </div>
    </Section>
  );
}
