import { X } from 'lucide-react';
import { focusRing } from '../../../lib/focus-ring';

export type SyncChip = { id: string; tone: 'success' | 'warning'; text: string };

const tones = {
  success: 'bg-green-100 text-green-800',
  warning: 'bg-amber-100 text-amber-800',
} as const;

type SyncStatusChipsProps = { chips?: readonly SyncChip[]; onDismiss?: (id: string) => void };

/** Outcome chips of the last sync ('Dashboard synced', 'Sync failed'); empty until syncs can run. */
export function SyncStatusChips({ chips = [], onDismiss }: SyncStatusChipsProps) {
  return (
    <div aria-live="polite" className="flex min-w-0 items-center gap-2">
      {chips.map((chip) => (
        <span
          key={chip.id}
          className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium ${tones[chip.tone]}`}
        >
          {chip.text}
          {onDismiss && (
            <button
              type="button"
              aria-label={`Dismiss ${chip.text}`}
              onClick={() => onDismiss(chip.id)}
              className={`rounded-full ${focusRing}`}
            >
              <X aria-hidden="true" className="size-3" />
            </button>
          )}
        </span>
      ))}
    </div>
  );
}
