import type { CustomerDetail, CustomerSource, MergeEdge, MergeKey } from '@ri/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import type { Permission } from '../../../lib/can';
import { focusRing } from '../../../lib/focus-ring';
import { useUnmergeRecords } from '../hooks/use-customer-mutations';
import { formatDate } from '../lib/customer-format';

export const UNMERGE_FAILED = 'Failed to separate the records. Please try again.';

export const SOURCE_LABELS: Record<CustomerSource, string> = {
  stripe: 'Stripe',
  ghl: 'GoHighLevel',
  visitor: 'Tracked visitor',
};
const KEY_LABELS: Record<MergeKey, string> = {
  email: 'same e-mail',
  phone: 'same phone',
  visitor_id: 'same visitor id',
  confirmed: 'confirmed by a person',
};

type Props = { detail: CustomerDetail; manage: Permission };

/**
 * The records merged into this customer, one per system, and the key that joined each pair; a merge that is
 * wrong can be undone (Not the same person), after a confirm step, and the profiles are rebuilt.
 */
export function RecordsAndMerges({ detail, manage }: Props) {
  const [undoing, setUndoing] = useState<MergeEdge | null>(null);
  const unmerge = useUnmergeRecords();
  const label = (recordId: string) => {
    const record = detail.records.find((r) => r.id === recordId);
    return record ? `${SOURCE_LABELS[record.source]} ${record.source_id}` : recordId;
  };
  const result = unmerge.data;
  return (
    <div className="space-y-4">
      <ul aria-label="Records" className="divide-y divide-slate-100 text-sm">
        {detail.records.map((r) => (
          <li key={r.id} className="py-2">
            <span className="font-medium text-slate-900">{SOURCE_LABELS[r.source]}</span>{' '}
            <span className="break-all text-slate-500">{r.source_id}</span>
            <span className="block text-xs text-slate-600">
              {[r.name, r.email, r.phone, r.created_at && `since ${formatDate(r.created_at)}`]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </li>
        ))}
      </ul>
      {detail.merges.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Why they are one person</h3>
          <ul aria-label="Merges" className="mt-1 space-y-2 text-sm text-slate-700">
            {detail.merges.map((m) => (
              <li key={`${m.a}-${m.b}-${m.key}`} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {label(m.a)} and {label(m.b)}: {KEY_LABELS[m.key]} ({m.value})
                </span>
                {manage.allowed && (
                  <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => setUndoing(m)}>
                    Not the same person
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-slate-600">One record only: nothing was merged.</p>
      )}
      {result && (
        <Alert tone="success">
          <p>{result.message}</p>
          {!result.customer_ids.includes(detail.customer.id) && (
            <ul className="mt-1">
              {result.customer_ids.map((id) => (
                <li key={id}>
                  <Link
                    to={`/customer-intelligence/${id}`}
                    className={`rounded text-indigo-700 underline ${focusRing}`}
                  >
                    Open customer {id.slice(0, 8)}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      {undoing && (
        <Modal
          open
          onOpenChange={(open) => !open && setUndoing(null)}
          title="Not the same person?"
          footer={
            <>
              <Button variant="secondary" onClick={() => setUndoing(null)}>
                Cancel
              </Button>
              <Button
                busy={unmerge.isPending}
                onClick={() => unmerge.mutate({ a: undoing.a, b: undoing.b }, { onSuccess: () => setUndoing(null) })}
              >
                Separate them
              </Button>
            </>
          }
        >
          <p className="text-sm text-slate-700">
            {label(undoing.a)} and {label(undoing.b)} were joined as one person ({KEY_LABELS[undoing.key]}). They will
            be kept apart from now on, and the profiles are rebuilt at once.
          </p>
          {unmerge.isError && (
            <div className="mt-3">
              <Alert tone="error">{UNMERGE_FAILED}</Alert>
            </div>
          )}
        </Modal>
      )}
    </div>
  );
}
