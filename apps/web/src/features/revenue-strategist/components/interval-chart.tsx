import { formatMoney } from '../lib/strategy-format';

type Band = { label: string; low: number; high: number; median: number; color: string };

type Props = {
  current: { low: number; high: number; median: number };
  projected: { low: number; high: number; median: number };
  currency: string | null;
};

/** The chart's text alternative: each band's 80 % interval and its middle figure. */
export function intervalSummary(bands: readonly Band[], currency: string | null): string {
  const money = (v: number) => formatMoney(v, currency);
  return `Projected monthly revenue, 80% intervals. ${bands
    .map((b) => `${b.label}: ${money(b.low)} to ${money(b.high)}, projected ${money(b.median)}`)
    .join('. ')}.`;
}

/**
 * The no-change month against the scenario's month: each 80 % interval as a bar on one shared axis, with a
 * mark at the projected figure, so whether the scenario's gain stands out from the noise shows at a glance.
 */
export function IntervalChart({ current, projected, currency }: Props) {
  const bands: Band[] = [
    { label: 'No change', ...current, color: '#94a3b8' },
    { label: 'This scenario', ...projected, color: '#4f46e5' },
  ];
  const values = bands.flatMap((b) => [b.low, b.high, b.median]);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const pad = (max - min) * 0.05 || Math.abs(max) * 0.05 || 1;
  const lo = min - pad;
  const hi = max + pad;
  const x = (v: number) => ((v - lo) / (hi - lo)) * 100;

  return (
    <figure className="space-y-1.5">
      <div role="img" aria-label={intervalSummary(bands, currency)} className="space-y-1.5">
        {bands.map((band) => (
          <div key={band.label} className="grid grid-cols-[6.5rem_1fr] items-center gap-2">
            <span aria-hidden="true" className="text-xs text-slate-600">
              {band.label}
            </span>
            <svg aria-hidden="true" viewBox="0 0 100 12" preserveAspectRatio="none" className="h-3 w-full">
              <rect x={0} y={0} width={100} height={12} fill="#f1f5f9" />
              <rect
                x={x(band.low)}
                y={2}
                width={Math.max(0.5, x(band.high) - x(band.low))}
                height={8}
                rx={1}
                fill={band.color}
                opacity={0.35}
              />
              <rect x={Math.min(99.4, x(band.median))} y={0} width={0.6} height={12} fill={band.color} />
            </svg>
          </div>
        ))}
      </div>
      <figcaption aria-hidden="true" className="grid grid-cols-[6.5rem_1fr] gap-2 text-[11px] text-slate-500">
        <span />
        <span className="flex justify-between tabular-nums">
          <span>{formatMoney(lo, currency)}</span>
          <span>{formatMoney(hi, currency)}</span>
        </span>
      </figcaption>
    </figure>
  );
}
