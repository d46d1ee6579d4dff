import type { RevenueSimulation } from '@ri/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { ApiError, getErrorMessage } from '../../../lib/api-error';
import { useRunSimulation } from '../hooks/use-strategy-mutations';
import {
  CHANGE_FIELDS,
  CHANGE_LABELS,
  CHANGE_RANGE_TEXT,
  type ChangeField,
  parseSimulationDraft,
  type SimulationDraft,
  type SimulationFormErrors,
} from '../lib/simulation-form';
import { FormField } from './form-field';
import { SimulationCard } from './simulation-card';

export const SIMULATION_FAILED = 'The simulation could not be run.';

type Props = {
  initial: SimulationDraft;
  currency: string | null;
  onResult: (sim: RevenueSimulation) => void;
  onClose: () => void;
};

/** A server refusal naming a change ('changes.traffic') as that field's error. */
function serverErrors(error: unknown): SimulationFormErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.field) return null;
  const field = error.field.split('.').at(-1) as ChangeField | 'scenario_name';
  if (field !== 'scenario_name' && !CHANGE_FIELDS.includes(field)) return null;
  return { [field]: error.message.replace(/^[\w.]+: /, '') };
}

/**
 * Run This Simulation: the three changes as percentages (checked as the server checks them), then the server's
 * projection as a result card under the form.
 */
export function SimulationEditorDialog({ initial, currency, onResult, onClose }: Props) {
  const [draft, setDraft] = useState<SimulationDraft>(initial);
  const [errors, setErrors] = useState<SimulationFormErrors>({});
  const run = useRunSimulation();
  const fieldErrors = { ...errors, ...(run.isError ? serverErrors(run.error) : null) };
  const otherError = run.isError && !serverErrors(run.error) ? getErrorMessage(run.error, SIMULATION_FAILED) : null;

  const set = (field: keyof SimulationDraft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseSimulationDraft(draft);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    run.mutate(parsed.body, { onSuccess: onResult });
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title="Run This Simulation"
      description={`Change traffic, conversion rate and order value, each ${CHANGE_RANGE_TEXT}; the model projects the next month from your own history.`}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <FormField
          id="simulation-name"
          label="Scenario name"
          hint="Optional."
          value={draft.scenario_name}
          error={fieldErrors.scenario_name}
          onChange={(e) => set('scenario_name')(e.target.value)}
        />
        <div className="grid gap-3 sm:grid-cols-3">
          {CHANGE_FIELDS.map((field) => (
            <FormField
              key={field}
              id={`simulation-${field}`}
              label={CHANGE_LABELS[field]}
              inputMode="decimal"
              value={draft[field]}
              error={fieldErrors[field]}
              onChange={(e) => set(field)(e.target.value)}
            />
          ))}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={run.isPending}>
            {run.isPending ? 'Simulating...' : 'Run Simulation'}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
        {otherError && <Alert tone="error">{otherError}</Alert>}
      </form>
      {run.data && (
        <section aria-label="Simulation result" className="mt-4">
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Result</h3>
          <SimulationCard sim={run.data} currency={currency} />
        </section>
      )}
    </Modal>
  );
}
