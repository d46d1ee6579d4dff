import { useId } from 'react';

type Option<T extends string> = { value: T; label: string; title?: string };

type Props<T extends string> = {
  /** Names the group for screen readers, e.g. 'Time frame'. */
  label: string;
  options: readonly Option<T>[];
  value: T;
  onChange: (value: T) => void;
};

/**
 * A row of mutually exclusive choices drawn as one pill. Underneath it is a native radio group, so the
 * arrow keys move the choice and Tab leaves the group, as a screen-reader user expects.
 */
export function SegmentedControl<T extends string>({ label, options, value, onChange }: Props<T>) {
  const name = useId();
  return (
    <fieldset className="inline-flex rounded-lg bg-slate-100 p-1">
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <label key={option.value} title={option.title} className="relative">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
            className="peer sr-only"
          />
          <span className="block cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 transition-colors peer-checked:bg-white peer-checked:text-indigo-700 peer-checked:shadow-sm peer-focus-visible:ring-2 peer-focus-visible:ring-indigo-500 hover:text-slate-900">
            {option.label}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
