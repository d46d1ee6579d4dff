import type { SignalFlow } from '@ri/contracts';
import { ArrowRight } from 'lucide-react';
import { formatCount } from '../../../lib/format';
import { useMediaQuery } from '../../../lib/use-media-query';
import { formatSeconds, formatShare } from '../lib/signal-text';

const COLUMNS = ['From', 'To', 'Probability', 'Avg time', 'Users'];
const TABLE_QUERY = '(min-width: 768px)';

type Props = { flows: SignalFlow[]; nameOf: (id: string) => string };

function ProbabilityBar({ value }: { value: number }) {
  return (
    <span className="flex items-center gap-2">
      <span className="w-10 text-right tabular-nums">{formatShare(value)}</span>
      <span aria-hidden="true" className="h-1.5 w-16 rounded-full bg-slate-100">
        <span className="block h-1.5 rounded-full bg-indigo-500" style={{ width: `${Math.min(1, value) * 100}%` }} />
      </span>
    </span>
  );
}

const flowKey = (flow: SignalFlow) => `${flow.from_signal}->${flow.to_signal}`;

/** Signal Flow Transitions: how often one signal is followed by another, how soon, and for how many. */
export function SignalFlowsTable({ flows, nameOf }: Props) {
  const isWide = useMediaQuery(TABLE_QUERY);
  if (flows.length === 0) {
    return <p className="text-sm text-slate-500">No visitor moved from one signal to another in this window.</p>;
  }
  if (!isWide) {
    return (
      <ul aria-label="Signal Flow Transitions" className="divide-y divide-slate-100">
        {flows.map((flow) => (
          <li key={flowKey(flow)} className="py-3 text-sm">
            <p className="flex flex-wrap items-center gap-1 font-medium text-slate-900">
              {nameOf(flow.from_signal)}
              <ArrowRight aria-hidden="true" className="size-4 text-slate-400" />
              <span className="sr-only"> to </span>
              {nameOf(flow.to_signal)}
            </p>
            <dl className="mt-1 grid grid-cols-3 gap-2 text-xs">
              <div>
                <dt className="text-slate-500">Probability</dt>
                <dd className="tabular-nums">{formatShare(flow.transition_probability)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Avg time</dt>
                <dd className="tabular-nums">{formatSeconds(flow.avg_time_between)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Users</dt>
                <dd className="tabular-nums">{formatCount(flow.user_count)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Signal Flow Transitions</caption>
        <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {flows.map((flow) => (
            <tr key={flowKey(flow)} className="hover:bg-slate-50">
              <td className="px-3 py-2 text-slate-900">{nameOf(flow.from_signal)}</td>
              <td className="px-3 py-2 text-slate-900">{nameOf(flow.to_signal)}</td>
              <td className="px-3 py-2">
                <ProbabilityBar value={flow.transition_probability} />
              </td>
              <td className="px-3 py-2 tabular-nums">{formatSeconds(flow.avg_time_between)}</td>
              <td className="px-3 py-2 tabular-nums">{formatCount(flow.user_count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
