import type { StrategyAction } from '@ri/contracts';
import { formatDateTime } from '../../../lib/format';
import { STATUS_LABELS } from '../lib/strategy-format';

/** Who moved an action to each status, and when; folded away so the card stays short. */
export function StatusHistory({ history }: { history: StrategyAction['history'] }) {
  if (history.length === 0)
    return <p className="text-xs text-slate-500">Suggested by the engine; no one has acted on it yet.</p>;
  return (
    <details className="text-xs text-slate-600">
      <summary className="cursor-pointer rounded text-slate-700 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none">
        Status history ({history.length})
      </summary>
      <ol aria-label="Status history" className="mt-1 space-y-0.5 pl-4">
        {history.map((entry) => (
          <li key={`${entry.status}|${entry.at}`}>
            {STATUS_LABELS[entry.status]} · {formatDateTime(entry.at)} · {entry.by ?? 'the engine'}
          </li>
        ))}
      </ol>
    </details>
  );
}
