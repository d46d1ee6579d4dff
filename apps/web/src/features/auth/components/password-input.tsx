import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, useState } from 'react';
import { FieldHint, FieldLabel, inputClass } from '../../../components/ui/text-field';
import { focusRing } from '../../../lib/focus-ring';

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  id: string;
  label: string;
  hint?: string;
};

/** A password field with a show/hide toggle, so people can check what they typed on a phone. */
export function PasswordInput({ id, label, hint, required, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          aria-required={required || undefined}
          aria-describedby={hintId}
          className={`${inputClass} pr-10`}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-controls={id}
          className={`absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 ${focusRing}`}
        >
          {visible ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
        </button>
      </div>
      {hint && hintId && <FieldHint id={hintId}>{hint}</FieldHint>}
    </div>
  );
}
