import type { CustomerDetail } from '@ri/contracts';
import { formatDate, formatMoney } from '../lib/customer-format';
import { ChartDataTable } from './chart-data-table';

type Point = CustomerDetail['value_series'][number];

const WIDTH = 1000;
const HEIGHT = 100;

/** The value axis's top: the largest figure, rounded up to 1, 2, 2.5 or 5 times a power of ten. */
function niceTop(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 2.5, 5, 10].find((s) => s * power >= max) ?? 10) * power;
}

/**
 * Value over time: net revenue to date as a solid line, and the forecast as a dashed line carrying on from
 * the last real point. Drawn on a time axis (points need not be evenly spaced); one image to assistive
 * technology, with its figures in a data table.
 */
export function ValueChart({ series, currency }: { series: readonly Point[]; currency: string | null }) {
  const money = (v: number) => formatMoney(v, currency);
  const past = series.filter((p) => p.forecast === null);
  const future = series.filter((p) => p.forecast !== null);
  const times = series.map((p) => new Date(p.date).getTime());
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  const top = niceTop(Math.max(0, ...series.map((p) => Math.max(p.cumulative_revenue, p.forecast ?? 0))));
  const x = (date: string) => (t1 === t0 ? 0 : ((new Date(date).getTime() - t0) / (t1 - t0)) * WIDTH);
  const y = (v: number) => HEIGHT - (v / top) * HEIGHT;
  const line = (points: { date: string; v: number }[]) => points.map((p) => `${x(p.date)},${y(p.v)}`).join(' ');
  const pastLine = past.map((p) => ({ date: p.date, v: p.cumulative_revenue }));
  const last = pastLine.at(-1);
  const forecastLine = [...(last ? [last] : []), ...future.map((p) => ({ date: p.date, v: p.forecast ?? 0 }))];
  const summary = [
    last ? `Net revenue to date ${money(last.v)} on ${formatDate(last.date)}` : 'No revenue yet',
    future.length ? `forecast ${money(future.at(-1)!.forecast ?? 0)} by ${formatDate(future.at(-1)!.date)}` : null,
  ]
    .filter(Boolean)
    .join('; ');
  return (
    <div>
      <div className="flex gap-2">
        <div aria-hidden="true" className="relative h-40 w-20 shrink-0 text-right text-[11px] text-slate-500">
          <span className="absolute top-0 right-0 -translate-y-1/2">{money(top)}</span>
          <span className="absolute right-0 bottom-0 translate-y-1/2">{money(0)}</span>
        </div>
        <svg
          role="img"
          aria-label={`Value over time: ${summary}.`}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-40 min-w-0 flex-1 overflow-visible"
        >
          <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} stroke="#e2e8f0" vectorEffect="non-scaling-stroke" />
          <line x1={0} x2={WIDTH} y1={0} y2={0} stroke="#e2e8f0" vectorEffect="non-scaling-stroke" />
          {pastLine.length > 0 && (
            <polyline
              points={line(
                pastLine.length === 1 ? [pastLine[0]!, { ...pastLine[0]!, date: series.at(-1)!.date }] : pastLine,
              )}
              fill="none"
              stroke="#4f46e5"
              strokeWidth={2}
              vectorEffect="non-scaling-stroke"
            />
          )}
          {future.length > 0 && (
            <polyline
              points={line(forecastLine)}
              fill="none"
              stroke="#4f46e5"
              strokeWidth={2}
              strokeDasharray="5 4"
              vectorEffect="non-scaling-stroke"
            />
          )}
        </svg>
      </div>
      <div aria-hidden="true" className="ml-22 flex justify-between text-[11px] text-slate-500">
        <span>{formatDate(series[0]!.date)}</span>
        <span>{formatDate(series.at(-1)!.date)}</span>
      </div>
      <ul aria-hidden="true" className="mt-2 flex gap-4 text-xs text-slate-600">
        <li className="flex items-center gap-1.5">
          <span className="inline-block h-0.5 w-4 bg-indigo-600" /> Net revenue to date
        </li>
        {future.length > 0 && (
          <li className="flex items-center gap-1.5">
            <span className="inline-block w-4 border-t-2 border-dashed border-indigo-600" /> Forecast
          </li>
        )}
      </ul>
      <ChartDataTable
        caption="Value over time"
        headers={['Date', 'Net revenue to date', 'Forecast']}
        rows={series.map((p) => [
          formatDate(p.date),
          money(p.cumulative_revenue),
          p.forecast === null ? '' : money(p.forecast),
        ])}
      />
    </div>
  );
}
