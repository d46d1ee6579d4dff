import type { ReactNode } from 'react';
import { NO_VALUE } from '../../../lib/format';

/** A figure, or a dash and the reason in words when it cannot be known (read by screen readers too). */
export function Figure<T>({
  value,
  format,
  reason,
}: {
  value: T | null;
  format: (value: T) => ReactNode;
  reason: string;
}) {
  if (value !== null) return <span className="tabular-nums">{format(value)}</span>;
  return <NotKnown reason={reason} />;
}

/** A dash for a figure that cannot be known, and the reason in words. */
export function NotKnown({ reason }: { reason: string }) {
  return (
    <span>
      <span aria-hidden="true">{NO_VALUE}</span>
      <span className="sr-only">Not known:</span>
      <span className="block max-w-48 text-xs font-normal whitespace-normal text-slate-500">{reason}</span>
    </span>
  );
}
