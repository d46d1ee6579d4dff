import { TRACKING_FEATURES, type TrackingFeature } from '@ri/contracts';
import { focusRing } from '../../../lib/focus-ring';
import { FEATURE_LABELS } from '../lib/feature-labels';
import type { ScriptFormValues } from '../lib/script-form-values';

type Props = {
  values: ScriptFormValues;
  onChange: (patch: Partial<ScriptFormValues>) => void;
};

const checkClass = `mt-0.5 size-4 shrink-0 accent-indigo-600 ${focusRing}`;

const MODES = [
  { value: 'standard', label: 'Standard', about: 'Records the features you choose and sends them in batches.' },
  {
    value: 'full',
    label: 'Full',
    about: 'Adds enhanced processing, automatic conversion posting and PII sanitising of captured text.',
  },
] as const;

/** The nine capture features and the Standard / Full mode. */
export function FeatureFields({ values, onChange }: Props) {
  const toggle = (feature: TrackingFeature, checked: boolean) => {
    const chosen = new Set(values.features);
    if (checked) chosen.add(feature);
    else chosen.delete(feature);
    onChange({ features: TRACKING_FEATURES.filter((f) => chosen.has(f)) });
  };

  return (
    <>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Features</legend>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {TRACKING_FEATURES.map((feature) => (
            <label key={feature} className="flex gap-2 text-sm">
              <input
                type="checkbox"
                className={checkClass}
                checked={values.features.includes(feature)}
                onChange={(event) => toggle(feature, event.target.checked)}
              />
              <span>
                <span className="font-medium text-slate-800">{FEATURE_LABELS[feature].label}</span>
                <span className="block text-xs text-slate-500">{FEATURE_LABELS[feature].about}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Mode</legend>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {MODES.map((mode) => (
            <label
              key={mode.value}
              className="flex gap-2 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-indigo-400 has-[:checked]:bg-indigo-50"
            >
              <input
                type="radio"
                name="ts-mode"
                value={mode.value}
                className={checkClass}
                checked={values.mode === mode.value}
                onChange={() => onChange({ mode: mode.value })}
              />
              <span>
                <span className="font-medium text-slate-800">{mode.label}</span>
                <span className="block text-xs text-slate-500">{mode.about}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
