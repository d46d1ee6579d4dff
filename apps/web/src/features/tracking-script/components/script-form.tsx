import type { TrackingConfig } from '@ri/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError, getErrorMessage } from '../../../lib/api-error';
import { focusRing } from '../../../lib/focus-ring';
import { useGenerateScript } from '../hooks/use-generate-script';
import {
  type ScriptFieldErrors,
  type ScriptFormValues,
  toFormField,
  toFormValues,
  toRequestBody,
} from '../lib/script-form-values';
import { CustomizationFields } from './customization-fields';
import { FeatureFields } from './feature-fields';
import { LineListField } from './line-list-field';

const FIELD_IDS = {
  batchSize: 'ts-batch-size',
  flushInterval: 'ts-flush-interval',
  sessionTimeout: 'ts-session-timeout',
  origins: 'ts-origins',
  ctaSelectors: 'ts-cta-selectors',
} as const;

type Props = { config: TrackingConfig | null; canEdit: boolean };

/** The script's settings; generating creates the tracking id once, later saves keep it. */
export function ScriptForm({ config, canEdit }: Props) {
  const [values, setValues] = useState<ScriptFormValues>(() => toFormValues(config));
  const [errors, setErrors] = useState<ScriptFieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const generate = useGenerateScript();
  const isNew = config === null;

  const change = (patch: Partial<ScriptFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setNotice(null);
  };

  const focusFirstError = (found: ScriptFieldErrors) => {
    const first = (Object.keys(FIELD_IDS) as (keyof typeof FIELD_IDS)[]).find((field) => found[field]);
    if (first) document.getElementById(FIELD_IDS[first])?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = toRequestBody(values);
    if (!result.ok) {
      setErrors(result.errors);
      // After React has rendered the messages, so the focused field announces its error.
      setTimeout(() => focusFirstError(result.errors), 0);
      return;
    }
    setErrors({});
    generate.mutate(result.body, {
      onSuccess: () => setNotice(isNew ? 'Your tracking script is ready: copy it from above.' : 'Changes saved.'),
      onError: (error) => {
        const field = error instanceof ApiError && error.status === 400 ? toFormField(error.field) : null;
        if (field) setErrors({ [field]: error.message });
      },
    });
  };

  const serverFieldError = generate.error instanceof ApiError && toFormField(generate.error.field) !== null;

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      <fieldset disabled={!canEdit || generate.isPending} className="space-y-6">
        <legend className="sr-only">Script settings</legend>
        <FeatureFields values={values} onChange={change} />
        <CustomizationFields values={values} errors={errors} onChange={change} />
        <LineListField
          id={FIELD_IDS.origins}
          label="Allowed origins (one per line)"
          hint="Only pages on these origins may send events. Leave empty to use your business website. Paths are ignored."
          placeholder="https://shop.example"
          value={values.origins}
          error={errors.origins}
          onChange={(origins) => change({ origins })}
        />
        <label className="flex gap-2 text-sm">
          <input
            type="checkbox"
            className={`mt-0.5 size-4 accent-indigo-600 ${focusRing}`}
            checked={values.respectDnt}
            onChange={(event) => change({ respectDnt: event.target.checked })}
          />
          <span>
            <span className="font-medium text-slate-800">Respect Do-Not-Track</span>
            <span className="block text-xs text-slate-500">
              Visitors whose browser sends Do-Not-Track or Global Privacy Control are not tracked.
            </span>
          </span>
        </label>
        <LineListField
          id={FIELD_IDS.ctaSelectors}
          label="CTA selectors (one per line)"
          hint="CSS selectors that count as calls to action, on top of buttons and elements marked data-ri-cta."
          placeholder=".buy-now"
          value={values.ctaSelectors}
          error={errors.ctaSelectors}
          onChange={(ctaSelectors) => change({ ctaSelectors })}
        />
      </fieldset>
      {generate.isError && !serverFieldError && (
        <Alert tone="error">{getErrorMessage(generate.error, 'Failed to generate tracking script')}</Alert>
      )}
      {notice && <Alert tone="success">{notice}</Alert>}
      {canEdit && (
        <Button type="submit" busy={generate.isPending}>
          {isNew ? 'Generate Script' : 'Save changes'}
        </Button>
      )}
    </form>
  );
}
