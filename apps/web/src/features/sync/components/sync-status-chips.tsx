import { ChevronDown, X } from 'lucide-react';
import { Popover } from 'radix-ui';
import { focusRing } from '../../../lib/focus-ring';
import { useDashboardSync } from '../hooks/use-dashboard-sync';
import { chipOf, type SyncChipView } from '../lib/sync-run';

const tones: Record<SyncChipView['tone'], string> = {
  success: 'bg-green-100 text-green-800',
  warning: 'bg-amber-100 text-amber-800',
  progress: 'bg-indigo-50 text-indigo-800',
};

/** The chip's details: the sentence it stands for, the progress bar while running, and the integrations named. */
function ChipDetails({ chip }: { chip: SyncChipView }) {
  return (
    <>
      <p className="font-medium text-slate-900">{chip.message}</p>
      {chip.percentage !== undefined && (
        <div
          role="progressbar"
          aria-label="Dashboard sync"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={chip.percentage}
          className="mt-2 h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full bg-indigo-500" style={{ width: `${chip.percentage}%` }} />
        </div>
      )}
      {chip.details.length > 0 && (
        <ul aria-label="Sync details" className="mt-2 space-y-1 text-xs text-slate-600">
          {chip.details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The outcome of the header's Sync as a chip (spec section 8): its progress while it runs, green 'Dashboard
 * synced' or yellow 'Sync failed' after, each with a dismiss button once finished. The chip opens its details
 * (the message, the step, the integrations that failed); the message is also announced as it changes.
 */
export function SyncStatusChips() {
  const { run, busy, dismiss } = useDashboardSync();
  const chip = chipOf(run);
  return (
    <div className="flex min-w-0 items-center gap-2">
      {/* Only outcomes are announced: progress changes every 2 s and would drown everything else. */}
      <p role="status" className="sr-only">
        {chip && !busy ? chip.message : ''}
      </p>
      {chip && (
        <span
          className={`inline-flex min-w-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium ${tones[chip.tone]}`}
        >
          <Popover.Root>
            <Popover.Trigger
              className={`inline-flex min-w-0 items-center gap-0.5 rounded-full ${focusRing}`}
              aria-label={`${chip.text}: details`}
            >
              <span className="truncate">{chip.text}</span>
              <ChevronDown aria-hidden="true" className="size-3 shrink-0" />
            </Popover.Trigger>
            <Popover.Portal>
              <Popover.Content
                align="end"
                sideOffset={8}
                collisionPadding={8}
                className="z-50 w-72 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-lg outline-none"
              >
                <ChipDetails chip={chip} />
              </Popover.Content>
            </Popover.Portal>
          </Popover.Root>
          {!busy && (
            <button
              type="button"
              aria-label={`Dismiss ${chip.text}`}
              onClick={dismiss}
              className={`shrink-0 rounded-full ${focusRing}`}
            >
              <X aria-hidden="true" className="size-3" />
            </button>
          )}
        </span>
      )}
    </div>
  );
}
