import type { RecommendationList } from '@ri/contracts';
import { ruleLabel } from '../lib/rule-labels';

/**
 * What the rules did: those that could not run and the data each lacks, and those that ran and found nothing.
 * Shown instead of a blank list, and under the list so an owner knows what more data would unlock.
 */
export function RulesReport({ list }: { list: Pick<RecommendationList, 'checked' | 'skipped'> }) {
  if (list.skipped.length === 0 && list.checked.length === 0) return null;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {list.skipped.length > 0 && (
        <section aria-labelledby="rules-skipped" className="rounded-lg border border-amber-200 bg-amber-50 p-3">
          <h3 id="rules-skipped" className="text-sm font-semibold text-amber-900">
            Rules that could not run
          </h3>
          <ul className="mt-1 space-y-1 text-sm text-amber-900">
            {list.skipped.map((s) => (
              <li key={`${s.rule}|${s.reason}`}>
                <span className="font-medium">{ruleLabel(s.rule)}:</span> {s.reason}
              </li>
            ))}
          </ul>
        </section>
      )}
      {list.checked.length > 0 && (
        <section aria-labelledby="rules-checked" className="rounded-lg border border-slate-200 bg-slate-50 p-3">
          <h3 id="rules-checked" className="text-sm font-semibold text-slate-900">
            Rules that ran
          </h3>
          <p className="text-xs text-slate-600">
            Each looked at your data; those without a card found nothing to act on.
          </p>
          <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
            {list.checked.map((rule) => (
              <li key={rule}>{ruleLabel(rule)}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
