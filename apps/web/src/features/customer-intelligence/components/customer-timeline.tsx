import type { TimelineItem } from '@ri/contracts';
import { Link } from 'react-router';
import { focusRing } from '../../../lib/focus-ring';
import { formatDateTime } from '../../../lib/format';
import { formatMoney } from '../lib/customer-format';

const KIND_LABELS: Record<TimelineItem['kind'], string> = {
  session: 'Session',
  payment: 'Payment',
  refund: 'Refund',
  subscription: 'Subscription',
  opportunity: 'Opportunity',
  crm: 'CRM',
  action: 'Action',
};
const KIND_TONES: Record<TimelineItem['kind'], string> = {
  session: 'bg-sky-100 text-sky-800',
  payment: 'bg-emerald-100 text-emerald-800',
  refund: 'bg-red-100 text-red-800',
  subscription: 'bg-violet-100 text-violet-800',
  opportunity: 'bg-amber-100 text-amber-800',
  crm: 'bg-slate-100 text-slate-700',
  action: 'bg-indigo-100 text-indigo-800',
};

/** Everything that happened with the customer, newest first: sessions, payments, refunds, CRM events, actions. */
export function CustomerTimeline({ items, currency }: { items: readonly TimelineItem[]; currency: string | null }) {
  if (items.length === 0) return <p className="text-sm text-slate-600">Nothing recorded for this customer yet.</p>;
  const sorted = [...items].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <ol aria-label="Timeline" className="space-y-3">
      {sorted.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two events may share a time and title
        <li key={`${item.at}-${i}`} className="flex gap-3 text-sm">
          <span className={`h-fit shrink-0 rounded px-1.5 py-0.5 text-xs font-medium ${KIND_TONES[item.kind]}`}>
            {KIND_LABELS[item.kind]}
          </span>
          <div className="min-w-0">
            <p className="font-medium text-slate-900">
              {item.title}
              {item.amount !== null && (
                <span className="ml-2 font-normal text-slate-700 tabular-nums">
                  {formatMoney(item.amount, currency)}
                </span>
              )}
            </p>
            {item.detail && <p className="text-slate-600">{item.detail}</p>}
            <p className="text-xs text-slate-500">
              {formatDateTime(item.at)}
              {item.session_id && (
                <>
                  {' · '}
                  <Link
                    to={`/admin/sessions/${item.session_id}`}
                    className={`rounded text-indigo-600 hover:underline ${focusRing}`}
                  >
                    Open session
                  </Link>
                </>
              )}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
