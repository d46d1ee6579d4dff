import type { ProfileOutcome } from '@ri/contracts';
import { formatPercent, NO_VALUE } from '../../../lib/format';

/**
 * The top of the scale the conversion ranges share: the highest interval's top, rounded up to 5 points
 * (at least 5%), so ranges of different profiles compare at a glance.
 */
export function rangeScaleOf(profiles: readonly ProfileOutcome[]): number {
  const top = Math.max(0, ...profiles.map((p) => p.conversion_interval?.[1] ?? 0));
  return Math.min(1, Math.max(0.05, Math.ceil(top * 20) / 20));
}

const at = (value: number, scale: number) => `${Math.min(100, (value / scale) * 100)}%`;

/** A conversion rate with its 95% interval, as figures and drawn as a range on a shared scale. */
export function ConversionRange({ outcome, scale }: { outcome: ProfileOutcome; scale: number }) {
  const { conversion_rate: rate, conversion_interval: interval } = outcome;
  if (rate === null || interval === null) return <span className="text-slate-500">{NO_VALUE}</span>;
  const [low, high] = interval;
  return (
    <div className="min-w-32">
      <span className="font-medium text-slate-900 tabular-nums">{formatPercent(rate)}</span>{' '}
      <span className="text-xs whitespace-nowrap text-slate-500 tabular-nums">
        <span className="sr-only">95% interval </span>
        {formatPercent(low)}–{formatPercent(high)}
      </span>
      <span aria-hidden="true" className="relative mt-1 block h-2 w-full max-w-40 rounded-full bg-slate-100">
        <span
          className="absolute top-0 block h-2 rounded-full bg-indigo-200"
          style={{ left: at(low, scale), width: `calc(${at(high, scale)} - ${at(low, scale)})` }}
        />
        <span
          className="absolute -top-0.5 block size-3 -translate-x-1/2 rounded-full border-2 border-white bg-indigo-600"
          style={{ left: at(rate, scale) }}
        />
      </span>
    </div>
  );
}
