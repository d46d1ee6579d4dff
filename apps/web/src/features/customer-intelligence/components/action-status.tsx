import type { CustomerAction } from '@ri/contracts';
import { Ban, CircleCheck, CircleX, ClipboardList } from 'lucide-react';

const tones: Record<CustomerAction['status'], string> = {
  delivered: 'border-green-200 bg-green-50 text-green-800',
  recorded: 'border-sky-200 bg-sky-50 text-sky-800',
  failed: 'border-red-200 bg-red-50 text-red-800',
  cancelled: 'border-slate-200 bg-slate-100 text-slate-700',
};
const icons = { delivered: CircleCheck, recorded: ClipboardList, failed: CircleX, cancelled: Ban } as const;
const labels: Record<CustomerAction['status'], string> = {
  delivered: 'Delivered',
  recorded: 'Recorded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
export const CHANNEL_LABELS: Record<CustomerAction['channel'], string> = {
  crm_tag: 'Tag the contact in GoHighLevel',
  crm_task: 'Create a GoHighLevel task',
  crm_workflow: 'Enrol in a GoHighLevel workflow',
  owner_task: 'Task for the business owner',
};

/** A customer action's status as a pill, with the server's detail beside it. */
export function ActionStatus({ action }: { action: Pick<CustomerAction, 'status' | 'status_detail'> }) {
  const Icon = icons[action.status];
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span
        className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium ${tones[action.status]}`}
      >
        <Icon aria-hidden="true" className="size-3.5" />
        {labels[action.status]}
      </span>
      <span className="text-sm text-slate-700">{action.status_detail}</span>
    </div>
  );
}
