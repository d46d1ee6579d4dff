import { type ReadinessBandName, readinessBandOf } from '@ri/contracts';

type Size = 'sm' | 'md' | 'lg';

const bandTones: Record<ReadinessBandName, string> = {
  'Ready to Convert': 'border-emerald-200 bg-emerald-50 text-emerald-800',
  'Warming Up': 'border-amber-200 bg-amber-50 text-amber-800',
  'Early Stage': 'border-slate-200 bg-slate-50 text-slate-700',
};

const bandDots: Record<ReadinessBandName, string> = {
  'Ready to Convert': 'bg-emerald-500',
  'Warming Up': 'bg-amber-500',
  'Early Stage': 'bg-slate-400',
};

const sizes: Record<Size, { box: string; score: string; caption: string }> = {
  sm: { box: 'gap-x-1.5 px-2 py-0.5', score: 'text-sm', caption: 'sr-only' },
  md: { box: 'gap-x-2 px-2.5 py-1', score: 'text-lg', caption: 'text-[11px]' },
  lg: { box: 'gap-x-3 px-3 py-2', score: 'text-3xl', caption: 'text-xs' },
};

type Props = {
  /** Readiness in [0, 100]. */
  score: number;
  size?: Size;
  className?: string;
};

/**
 * A readiness score with one decimal, the caption 'Readiness Score™' and its band (spec doc 1, 2.5),
 * which `readinessBandOf` from the contracts decides so the badge and the server never disagree. At
 * size sm the caption is left to screen readers, since a table column already names the figure.
 */
export function ReadinessBadge({ score, size = 'md', className = '' }: Props) {
  const band = readinessBandOf(score);
  const style = sizes[size];
  return (
    <span
      data-band={band}
      className={`inline-grid grid-cols-[auto_auto] items-center rounded-lg border ${style.box} ${bandTones[band]} ${className}`}
    >
      <span className={`row-span-2 font-semibold tabular-nums ${style.score}`}>{score.toFixed(1)}</span>
      <span className={`leading-tight font-medium ${style.caption}`}>Readiness Score™</span>
      <span className="flex items-center gap-1 text-xs leading-tight whitespace-nowrap">
        <span aria-hidden="true" className={`size-1.5 rounded-full ${bandDots[band]}`} />
        {band}
      </span>
    </span>
  );
}
