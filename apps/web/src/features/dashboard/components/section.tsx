import type { ReactNode } from 'react';
import { Panel } from '../../../components/ui/panel';

/** A panel of the dashboard: a level-2 heading, a line on how to read it, and its own controls. */
export function Section({
  title,
  hint,
  actions,
  children,
  className = '',
}: {
  title: string;
  hint?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Panel className={className}>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-[1_1_16rem]">
          <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
          {hint && <p className="mt-0.5 text-sm text-slate-600">{hint}</p>}
        </div>
        {actions}
      </div>
      {children}
    </Panel>
  );
}
