import type { Evidence } from '@ri/contracts';
import { focusRing } from '../../../lib/focus-ring';
import { NO_VALUE } from '../../../lib/format';
import { evidenceLabel, formatEvidenceValue } from '../lib/strategy-format';

/** The metrics a recommendation or insight rests on: value, window and sample size; it scrolls sideways on a phone. */
export function EvidenceTable({ evidence, caption = 'Evidence' }: { evidence: readonly Evidence[]; caption?: string }) {
  if (evidence.length === 0) return <p className="text-sm text-slate-600">No evidence rows were sent.</p>;
  return (
    // Focusable so keyboard users can scroll it sideways on a phone.
    <div tabIndex={0} role="region" aria-label={caption} className={`overflow-x-auto rounded ${focusRing}`}>
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-2 py-1.5 font-medium">
              Metric
            </th>
            <th scope="col" className="px-2 py-1.5 text-right font-medium">
              Value
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              Window
            </th>
            <th scope="col" className="px-2 py-1.5 text-right font-medium">
              Sample size
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {evidence.map((row) => (
            <tr key={`${row.metric}|${row.window}`}>
              <th scope="row" className="px-2 py-1.5 font-normal text-slate-700">
                {evidenceLabel(row.metric)}
              </th>
              <td className="px-2 py-1.5 text-right tabular-nums">{formatEvidenceValue(row)}</td>
              <td className="px-2 py-1.5 text-slate-600">{row.window}</td>
              <td className="px-2 py-1.5 text-right tabular-nums">
                {row.sample_size === null ? NO_VALUE : row.sample_size.toLocaleString()}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
