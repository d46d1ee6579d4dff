import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, useState } from 'react';
import { FieldHint, FieldLabel, inputClass } from '../../../components/ui/text-field';
import { focusRing } from '../../../lib/focus-ring';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  id: string;
  label: string;
  secret?: boolean;
  hint?: string | undefined;
  /** The rule the value breaks, shown under the field and tied to it for screen readers. */
  error?: string | null | undefined;
};

/** A credential field: tokens are masked with a show/hide toggle (section 2.4); errors sit under the field. */
export function CredentialInput({ id, label, secret = false, hint, error, required, ...props }: Props) {
  const [shown, setShown] = useState(false);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <div className="relative">
        <input
          id={id}
          type={secret && !shown ? 'password' : 'text'}
          autoComplete="off"
          spellCheck={false}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} ${secret ? 'pr-11' : ''} ${error ? 'border-red-400' : ''}`}
          {...props}
        />
        {secret && (
          <button
            type="button"
            aria-label={shown ? `Hide ${label}` : `Show ${label}`}
            aria-pressed={shown}
            disabled={props.disabled}
            onClick={() => setShown((s) => !s)}
            className={`absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 disabled:text-slate-300 ${focusRing}`}
          >
            {shown ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
      {hint && hintId && <FieldHint id={hintId}>{hint}</FieldHint>}
    </div>
  );
}
