import type { MarketInsight, Recommendation, StrategyAction } from '@ri/contracts';
import { Ban, CircleCheck, CircleDashed, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { STATUS_LABELS, words } from '../lib/strategy-format';

const pill = 'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium';

/** A small rounded label; `tone` gives its colours. */
export function Badge({ tone, children }: { tone: string; children: ReactNode }) {
  return <span className={`${pill} ${tone}`}>{children}</span>;
}

const priorityTones: Record<Recommendation['priority'], string> = {
  high: 'border-red-200 bg-red-50 text-red-800',
  medium: 'border-amber-200 bg-amber-50 text-amber-800',
  low: 'border-slate-200 bg-slate-50 text-slate-700',
};

export const PriorityBadge = ({ priority }: { priority: Recommendation['priority'] }) => (
  <Badge tone={priorityTones[priority]}>{words(priority)} priority</Badge>
);

export const CategoryBadge = ({ category }: { category: Recommendation['category'] }) => (
  <Badge tone="border-indigo-200 bg-indigo-50 text-indigo-800">{words(category)}</Badge>
);

const statusTones: Record<StrategyAction['status'], string> = {
  suggested: 'border-sky-200 bg-sky-50 text-sky-800',
  in_progress: 'border-amber-200 bg-amber-50 text-amber-800',
  completed: 'border-green-200 bg-green-50 text-green-800',
  dismissed: 'border-slate-200 bg-slate-100 text-slate-600',
};
const statusIcons = {
  suggested: CircleDashed,
  in_progress: LoaderCircle,
  completed: CircleCheck,
  dismissed: Ban,
} as const;

/** An action's status with its icon; completed carries the tick the spec asks for. */
export function StatusBadge({ status }: { status: StrategyAction['status'] }) {
  const Icon = statusIcons[status];
  return (
    <Badge tone={statusTones[status]}>
      <Icon aria-hidden="true" className="size-3.5" />
      {STATUS_LABELS[status]}
    </Badge>
  );
}

const insightTones: Record<MarketInsight['type'], string> = {
  opportunity: 'border-green-200 bg-green-50 text-green-800',
  threat: 'border-red-200 bg-red-50 text-red-800',
  trend: 'border-sky-200 bg-sky-50 text-sky-800',
  competitive: 'border-violet-200 bg-violet-50 text-violet-800',
};

export const InsightTypeBadge = ({ type }: { type: MarketInsight['type'] }) => (
  <Badge tone={insightTones[type]}>{words(type)}</Badge>
);

/** Labelled small figures in a grid that wraps: two columns on a phone, more on wider cards. */
export function Figures({ items }: { items: readonly { label: string; value: ReactNode; note?: ReactNode }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-5">
      {items.map((item) => (
        <div key={item.label} className="min-w-0">
          <dt className="text-xs text-slate-500">{item.label}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{item.value}</dd>
          {item.note && <dd className="text-xs text-slate-500">{item.note}</dd>}
        </div>
      ))}
    </dl>
  );
}
