import { lineRuns, niceMax, ticks, toPoints } from '../lib/chart-scale';

/** One line of a `LineChart`: its legend name, colour, and one value per x label (null: not known that day). */
export type LineSeries = { name: string; color: string; values: readonly (number | null)[]; dashed?: boolean };

type Props = {
  /** What the chart shows in a sentence or two: the accessible name of the image. */
  summary: string;
  series: readonly LineSeries[];
  xLabels: readonly string[];
  formatY: (value: number) => string;
};

const WIDTH = 1000;

/**
 * A hand-written SVG line chart that stretches to any width, as on Ad Intelligence: the plot scales while the
 * axis labels stay HTML, legible on a phone. Unknown days break a line (a lone known day is a dot) rather than
 * fall to zero. One image to assistive technology, named by `summary`; a data table goes beside it.
 */
export function LineChart({ summary, series, xLabels, formatY }: Props) {
  const known = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const top = niceMax(Math.max(0, ...known));
  const yTicks = ticks(top);
  const labelIndexes = [...new Set([0, Math.floor((xLabels.length - 1) / 2), xLabels.length - 1])].filter(
    (i) => i >= 0,
  );
  const step = xLabels.length > 1 ? WIDTH / (xLabels.length - 1) : 0;
  return (
    <div>
      <div className="flex gap-2">
        <div aria-hidden="true" className="relative h-40 w-14 shrink-0 text-right text-[11px] text-slate-500">
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
          className="h-40 min-w-0 flex-1 overflow-visible"
        >
          {yTicks.map((tick) => {
            const y = 100 - (tick / top) * 100;
            return (
              <line key={tick} x1={0} x2={WIDTH} y1={y} y2={y} stroke="#e2e8f0" vectorEffect="non-scaling-stroke" />
            );
          })}
          {series.map((s) =>
            lineRuns(s.values, top, WIDTH).map((run) => {
              const first = run[0]!;
              const key = `${s.name}-${first.x}`;
              // A day known between two unknown ones: a short stroke, so it stays visible.
              return run.length === 1 ? (
                <line
                  key={key}
                  x1={first.x - Math.max(step / 4, 4)}
                  x2={first.x + Math.max(step / 4, 4)}
                  y1={first.y}
                  y2={first.y}
                  stroke={s.color}
                  strokeWidth={3}
                  strokeLinecap="round"
                  vectorEffect="non-scaling-stroke"
                />
              ) : (
                <polyline
                  key={key}
                  points={toPoints(run)}
                  fill="none"
                  stroke={s.color}
                  strokeWidth={2}
                  strokeDasharray={s.dashed ? '5 4' : undefined}
                  strokeLinejoin="round"
                  vectorEffect="non-scaling-stroke"
                />
              );
            }),
          )}
        </svg>
      </div>
      <div aria-hidden="true" className="ml-16 flex justify-between text-[11px] text-slate-500">
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
