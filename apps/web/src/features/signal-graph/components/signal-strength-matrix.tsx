import { SIGNAL_TYPES, type SignalSummary, type SignalTypeName } from '@ri/contracts';
import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react';
import { formatCount, formatShare } from '../../../lib/format';
import { humaniseSignal } from '../lib/signal-text';

const typeLabels: Record<SignalTypeName, { label: string; accent: string }> = {
  engagement: { label: 'Engagement', accent: 'bg-sky-500' },
  intent: { label: 'Intent', accent: 'bg-emerald-500' },
  hesitation: { label: 'Hesitation', accent: 'bg-amber-500' },
  friction: { label: 'Friction', accent: 'bg-rose-500' },
};

/** Five heat steps of one hue: the darker the cell, the stronger the signal. */
const HEAT = [
  'bg-indigo-50 text-slate-900',
  'bg-indigo-100 text-slate-900',
  'bg-indigo-200 text-slate-900',
  'bg-indigo-400 text-white',
  'bg-indigo-600 text-white',
] as const;
const heatOf = (strength: number) => HEAT[Math.min(HEAT.length - 1, Math.floor(Math.max(0, strength) * HEAT.length))]!;

const trends = {
  increasing: { icon: ArrowUpRight, text: 'Increasing' },
  decreasing: { icon: ArrowDownRight, text: 'Decreasing' },
  stable: { icon: ArrowRight, text: 'Stable' },
} as const;

function SignalCell({ signal }: { signal: SignalSummary }) {
  const trend = trends[signal.trend];
  const TrendIcon = trend.icon;
  return (
    <li title={signal.description} className={`rounded-lg p-3 ${heatOf(signal.strength)}`}>
      <div className="flex items-start justify-between gap-2">
        <h4 className="min-w-0 text-sm leading-tight font-medium">{humaniseSignal(signal.name)}</h4>
        <span className="inline-flex shrink-0 items-center text-xs" title={trend.text}>
          <TrendIcon aria-hidden="true" className="size-4" />
          <span className="sr-only">{trend.text}</span>
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-3 gap-1 text-[11px] leading-tight">
        <div>
          <dt className="opacity-75">Strength</dt>
          <dd className="text-base font-semibold tabular-nums">{formatShare(signal.strength)}</dd>
        </div>
        <div>
          <dt className="opacity-75">Sessions</dt>
          <dd className="text-base font-semibold tabular-nums">{formatCount(signal.frequency)}</dd>
        </div>
        <div>
          <dt className="opacity-75">Impact</dt>
          <dd className="text-base font-semibold tabular-nums">{formatShare(signal.impact_score)}</dd>
        </div>
      </dl>
    </li>
  );
}

function Legend() {
  return (
    <div aria-hidden="true" className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-slate-500">
      <span className="flex items-center gap-1">
        Weaker
        {HEAT.map((step) => (
          <span key={step} className={`size-3 rounded-sm ${step}`} />
        ))}
        Stronger
      </span>
      <span className="flex items-center gap-1">
        <ArrowUpRight className="size-3.5" /> rising <ArrowRight className="size-3.5" /> stable
        <ArrowDownRight className="size-3.5" /> falling (against the previous window)
      </span>
    </div>
  );
}

/**
 * Signal Strength Matrix: one column per signal type (stacked on a phone), each signal a cell shaded
 * by strength, with how many sessions showed it, how strongly it goes with conversion, and its trend.
 */
export function SignalStrengthMatrix({ signals }: { signals: SignalSummary[] }) {
  return (
    <div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {SIGNAL_TYPES.map((type) => {
          const ofType = signals.filter((s) => s.type === type).sort((a, b) => b.strength - a.strength);
          const { label, accent } = typeLabels[type];
          return (
            <section key={type} aria-labelledby={`matrix-${type}`}>
              <h3 id={`matrix-${type}`} className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-900">
                <span aria-hidden="true" className={`size-2.5 rounded-full ${accent}`} />
                {label}
                <span className="font-normal text-slate-500">({ofType.length})</span>
              </h3>
              {ofType.length > 0 ? (
                <ul aria-label={`${label} signals`} className="space-y-2">
                  {ofType.map((signal) => (
                    <SignalCell key={signal.id} signal={signal} />
                  ))}
                </ul>
              ) : (
                <p className="rounded-lg border border-dashed border-slate-200 p-3 text-xs text-slate-500">
                  No {label.toLowerCase()} signals were present in this window.
                </p>
              )}
            </section>
          );
        })}
      </div>
      <Legend />
    </div>
  );
}
