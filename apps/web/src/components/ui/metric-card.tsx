import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type Props = {
  label: string;
  /** The figure as text; a dash when it is not known. */
  value: string;
  icon?: LucideIcon;
  /** What the figure covers, or why it is missing. */
  description?: ReactNode;
};

/** A summary figure with its title, icon and a line that explains it (spec doc 1, 2.5 Metric card). */
export function MetricCard({ label, value, icon: Icon, description }: Props) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="flex items-center justify-between gap-2 text-sm text-slate-500">
        {label}
        {Icon && <Icon aria-hidden="true" className="size-4 shrink-0 text-indigo-500" />}
      </dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{value}</dd>
      {description && <dd className="mt-1 text-xs text-slate-500">{description}</dd>}
    </div>
  );
}

/** The grid the metric cards sit in: two columns on a phone, four from large screens. */
export function MetricGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {children}
    </dl>
  );
}
