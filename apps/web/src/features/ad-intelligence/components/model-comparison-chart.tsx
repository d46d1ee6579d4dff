import { ATTRIBUTION_MODEL_LABELS, type AttributionMappingRow, type AttributionModelName } from '@ri/contracts';
import { formatConversions } from '../lib/ad-format';
import { platformLabel } from '../lib/ad-platforms';
import { niceMax } from '../lib/chart-scale';

/** One colour per model, the heuristic ones cool and the data-driven ones warm. */
export const MODEL_COLORS: Record<AttributionModelName, string> = {
  last_click: '#4f46e5',
  first_click: '#0ea5e9',
  linear: '#14b8a6',
  time_decay: '#84cc16',
  position_based: '#a855f7',
  markov: '#f59e0b',
  shapley: '#e11d48',
};

/** The rows drawn in the chart: the most credited first, at most this many (the table lists them all). */
export const CHART_ROWS = 8;

const credit = (row: AttributionMappingRow, model: AttributionModelName) => row.credits[model]?.conversions ?? 0;
const maxCredit = (row: AttributionMappingRow, models: readonly AttributionModelName[]) =>
  Math.max(0, ...models.map((m) => credit(row, m)));

/** The chart's accessible summary: how many rows and models, and whom each model credits most. */
export function modelComparisonSummary(
  rows: readonly AttributionMappingRow[],
  models: readonly AttributionModelName[],
) {
  const leaders = models.map((model) => {
    const best = rows.reduce<AttributionMappingRow | null>(
      (top, row) => (top === null || credit(row, model) > credit(top, model) ? row : top),
      null,
    );
    return best
      ? `${ATTRIBUTION_MODEL_LABELS[model]} credits ${best.name} most (${formatConversions(credit(best, model))})`
      : '';
  });
  return `Conversions credited to ${rows.length} campaigns and channels under ${models.length} attribution models. ${leaders.filter(Boolean).join('; ')}.`;
}

type Props = { rows: readonly AttributionMappingRow[]; models: readonly AttributionModelName[] };

/**
 * Grouped horizontal bars: per campaign or channel, one bar per model, so where the models disagree
 * shows at a glance. Each group is a small SVG; the whole is one image to assistive technology.
 */
export function ModelComparisonChart({ rows, models }: Props) {
  const shown = [...rows].sort((a, b) => maxCredit(b, models) - maxCredit(a, models)).slice(0, CHART_ROWS);
  const top = niceMax(Math.max(0, ...shown.map((row) => maxCredit(row, models))));
  const barHeight = 8;
  const gap = 2;
  const groupHeight = models.length * (barHeight + gap);
  return (
    <div>
      <div role="img" aria-label={modelComparisonSummary(rows, models)} className="space-y-3">
        {shown.map((row) => (
          <div key={row.key}>
            <p className="truncate text-xs font-medium text-slate-700">
              {row.name} <span className="font-normal text-slate-500">· {platformLabel(row.platform)}</span>
            </p>
            <svg
              viewBox={`0 0 100 ${groupHeight}`}
              preserveAspectRatio="none"
              className="mt-1 w-full"
              style={{ height: `${groupHeight}px` }}
            >
              {models.map((model, i) => (
                <rect
                  key={model}
                  x={0}
                  y={i * (barHeight + gap)}
                  width={Math.max(0.3, (credit(row, model) / top) * 100)}
                  height={barHeight}
                  rx={1}
                  fill={MODEL_COLORS[model]}
                />
              ))}
            </svg>
          </div>
        ))}
      </div>
      <ul aria-hidden="true" className="mt-3 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
        {models.map((model) => (
          <li key={model} className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm" style={{ backgroundColor: MODEL_COLORS[model] }} />
            {ATTRIBUTION_MODEL_LABELS[model]}
          </li>
        ))}
      </ul>
      {rows.length > shown.length && (
        <p className="mt-1 text-xs text-slate-500">
          The chart shows the {shown.length} most credited of {rows.length}; the data table lists all.
        </p>
      )}
    </div>
  );
}
