import type { ProfileSegment } from '@ri/contracts';
import { formatCount } from '../../../lib/format';
import { ChartDataTable } from './chart-data-table';

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
  return (
    <div>
      {/* Labels are HTML so they stay legible at any width; each bar is an SVG stretched to its track. */}
      <div role="img" aria-label={summary} className="space-y-1.5">
        {segments.map((s) => (
          <div key={s.id} className="grid grid-cols-[8.5rem_1fr_3rem] items-center gap-2 text-xs text-slate-700">
            <span className="truncate">{s.profile_type}</span>
            <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="h-3 w-full">
              <rect x={0} y={0} width={100} height={10} rx={1} fill="#f1f5f9" />
              <rect x={0} y={0} width={(100 * s.user_count) / max} height={10} rx={1} fill="#6366f1" />
            </svg>
            <span className="text-right tabular-nums">{formatCount(s.user_count)}</span>
          </div>
        ))}
      </div>
      <ChartDataTable
        caption="Customers per Neuromind profile"
        headers={['Profile', 'Customers']}
        rows={segments.map((s) => [s.profile_type, formatCount(s.user_count)])}
      />
    </div>
  );
}
