import { NO_VALUE } from '../../../lib/format';

/** A dash for a figure that cannot be known, and the reason in words, read by screen readers too. */
export function NotKnown({ reason, large = false }: { reason: string; large?: boolean }) {
  return (
    <span className="block">
      <span aria-hidden="true" className={large ? 'text-2xl font-semibold text-slate-400' : 'text-slate-400'}>
        {NO_VALUE}
      </span>
      <span className="sr-only">Not known:</span>
      <span className="block text-xs font-normal whitespace-normal text-slate-500">{reason}</span>
    </span>
  );
}
