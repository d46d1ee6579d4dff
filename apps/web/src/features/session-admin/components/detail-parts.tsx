import type { ReactNode } from 'react';
import { Panel } from '../../../components/ui/panel';

export type DetailRow = { label: string; value: ReactNode; title?: string };

/** A titled panel of label/value rows. */
export function DetailPanel({ title, rows, children }: { title: string; rows?: DetailRow[]; children?: ReactNode }) {
  return (
    <Panel>
      <h2 className="mb-3 text-base font-semibold text-slate-900">{title}</h2>
      {rows && (
        <dl className="space-y-2 text-sm">
          {rows.map((row) => (
            <div key={row.label} className="flex flex-wrap justify-between gap-x-4">
              <dt className="text-slate-500">{row.label}</dt>
              <dd className="min-w-0 break-all text-right text-slate-900" title={row.title}>
                {row.value}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {children}
    </Panel>
  );
}

/** Figures shown as a grid of small cards. */
export function FigureGrid({ figures }: { figures: DetailRow[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {figures.map((figure) => (
        <div key={figure.label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-xs text-slate-500">{figure.label}</dt>
          <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
