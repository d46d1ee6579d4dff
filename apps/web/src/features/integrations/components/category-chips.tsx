import { focusRing } from '../../../lib/focus-ring';
import { CATEGORY_FILTERS, type CategoryFilter } from '../lib/categories';

type Props = { value: CategoryFilter; onChange: (value: CategoryFilter) => void };

/** The category filter chips: toggle buttons that wrap on a phone. */
export function CategoryChips({ value, onChange }: Props) {
  return (
    <div role="group" aria-label="Category" className="flex flex-wrap gap-2">
      {CATEGORY_FILTERS.map((chip) => {
        const active = chip.id === value;
        return (
          <button
            key={chip.id}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(chip.id)}
            className={`rounded-full border px-3 py-1.5 text-sm font-medium transition-colors ${active ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'} ${focusRing}`}
          >
            {chip.label}
          </button>
        );
      })}
    </div>
  );
}
