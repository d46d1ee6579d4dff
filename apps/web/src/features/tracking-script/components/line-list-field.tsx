import { FieldHint, FieldLabel, inputClass } from '../../../components/ui/text-field';
import { describedBy, FieldError } from './field-error';

type Props = {
  id: string;
  label: string;
  hint: string;
  placeholder: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
};

/** A text area that takes one entry per line (allowed origins, CTA selectors). */
export function LineListField({ id, label, hint, placeholder, value, error, onChange }: Props) {
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} />
      <textarea
        id={id}
        rows={3}
        spellCheck={false}
        autoCapitalize="off"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        className={`${inputClass} font-mono`}
      />
      <FieldHint id={`${id}-hint`}>{hint}</FieldHint>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
