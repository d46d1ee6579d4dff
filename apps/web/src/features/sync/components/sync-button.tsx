import { CloudOff, RefreshCw, Timer } from 'lucide-react';
import { useId } from 'react';
import { focusRing } from '../../../lib/focus-ring';
import { useDashboardSync } from '../hooks/use-dashboard-sync';
import { useSyncStatus } from '../hooks/use-sync-status';
import { getSyncButtonView } from '../lib/sync-button-view';

/**
 * The header's Sync: starts the dashboard sync and follows it (the chips beside it show the progress and the
 * outcome). Disabled through aria-disabled rather than `disabled`, so keyboard and screen-reader users can
 * still reach the button and hear why it cannot be used.
 */
export function SyncButton() {
  const { data, isPending, error } = useSyncStatus();
  const sync = useDashboardSync();
  const view = getSyncButtonView({ status: data, isPending, error, run: sync.run });
  const descriptionId = useId();
  const Icon = view.busy
    ? RefreshCw
    : data?.reason === 'no_data_source'
      ? CloudOff
      : data?.reason === 'cooldown'
        ? Timer
        : RefreshCw;
  return (
    <>
      <button
        type="button"
        onClick={view.disabled ? undefined : sync.start}
        aria-disabled={view.disabled || undefined}
        aria-busy={view.busy || undefined}
        aria-describedby={descriptionId}
        title={view.title}
        className={`inline-flex shrink-0 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 aria-disabled:cursor-not-allowed aria-disabled:bg-slate-100 aria-disabled:text-slate-500 ${focusRing}`}
      >
        <Icon aria-hidden="true" className={`size-4 ${view.busy ? 'animate-spin' : ''}`} />
        <span className="sr-only md:not-sr-only">{view.label}</span>
      </button>
      <span id={descriptionId} className="sr-only">
        {view.title}
      </span>
    </>
  );
}
