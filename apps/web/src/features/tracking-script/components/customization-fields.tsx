import { TextField } from '../../../components/ui/text-field';
import {
  BATCH_SIZE_BOUNDS,
  FLUSH_INTERVAL_BOUNDS,
  type ScriptFieldErrors,
  type ScriptFormValues,
  SESSION_TIMEOUT_MINUTE_BOUNDS,
} from '../lib/script-form-values';
import { describedBy, FieldError } from './field-error';

type Props = {
  values: ScriptFormValues;
  errors: ScriptFieldErrors;
  onChange: (patch: Partial<ScriptFormValues>) => void;
};

/** Batch size, flush interval (ms) and session timeout (minutes here, milliseconds on the wire). */
export function CustomizationFields({ values, errors, onChange }: Props) {
  const fields = [
    {
      id: 'ts-batch-size',
      label: 'Batch size (events)',
      hint: `Events sent together, ${BATCH_SIZE_BOUNDS.min}–${BATCH_SIZE_BOUNDS.max}. Default 10.`,
      value: values.batchSize,
      error: errors.batchSize,
      bounds: BATCH_SIZE_BOUNDS,
      onChange: (batchSize: string) => onChange({ batchSize }),
    },
    {
      id: 'ts-flush-interval',
      label: 'Flush interval (ms)',
      hint: 'How often queued events are sent. Default 5000 ms.',
      value: values.flushInterval,
      error: errors.flushInterval,
      bounds: FLUSH_INTERVAL_BOUNDS,
      onChange: (flushInterval: string) => onChange({ flushInterval }),
    },
    {
      id: 'ts-session-timeout',
      label: 'Session timeout (minutes)',
      hint: 'Inactivity after which a new session starts. Default 30 minutes.',
      value: values.sessionTimeoutMinutes,
      error: errors.sessionTimeout,
      bounds: SESSION_TIMEOUT_MINUTE_BOUNDS,
      onChange: (sessionTimeoutMinutes: string) => onChange({ sessionTimeoutMinutes }),
    },
  ];

  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">Customisation</legend>
      <div className="mt-3 grid gap-4 sm:grid-cols-3">
        {fields.map((field) => (
          <div key={field.id}>
            <TextField
              id={field.id}
              label={field.label}
              hint={field.hint}
              type="number"
              inputMode="numeric"
              min={field.bounds.min}
              max={field.bounds.max}
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
              aria-invalid={field.error ? true : undefined}
              aria-describedby={describedBy(field.id, field.error)}
            />
            <FieldError id={`${field.id}-error`} message={field.error} />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
