import type { SyncProgress } from '@ri/contracts';
import { formatCount } from '../../../lib/format';

/** A running sync: the phase under way, the items processed so far, and phases done in percent. */
export function SyncProgressView({ progress }: { progress: SyncProgress }) {
  const processed = progress.phases.reduce((sum, p) => sum + p.processed_items, 0);
  const percent = Math.max(0, Math.min(100, Math.round(progress.overall_progress)));
  return (
    <div className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm" aria-live="polite">
      <p className="flex flex-wrap justify-between gap-x-3 text-slate-700">
        <span>
          Current stage: <span className="font-medium text-slate-900">{progress.current_stage ?? 'Starting'}</span>
        </span>
        <span>{formatCount(processed)} items processed</span>
      </p>
      <div
        role="progressbar"
        aria-label="Sync progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-indigo-500 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-500">{percent}% of phases complete</p>
    </div>
  );
}
