import type { SessionStats } from '@ri/contracts';
import { formatCount, NO_VALUE } from '../../../lib/format';

/** Total and active sessions, events and mean duration (minutes, one decimal); dashes until known. */
export function AdminStatCards({ stats }: { stats: SessionStats | undefined }) {
  const cards = [
    { label: 'Total Sessions', value: stats ? formatCount(stats.total_sessions) : NO_VALUE },
    { label: 'Active Sessions', value: stats ? formatCount(stats.active_sessions) : NO_VALUE },
    { label: 'Total Events', value: stats ? formatCount(stats.total_events) : NO_VALUE },
    { label: 'Avg Duration', value: stats ? `${(stats.avg_session_duration / 60).toFixed(1)} min` : NO_VALUE },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map((card) => (
        <div key={card.label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-sm text-slate-500">{card.label}</dt>
          <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{card.value}</dd>
        </div>
      ))}
    </dl>
  );
}
