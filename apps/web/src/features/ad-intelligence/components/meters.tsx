import type { ReactNode } from 'react';
import { type FatigueLevel, fatigueLevel } from '../lib/ad-levels';

const fatigueTones: Record<FatigueLevel, string> = {
  high: 'border-red-200 bg-red-50 text-red-800',
  medium: 'border-amber-200 bg-amber-50 text-amber-800',
  low: 'border-green-200 bg-green-50 text-green-800',
};
const fatigueWords: Record<FatigueLevel, string> = { high: 'High', medium: 'Medium', low: 'Low' };

/** A creative fatigue score in the spec's colours: red at 0.7 or more, yellow at 0.4 or more, else green. */
export function FatigueChip({ score }: { score: number }) {
  const level = fatigueLevel(score);
  return (
    <span
      data-level={level}
      className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap tabular-nums ${fatigueTones[level]}`}
    >
      {score.toFixed(2)} · {fatigueWords[level]}
    </span>
  );
}

/**
 * A thin horizontal bar `percent` full (already capped by the caller), named for screen readers as a
 * meter with the text a sighted reader sees beside it.
 */
export function Bar({
  percent,
  label,
  valueText,
  tone = 'bg-indigo-500',
  children,
}: {
  percent: number;
  label: string;
  valueText: string;
  tone?: string;
  children?: ReactNode;
}) {
  return (
    <div className="min-w-24">
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        aria-valuetext={valueText}
        className="h-1.5 w-full overflow-hidden rounded-full bg-slate-100"
      >
        <div className={`h-full rounded-full ${tone}`} style={{ width: `${percent}%` }} />
      </div>
      {children && <div className="mt-1 text-xs text-slate-600">{children}</div>}
    </div>
  );
}
