import type { Reasons } from '@ri/contracts';
import type { ReactNode } from 'react';
import { NO_VALUE } from '../../../lib/format';

/** Why a figure is missing, from the object's reasons under the field's name, with a general fallback. */
export const reasonFor = (reasons: Reasons, field: string) => reasons[field] ?? 'Not available from the synced data';

/**
 * A figure, or a dash followed by the reason in words when it cannot be known: the reason is text a
 * reader sees and a screen reader reads, not only a hover title.
 */
export function Figure<T>({
  value,
  format,
  reason,
  className = '',
}: {
  value: T | null;
  format: (value: T) => ReactNode;
  reason: string;
  className?: string;
}) {
  if (value !== null) return <span className={`tabular-nums ${className}`}>{format(value)}</span>;
  return (
    <span className={className}>
      <span aria-hidden="true">{NO_VALUE}</span>
      <span className="sr-only">Not known:</span>
      <span className="block max-w-48 text-xs font-normal whitespace-normal text-slate-500">{reason}</span>
    </span>
  );
}
