import type { ActionOutcome } from '@ri/contracts';
import { CircleCheck } from 'lucide-react';
import { formatDateTime } from '../../../lib/format';
import { formatOutcomeValue, isRateOutcome, VERDICT_LABELS } from '../lib/strategy-format';

const verdictTones: Record<ActionOutcome['verdict'], string> = {
  improved: 'text-green-800',
  worsened: 'text-red-800',
  no_clear_change: 'text-slate-700',
  too_little_data: 'text-slate-700',
  waiting: 'text-slate-600',
};

/** 'Conversion rate: 10% → 13% (+3 points; 95% interval +0.2 points to +5.8 points)'. */
function figuresLine(outcome: ActionOutcome, rate: boolean): string {
  const value = (v: number | null, signed = false) => formatOutcomeValue(v, rate, signed);
  const interval = outcome.interval_95
    ? `; 95% interval ${value(outcome.interval_95[0], true)} to ${value(outcome.interval_95[1], true)}`
    : '';
  return `${outcome.metric}: ${value(outcome.before)} → ${value(outcome.after)} (${value(outcome.change, true)}${interval})`;
}

/**
 * A completed action: the tick, and what its metric did after it: before → after, the change with its 95 %
 * interval and the verdict, or that it is still being measured.
 */
export function ActionOutcomeView({ outcome }: { outcome: ActionOutcome | null }) {
  const measured = outcome && outcome.verdict !== 'waiting' && outcome.before !== null && outcome.after !== null;
  const rate = outcome ? isRateOutcome(outcome) : false;
  return (
    <div className="rounded-lg border border-green-200 bg-green-50/60 p-3 text-sm">
      <p className="flex items-center gap-1.5 font-medium text-green-800">
        <CircleCheck aria-hidden="true" className="size-4" />
        Completed
      </p>
      {!outcome && <p className="mt-1 text-slate-700">Outcome: waiting. The metric is measured after the action.</p>}
      {outcome && (
        <div className="mt-1 space-y-1">
          <p className={`font-medium ${verdictTones[outcome.verdict]}`}>{VERDICT_LABELS[outcome.verdict]}</p>
          {measured && <p className="text-slate-700 tabular-nums">{figuresLine(outcome, rate)}</p>}
          <p className="text-slate-700">{outcome.text}</p>
          <p className="text-xs text-slate-500">Measured {formatDateTime(outcome.measured_at)}</p>
        </div>
      )}
    </div>
  );
}
