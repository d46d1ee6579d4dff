import type { CustomerDetail, CustomerSource, MergeKey } from '@ri/contracts';
import { formatDate } from '../lib/customer-format';

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

/** The records merged into this customer, one per system, and the key that joined each pair. */
export function RecordsAndMerges({ detail }: { detail: CustomerDetail }) {
  const label = (recordId: string) => {
    const record = detail.records.find((r) => r.id === recordId);
    return record ? `${SOURCE_LABELS[record.source]} ${record.source_id}` : recordId;
  };
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
          <ul aria-label="Merges" className="mt-1 space-y-1 text-sm text-slate-700">
            {detail.merges.map((m) => (
              <li key={`${m.a}-${m.b}-${m.key}`}>
                {label(m.a)} and {label(m.b)}: {KEY_LABELS[m.key]} ({m.value})
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-slate-600">One record only: nothing was merged.</p>
      )}
    </div>
  );
}
