import type { Reconciliation } from '@ri/contracts';
import { NO_VALUE } from '../../../lib/format';
import { formatConversions } from '../lib/ad-format';

const badgeTones: Record<Reconciliation['sufficiency'], string> = {
  sufficient: 'border-green-200 bg-green-50 text-green-800',
  limited: 'border-amber-200 bg-amber-50 text-amber-800',
  insufficient: 'border-slate-200 bg-slate-100 text-slate-700',
};
const badgeText: Record<Reconciliation['sufficiency'], string> = {
  sufficient: 'Sufficient data',
  limited: 'Limited data',
  insufficient: 'Insufficient data',
};

/** What the platform claims against what we attribute, the unmatched remainder and how far to trust it. */
export function ReconciliationView({ reconciliation }: { reconciliation: Reconciliation }) {
  const count = (value: number | null) => (value === null ? NO_VALUE : formatConversions(value));
  return (
    <div className="space-y-2">
      <span
        className={`inline-flex rounded-full border px-2 py-0.5 text-xs font-medium ${badgeTones[reconciliation.sufficiency]}`}
      >
        {badgeText[reconciliation.sufficiency]}
      </span>
      <dl className="grid grid-cols-3 gap-2 text-xs">
        <div>
          <dt className="text-slate-500">Platform claims</dt>
          <dd className="text-lg font-semibold tabular-nums">{count(reconciliation.platform_conversions)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">We attribute</dt>
          <dd className="text-lg font-semibold tabular-nums">{count(reconciliation.attributed_conversions)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Unmatched</dt>
          <dd className="text-lg font-semibold tabular-nums">{count(reconciliation.unmatched_conversions)}</dd>
        </div>
      </dl>
      <p className="text-xs text-slate-600">{reconciliation.reason}</p>
    </div>
  );
}
