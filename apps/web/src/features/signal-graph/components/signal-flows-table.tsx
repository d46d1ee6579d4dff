import type { SignalFlow } from '@ri/contracts';
import { ArrowRight } from 'lucide-react';
import { type DataColumn, DataTable } from '../../../components/ui/data-table';
import { FieldGrid } from '../../../components/ui/field-grid';
import { formatCount, formatShare } from '../../../lib/format';
import { formatSeconds } from '../lib/signal-text';

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

function columnsFor(nameOf: Props['nameOf']): DataColumn<SignalFlow>[] {
  return [
    { header: 'From', cell: (flow) => nameOf(flow.from_signal), className: 'text-slate-900' },
    { header: 'To', cell: (flow) => nameOf(flow.to_signal), className: 'text-slate-900' },
    { header: 'Probability', cell: (flow) => <ProbabilityBar value={flow.transition_probability} /> },
    { header: 'Avg time', cell: (flow) => formatSeconds(flow.avg_time_between), className: 'tabular-nums' },
    { header: 'Users', cell: (flow) => formatCount(flow.user_count), className: 'tabular-nums' },
  ];
}

function FlowCard({ flow, nameOf }: { flow: SignalFlow; nameOf: Props['nameOf'] }) {
  return (
    <>
      <p className="flex flex-wrap items-center gap-1 font-medium text-slate-900">
        {nameOf(flow.from_signal)}
        <ArrowRight aria-hidden="true" className="size-4 text-slate-400" />
        <span className="sr-only"> to </span>
        {nameOf(flow.to_signal)}
      </p>
      <FieldGrid
        className="mt-1"
        fields={[
          { label: 'Probability', value: formatShare(flow.transition_probability), className: 'tabular-nums' },
          { label: 'Avg time', value: formatSeconds(flow.avg_time_between), className: 'tabular-nums' },
          { label: 'Users', value: formatCount(flow.user_count), className: 'tabular-nums' },
        ]}
      />
    </>
  );
}

/** Signal Flow Transitions: how often one signal is followed by another, how soon, and for how many. */
export function SignalFlowsTable({ flows, nameOf }: Props) {
  if (flows.length === 0) {
    return <p className="text-sm text-slate-500">No visitor moved from one signal to another in this window.</p>;
  }
  return (
    <DataTable
      caption="Signal Flow Transitions"
      columns={columnsFor(nameOf)}
      rows={flows}
      rowKey={flowKey}
      cards={{
        tableQuery: TABLE_QUERY,
        className: 'py-3 text-sm',
        render: (flow) => <FlowCard flow={flow} nameOf={nameOf} />,
      }}
    />
  );
}
