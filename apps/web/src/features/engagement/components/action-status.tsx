import type { EngagementAction } from '@ri/contracts';
import { CircleCheck, CircleX, Clock } from 'lucide-react';

const statusText: Record<EngagementAction['status'], string> = {
  recorded: 'Recorded',
  delivered: 'Delivered',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const statusTones: Record<EngagementAction['status'], string> = {
  recorded: 'bg-sky-50 text-sky-800 border-sky-200',
  delivered: 'bg-emerald-50 text-emerald-800 border-emerald-200',
  failed: 'bg-red-50 text-red-800 border-red-200',
  cancelled: 'bg-slate-50 text-slate-700 border-slate-200',
};

const statusIcons = { recorded: Clock, delivered: CircleCheck, failed: CircleX, cancelled: CircleX } as const;

export const actionStatusText = (status: EngagementAction['status']) => statusText[status];

/**
 * An action's status as the server recorded it, with the reason. `compact` keeps the reason short
 * enough for a table cell: it wraps under the status in small type.
 */
export function ActionStatusBadge({ action, compact = false }: { action: EngagementAction; compact?: boolean }) {
  const Icon = statusIcons[action.status];
  return (
    <div role="status" className={compact ? 'max-w-56 space-y-1' : 'space-y-1'}>
      <span
        className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium ${statusTones[action.status]}`}
      >
        <Icon aria-hidden="true" className="size-3.5" />
        {statusText[action.status]}
      </span>
      <p className="text-xs text-slate-600">{action.status_detail}</p>
    </div>
  );
}
