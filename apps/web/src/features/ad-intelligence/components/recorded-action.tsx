import type { AdOptimizationAction } from '@ri/contracts';
import { CircleCheck, CircleX, ClipboardList, Undo2 } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { Permission } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { useUndoOptimization } from '../hooks/use-ad-optimizations';
import { ACTION_STATUS_TEXT, beforeAfterLines } from '../lib/optimization-text';

export const UNDO_FAILED = 'Failed to undo the optimization. Please try again.';

const statusTones: Record<AdOptimizationAction['status'], string> = {
  applied: 'border-green-200 bg-green-50 text-green-800',
  task: 'border-sky-200 bg-sky-50 text-sky-800',
  undone: 'border-slate-200 bg-slate-100 text-slate-700',
  failed: 'border-red-200 bg-red-50 text-red-800',
};
const statusIcons = { applied: CircleCheck, task: ClipboardList, undone: Undo2, failed: CircleX } as const;

/**
 * An implemented optimisation as the server recorded it: its status, what it changed (before and after),
 * who did it and when, and Undo while the change can still be reverted.
 */
export function RecordedAction({
  action: recorded,
  undo: permission,
}: {
  action: AdOptimizationAction;
  undo: Permission;
}) {
  const undo = useUndoOptimization();
  const action = undo.data ?? recorded;
  const Icon = statusIcons[action.status];
  const lines = beforeAfterLines(action);
  return (
    <div className="space-y-1.5">
      <div className="flex flex-wrap items-center gap-2">
        <span
          className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium ${statusTones[action.status]}`}
        >
          <Icon aria-hidden="true" className="size-3.5" />
          {ACTION_STATUS_TEXT[action.status]}
        </span>
        <span className="text-xs text-slate-500">
          by {action.created_by ?? 'an unknown member'} on {formatDateTime(action.created_at)}
        </span>
      </div>
      <p className="text-sm text-slate-700">{action.message}</p>
      {lines.length > 0 && (
        <ul aria-label="What changed" className="text-xs text-slate-700 tabular-nums">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {action.undone_at && (
        <p className="text-xs text-slate-500">
          Undone by {action.undone_by ?? 'an unknown member'} on {formatDateTime(action.undone_at)}
        </p>
      )}
      {action.can_undo && action.status !== 'undone' && permission.allowed && (
        <Button variant="secondary" className="px-3 py-1" busy={undo.isPending} onClick={() => undo.mutate(action.id)}>
          {!undo.isPending && <Undo2 aria-hidden="true" className="size-4" />}
          Undo
        </Button>
      )}
      {undo.isError && <Alert tone="error">{UNDO_FAILED}</Alert>}
    </div>
  );
}
