import { type ChurnLevel, churnLevel } from '../lib/customer-levels';

const tones: Record<ChurnLevel, string> = {
  high: 'border-red-200 bg-red-50 text-red-800',
  medium: 'border-amber-200 bg-amber-50 text-amber-800',
  low: 'border-green-200 bg-green-50 text-green-800',
};
const labels: Record<ChurnLevel, string> = { high: 'High', medium: 'Medium', low: 'Low' };

/** A churn risk in the spec's colours: red at 0.7 or more, yellow at 0.4 or more, else green. */
export function ChurnChip({ risk }: { risk: number }) {
  const level = churnLevel(risk);
  return (
    <span
      data-level={level}
      className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap tabular-nums ${tones[level]}`}
    >
      {Math.round(risk * 100)}% · {labels[level]}
    </span>
  );
}
