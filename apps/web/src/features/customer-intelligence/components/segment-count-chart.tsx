import type { ProfileSegment } from '@ri/contracts';
import { formatCount } from '../../../lib/format';
import { ChartDataTable } from './chart-data-table';

const ROW = 24;
const LABEL = 130;
const WIDTH = 600;

/**
 * How many customers each Neuromind profile holds, as horizontal SVG bars; one image to assistive
 * technology, named by a summary, with the counts in a data table beside it.
 */
export function SegmentCountChart({ segments }: { segments: readonly ProfileSegment[] }) {
  const max = Math.max(1, ...segments.map((s) => s.user_count));
  const total = segments.reduce((sum, s) => sum + s.user_count, 0);
  const largest = [...segments].sort((a, b) => b.user_count - a.user_count)[0];
  const summary = largest
    ? `Customers per Neuromind profile: ${formatCount(total)} in all; ${largest.profile_type} holds the most (${formatCount(largest.user_count)}).`
    : 'Customers per Neuromind profile: none yet.';
  const height = segments.length * ROW;
  return (
    <div>
      <svg role="img" aria-label={summary} viewBox={`0 0 ${WIDTH} ${height}`} className="h-auto w-full">
        {segments.map((s, i) => {
          const width = ((WIDTH - LABEL - 60) * s.user_count) / max;
          const y = i * ROW;
          return (
            <g key={s.id}>
              <text x={0} y={y + 16} fontSize={12} fill="#334155">
                {s.profile_type}
              </text>
              <rect x={LABEL} y={y + 5} width={Math.max(width, 1)} height={14} rx={3} fill="#6366f1" />
              <text x={LABEL + width + 6} y={y + 16} fontSize={12} fill="#475569">
                {formatCount(s.user_count)}
              </text>
            </g>
          );
        })}
      </svg>
      <ChartDataTable
        caption="Customers per Neuromind profile"
        headers={['Profile', 'Customers']}
        rows={segments.map((s) => [s.profile_type, formatCount(s.user_count)])}
      />
    </div>
  );
}
