import type { InputHTMLAttributes, ReactNode } from 'react';
import { focusRing } from '../../lib/focus-ring';

export const inputClass = `block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus-visible:border-indigo-500 ${focusRing}`;

type FieldLabelProps = { htmlFor: string; label: string; required?: boolean };

/** A visible label; the required mark sits outside the label so the accessible name stays exact. */
export function FieldLabel({ htmlFor, label, required }: FieldLabelProps) {
  return (
    <div className="mb-1 flex items-center gap-1">
      <label htmlFor={htmlFor} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {required && (
        <span aria-hidden="true" className="text-red-600">
          *
        </span>
      )}
    </div>
  );
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-xs text-slate-500">
      {children}
    </p>
  );
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; hint?: string };

export function TextField({ id, label, hint, required, className = '', ...props }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <input
        id={id}
        aria-required={required || undefined}
        aria-describedby={hintId}
        className={inputClass}
        {...props}
      />
      {hint && hintId && <FieldHint id={hintId}>{hint}</FieldHint>}
    </div>
  );
}
