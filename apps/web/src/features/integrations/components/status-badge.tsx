import { humaniseName } from '../../../lib/format';
import { type StatusTone, statusTone } from '../lib/integration-status';

const TONE_CLASSES: Record<StatusTone, string> = {
  green: 'bg-green-100 text-green-800',
  yellow: 'bg-amber-100 text-amber-800',
  red: 'bg-red-100 text-red-800',
  grey: 'bg-slate-100 text-slate-700',
};

/** A status in the colours of section 4; `label` overrides the status's own name. */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${TONE_CLASSES[statusTone(status)]}`}
    >
      {label ?? humaniseName(status)}
    </span>
  );
}

export function Pill({ children }: { children: string }) {
  return <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{children}</span>;
}
