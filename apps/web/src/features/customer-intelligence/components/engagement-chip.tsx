import type { EngagementLevel } from '@ri/contracts';

const tones: Record<EngagementLevel, string> = {
  high: 'bg-emerald-100 text-emerald-800',
  medium: 'bg-amber-100 text-amber-800',
  low: 'bg-slate-100 text-slate-700',
};

export function EngagementChip({ level }: { level: EngagementLevel }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium capitalize ${tones[level]}`}>
      {level}
    </span>
  );
}
