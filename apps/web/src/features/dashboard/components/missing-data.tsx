import type { RecommendationList } from '@ri/contracts';
import { ruleName } from '../lib/recommendation-text';

/**
 * What the generator could not look at and why (its skipped rules), and what it looked at and found fine: the
 * honest answer when there are no recommendations.
 */
export function MissingData({ list }: { list: Pick<RecommendationList, 'skipped' | 'checked'> }) {
  if (list.skipped.length === 0 && list.checked.length === 0) return null;
  return (
    <div className="mt-2 space-y-2 text-xs">
      {list.skipped.length > 0 && (
        <div>
          <p className="font-medium">What the generator could not check yet:</p>
          <ul aria-label="Missing data" className="mt-1 list-disc space-y-0.5 pl-5">
            {list.skipped.map((s) => (
              <li key={s.rule}>
                {ruleName(s.rule)}: {s.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {list.checked.length > 0 && (
        <p>Checked and found nothing to act on: {[...new Set(list.checked.map(ruleName))].join(', ')}.</p>
      )}
    </div>
  );
}
