type BarItem = { key: string; label: string; value: number; title?: string };

type Props = {
  items: BarItem[];
  emptyText: string;
  formatValue?: (value: number) => string;
  /** Names the list for screen readers, e.g. 'Views per page'. */
  label: string;
};

/** Horizontal bars scaled to the largest value, each with its label and figure as text. */
export function BarList({ items, emptyText, formatValue = (v) => v.toLocaleString(), label }: Props) {
  if (items.length === 0) return <p className="text-sm text-slate-500">{emptyText}</p>;
  const max = Math.max(...items.map((item) => item.value), 0);
  return (
    <ul aria-label={label} className="space-y-2">
      {items.map((item) => (
        <li key={item.key} className="text-sm">
          <div className="flex justify-between gap-3">
            <span className="min-w-0 truncate text-slate-700" title={item.title ?? item.label}>
              {item.label}
            </span>
            <span className="shrink-0 font-medium text-slate-900 tabular-nums">{formatValue(item.value)}</span>
          </div>
          <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-slate-100">
            <div
              className="h-2 rounded-full bg-indigo-500"
              style={{ width: `${max > 0 ? Math.max(2, (item.value / max) * 100) : 0}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
