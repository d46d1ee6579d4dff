import { JOURNEY_STAGES, NEUROMIND_PROFILES } from '@ri/contracts';
import { useId } from 'react';
import { inputClass } from '../../../components/ui/text-field';
import { words } from '../lib/customer-format';
import type { SegmentField, SegmentFieldErrors, SegmentFormValues } from '../lib/segment-rules';

type Props = {
  values: SegmentFormValues;
  onChange: (values: SegmentFormValues) => void;
  errors: SegmentFieldErrors;
};

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-xs text-red-700">
      {message}
    </p>
  );
}

/**
 * A segment's name and rules: profiles, readiness range, maximum churn risk, minimum lifetime value, journey
 * stages and days inactive. Each error (from the shared schema or the server) shows under the field it names.
 */
export function SegmentRulesForm({ values, onChange, errors }: Props) {
  const base = useId();
  const id = (field: SegmentField) => `${base}-${field}`;
  const errorId = (field: SegmentField) => `${base}-${field}-error`;
  const described = (field: SegmentField) => (errors[field] ? errorId(field) : undefined);
  const set = <K extends keyof SegmentFormValues>(key: K, value: SegmentFormValues[K]) =>
    onChange({ ...values, [key]: value });
  const toggle = <T extends string>(list: T[], item: T) =>
    list.includes(item) ? list.filter((x) => x !== item) : [...list, item];

  const numberField = (field: keyof SegmentFormValues & SegmentField, label: string, hint: string, step = 'any') => (
    <div>
      <label htmlFor={id(field)} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id(field)}
        type="number"
        inputMode="decimal"
        step={step}
        value={values[field] as string}
        onChange={(event) => set(field, event.target.value)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={described(field) ?? `${id(field)}-hint`}
        className={inputClass}
      />
      <p id={`${id(field)}-hint`} className="mt-1 text-xs text-slate-500">
        {hint}
      </p>
      <FieldError id={errorId(field)} message={errors[field]} />
    </div>
  );

  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={id('name')} className="mb-1 block text-sm font-medium text-slate-700">
          Segment name
        </label>
        <input
          id={id('name')}
          value={values.name}
          onChange={(event) => set('name', event.target.value)}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={described('name')}
          className={inputClass}
        />
        <FieldError id={errorId('name')} message={errors.name} />
      </div>
      <div>
        <label htmlFor={id('description')} className="mb-1 block text-sm font-medium text-slate-700">
          Description (optional)
        </label>
        <input
          id={id('description')}
          value={values.description}
          onChange={(event) => set('description', event.target.value)}
          aria-describedby={described('description')}
          className={inputClass}
        />
        <FieldError id={errorId('description')} message={errors.description} />
      </div>
      <fieldset aria-describedby={described('profile_types')}>
        <legend className="mb-1 text-sm font-medium text-slate-700">Profiles</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {NEUROMIND_PROFILES.map((profile) => (
            <label key={profile} className="flex items-center gap-1.5 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={values.profile_types.includes(profile)}
                onChange={() => set('profile_types', toggle(values.profile_types, profile))}
              />
              {profile}
            </label>
          ))}
        </div>
        <FieldError id={errorId('profile_types')} message={errors.profile_types} />
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        {numberField('min_readiness', 'Min readiness', '0 to 100')}
        {numberField('max_readiness', 'Max readiness', '0 to 100')}
        {numberField('max_churn_risk', 'Max churn risk', '0 to 1, e.g. 0.4')}
        {numberField('min_lifetime_value', 'Min lifetime value', "In the business's currency")}
        {numberField('inactive_for_days', 'Inactive for at least (days)', 'Whole days, 1 or more', '1')}
      </div>
      <fieldset aria-describedby={described('journey_stages')}>
        <legend className="mb-1 text-sm font-medium text-slate-700">Journey stages</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {JOURNEY_STAGES.map((stage) => (
            <label key={stage} className="flex items-center gap-1.5 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={values.journey_stages.includes(stage)}
                onChange={() => set('journey_stages', toggle(values.journey_stages, stage))}
              />
              {words(stage)}
            </label>
          ))}
        </div>
        <FieldError id={errorId('journey_stages')} message={errors.journey_stages} />
      </fieldset>
      {errors.rules && (
        <p role="alert" className="text-sm text-red-700">
          {errors.rules}
        </p>
      )}
    </div>
  );
}
