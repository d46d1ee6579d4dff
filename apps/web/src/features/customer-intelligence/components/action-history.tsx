import { CUSTOMER_ACTION_OUTCOME_DAYS } from '@ri/contracts';
import { formatDateTime } from '../../../lib/format';
import { useCustomerActions } from '../hooks/use-customers';
import { formatMoney } from '../lib/customer-format';
import { ActionStatus, CHANNEL_LABELS } from './action-status';

/** The actions taken for the customer, with status, who and when, and the measured outcome once its window passed. */
export function ActionHistory({ customerId, currency }: { customerId: string; currency: string | null }) {
  const actions = useCustomerActions(customerId);
  if (actions.isPending) return <p className="text-sm text-slate-600">Loading actions...</p>;
  if (actions.isError) return <p className="text-sm text-slate-600">The actions could not be loaded.</p>;
  if (actions.data.actions.length === 0) {
    return <p className="text-sm text-slate-600">No action has been taken for this customer yet.</p>;
  }
  return (
    <ul aria-label="Actions taken" className="divide-y divide-slate-100">
      {actions.data.actions.map((a) => (
        <li key={a.id} className="space-y-1 py-3 first:pt-0">
          <p className="text-sm font-medium text-slate-900">{a.title}</p>
          <ActionStatus action={a} />
          <p className="text-xs text-slate-500">
            {CHANNEL_LABELS[a.channel]} · by {a.created_by} on {formatDateTime(a.created_at)}
          </p>
          <p className="text-xs text-slate-700">
            {a.outcome === null
              ? `Outcome: measured ${CUSTOMER_ACTION_OUTCOME_DAYS} days after the action.`
              : a.outcome.purchased
                ? `Outcome: bought within ${a.outcome.window_days} days (${formatMoney(a.outcome.revenue, currency)}).`
                : `Outcome: no purchase within ${a.outcome.window_days} days.`}
          </p>
        </li>
      ))}
    </ul>
  );
}
