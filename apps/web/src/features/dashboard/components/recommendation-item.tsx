import type { Recommendation } from '@ri/contracts';
import { useId } from 'react';
import { focusRing } from '../../../lib/focus-ring';
import {
  confidenceText,
  evidenceMetric,
  evidenceValue,
  PRIORITY_LABELS,
  PRIORITY_TONES,
} from '../lib/recommendation-text';

export function PriorityBadge({ priority }: { priority: Recommendation['priority'] }) {
  return (
    <span
      className={`shrink-0 rounded-full px-2 py-0.5 text-[11px] font-semibold tracking-wide ${PRIORITY_TONES[priority].badge}`}
    >
      {PRIORITY_LABELS[priority]}
    </span>
  );
}

/** The data a recommendation stands on, behind a disclosure: metric, value, window and sample size. */
function EvidenceList({ recommendation: r }: { recommendation: Recommendation }) {
  if (r.evidence.length === 0) return null;
  return (
    <details className="mt-3 text-xs text-slate-600">
      <summary className={`cursor-pointer rounded font-medium text-indigo-700 ${focusRing}`}>
        Evidence ({r.evidence.length})
      </summary>
      <ul className="mt-2 space-y-1.5">
        {r.evidence.map((e, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a metric may appear twice (two windows); the order is fixed
          <li key={i} className="rounded bg-slate-50 px-2 py-1">
            <span className="font-medium text-slate-800">{evidenceMetric(e)}</span>: {evidenceValue(e)}
            <span className="block text-slate-500">
              {e.window}
              {e.sample_size !== null ? ` · sample of ${e.sample_size.toLocaleString('en-US')}` : ''}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-slate-500">How the impact was estimated: {r.lift_method}</p>
    </details>
  );
}

/**
 * One recommendation as the modal shows it (spec 2.4): title, priority badge, expected impact, description,
 * action items, confidence and the 'Next Steps' note, with the evidence it cites.
 */
export function RecommendationItem({ recommendation: r }: { recommendation: Recommendation }) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className={`rounded-lg border border-l-4 border-slate-200 bg-white p-4 ${PRIORITY_TONES[r.priority].edge}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 flex-1 font-semibold text-slate-900">
          {r.title}
        </h3>
        <PriorityBadge priority={r.priority} />
      </div>
      <p className="mt-1 text-sm font-medium text-emerald-700">Expected impact: {r.expected_impact}</p>
      <p className="mt-2 text-sm text-slate-700">{r.description}</p>
      {r.action_steps.length > 0 && (
        <>
          <h4 className="mt-3 text-xs font-semibold text-slate-700 uppercase">Action items</h4>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {r.action_steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
        </>
      )}
      <p className="mt-3 text-xs text-slate-600">
        <span className="font-medium text-slate-800">{confidenceText(r.confidence)}</span> · {r.timeframe}
      </p>
      <div className="mt-3 rounded-md bg-indigo-50 px-3 py-2 text-sm text-indigo-900">
        <span className="font-semibold">Next Steps:</span> {r.next_steps}
      </div>
      <EvidenceList recommendation={r} />
    </article>
  );
}
