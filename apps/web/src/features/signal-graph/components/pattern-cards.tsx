import type { BehaviorPattern } from '@ri/contracts';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { focusRing } from '../../../lib/focus-ring';
import { formatCount, formatPercent } from '../../../lib/format';
import { correlationWording } from '../lib/signal-text';

const patternTypes: Record<BehaviorPattern['pattern_type'], { label: string; tone: string }> = {
  high_intent: { label: 'High intent', tone: 'bg-emerald-100 text-emerald-800' },
  abandonment_risk: { label: 'Abandonment risk', tone: 'bg-rose-100 text-rose-800' },
  comparison_shopping: { label: 'Comparison shopping', tone: 'bg-sky-100 text-sky-800' },
  price_sensitive: { label: 'Price sensitive', tone: 'bg-amber-100 text-amber-800' },
};

type CardProps = { pattern: BehaviorPattern; nameOf: (id: string) => string };

/** A pattern that expands to its analysis on click, Enter or Space (it is a button with aria-expanded). */
function PatternCard({ pattern, nameOf }: CardProps) {
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  const type = patternTypes[pattern.pattern_type];
  return (
    <article className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <h3>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => setExpanded((open) => !open)}
          className={`flex w-full items-start justify-between gap-3 rounded-xl p-4 text-left hover:bg-slate-50 ${focusRing}`}
        >
          <span className="min-w-0">
            <span className="block font-semibold text-slate-900">{pattern.name}</span>
            <span className="mt-1 flex flex-wrap items-center gap-2 text-xs">
              <span className={`rounded-full px-2 py-0.5 font-medium ${type.tone}`}>{type.label}</span>
              <span className="text-slate-600">
                {correlationWording(pattern.conversion_correlation)} ({pattern.conversion_correlation.toFixed(2)})
              </span>
              <span className="text-slate-600">{formatCount(pattern.user_count)} users</span>
            </span>
          </span>
          <ChevronDown
            aria-hidden="true"
            className={`mt-0.5 size-5 shrink-0 text-slate-400 transition-transform ${expanded ? 'rotate-180' : ''}`}
          />
        </button>
      </h3>
      <div id={panelId} hidden={!expanded} className="border-t border-slate-100 px-4 pt-3 pb-4 text-sm">
        <p className="text-slate-700">{pattern.description}</p>
        <dl className="mt-3 grid grid-cols-2 gap-2 text-xs">
          <div>
            <dt className="text-slate-500">Conversion rate</dt>
            <dd className="font-medium text-slate-900">
              {pattern.conversion_rate === null ? (
                <>
                  Unknown <span className="font-normal text-slate-500">(not computed for this window)</span>
                </>
              ) : (
                formatPercent(pattern.conversion_rate)
              )}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Correlation with converting</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{pattern.conversion_correlation.toFixed(2)}</dd>
          </div>
        </dl>
        {pattern.signals.length > 0 && (
          <ul aria-label="Signals in this pattern" className="mt-3 flex flex-wrap gap-1">
            {pattern.signals.map((id) => (
              <li key={id} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                {nameOf(id)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}

/** Identified Behavioral Patterns as cards that open to their analysis. */
export function PatternCards({ patterns, nameOf }: { patterns: BehaviorPattern[]; nameOf: (id: string) => string }) {
  if (patterns.length === 0) {
    return <p className="text-sm text-slate-500">No pattern was matched by enough sessions in this window.</p>;
  }
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {patterns.map((pattern) => (
        <li key={pattern.id}>
          <PatternCard pattern={pattern} nameOf={nameOf} />
        </li>
      ))}
    </ul>
  );
}
