import { BEHAVIORAL_TRAITS, type Customer, TRAIT_LABELS } from '@ri/contracts';
import { formatShare } from '../../../lib/format';
import { reasonFor } from '../lib/customer-format';

/**
 * Behavioral Trait Analysis: each of the five traits as a bar from 0 to 100%, or 'Not measured' with the
 * reason when the customer's sessions do not show the signals that define it.
 */
export function TraitBars({ customer }: { customer: Customer }) {
  return (
    <ul aria-label="Behavioral traits" className="space-y-3">
      {BEHAVIORAL_TRAITS.map((trait) => {
        const value = customer.behavioral_traits[trait];
        const label = TRAIT_LABELS[trait];
        return (
          <li key={trait}>
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium text-slate-800">{label}</span>
              <span className="text-slate-600 tabular-nums">
                {value === null ? 'Not measured' : formatShare(value)}
              </span>
            </div>
            {value === null ? (
              <p className="text-xs text-slate-500">{reasonFor(customer.reasons, trait)}</p>
            ) : (
              <div
                role="meter"
                aria-label={label}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(value * 100)}
                aria-valuetext={formatShare(value)}
                className="mt-1 h-2 w-full overflow-hidden rounded-full bg-slate-100"
              >
                <div className="h-full rounded-full bg-indigo-500" style={{ width: `${value * 100}%` }} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
