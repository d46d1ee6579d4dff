import type { SessionDetail } from '@ri/contracts';
import { Panel } from '../../../components/ui/panel';
import { formatBytes } from '../../../lib/format';

/** The detail exactly as the server sent it; Export Data saves the same text. */
export function DetailRawTab({ detail }: { detail: SessionDetail }) {
  const json = JSON.stringify(detail, null, 2);
  return (
    <Panel>
      <div className="mb-3 flex items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">Raw data</h2>
        <span className="text-xs text-slate-500">{formatBytes(new TextEncoder().encode(json).length)}</span>
      </div>
      <pre
        aria-label="Session data as JSON"
        tabIndex={0}
        className="max-h-[32rem] overflow-auto rounded-lg bg-slate-900 p-4 text-xs leading-relaxed text-slate-100"
      >
        {json}
      </pre>
    </Panel>
  );
}
