import { linePoints, niceMax, ticks } from '../lib/chart-scale';

/** One line of a `LineChart`: its name in the legend, its colour and one value per x label. */
export type LineSeries = { name: string; color: string; values: readonly number[]; dashed?: boolean };

type Props = {
  /** What the chart shows in one or two sentences: the role="img" element's accessible name. */
  summary: string;
  series: readonly LineSeries[];
  /** One label per value (dates), of which the first, middle and last are drawn under the chart. */
  xLabels: readonly string[];
  formatY: (value: number) => string;
  height?: string;
};

// The plot is drawn in a box this wide and 100 high, stretched to the element; strokes keep their width.
const WIDTH = 1000;

/**
 * A hand-written SVG line chart that stretches to any width: the plot scales, while the axis labels are
 * HTML beside it and so stay legible on a phone. It is one image to assistive technology, named by
 * `summary`; the legend and labels are hidden from it, and a data table goes beside it.
 */
export function LineChart({ summary, series, xLabels, formatY, height = 'h-48' }: Props) {
  const top = niceMax(Math.max(0, ...series.flatMap((s) => s.values)));
  const yTicks = ticks(top);
  const labelIndexes = [...new Set([0, Math.floor((xLabels.length - 1) / 2), xLabels.length - 1])].filter(
    (i) => i >= 0,
  );
  return (
    <div>
      <div className="flex gap-2">
        <div aria-hidden="true" className={`relative w-16 shrink-0 text-right text-[11px] text-slate-500 ${height}`}>
          {yTicks.map((tick) => (
            <span
              key={tick}
              className="absolute right-0 -translate-y-1/2"
              style={{ top: `${100 - (tick / top) * 100}%` }}
            >
              {formatY(tick)}
            </span>
          ))}
        </div>
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${WIDTH} 100`}
          preserveAspectRatio="none"
          className={`min-w-0 flex-1 overflow-visible ${height}`}
        >
          {yTicks.map((tick) => {
            const y = 100 - (tick / top) * 100;
            return (
              <line key={tick} x1={0} x2={WIDTH} y1={y} y2={y} stroke="#e2e8f0" vectorEffect="non-scaling-stroke" />
            );
          })}
          {series.map((s) => (
            <polyline
              key={s.name}
              points={linePoints(s.values, top, WIDTH)}
              fill="none"
              stroke={s.color}
              strokeWidth={2}
              strokeDasharray={s.dashed ? '4 3' : undefined}
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
          ))}
        </svg>
      </div>
      <div aria-hidden="true" className="ml-18 flex justify-between text-[11px] text-slate-500">
        {labelIndexes.map((i) => (
          <span key={i}>{xLabels[i]}</span>
        ))}
      </div>
      <ul aria-hidden="true" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        {series.map((s) => (
          <li key={s.name} className="flex items-center gap-1.5">
            <span
              className="inline-block h-0.5 w-4"
              style={{
                backgroundColor: s.dashed ? 'transparent' : s.color,
                borderTop: s.dashed ? `2px dashed ${s.color}` : undefined,
              }}
            />
            {s.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
