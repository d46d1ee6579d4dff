import { type RunSimulationBody, runSimulationBodySchema, type SimulationChanges } from '@ri/contracts';

/** The three changes the editor asks for, in the contract's names. */
export const CHANGE_FIELDS = ['traffic', 'conversion_rate', 'order_value'] as const;
export type ChangeField = (typeof CHANGE_FIELDS)[number];

export const CHANGE_LABELS: Record<ChangeField, string> = {
  traffic: 'Traffic change (%)',
  conversion_rate: 'Conversion rate change (%)',
  order_value: 'Average order value change (%)',
};

/** What the editor holds: the scenario's name and each change as a percentage, as typed. */
export type SimulationDraft = { scenario_name: string } & Record<ChangeField, string>;

export type SimulationFormErrors = Partial<Record<ChangeField | 'scenario_name', string>>;

/** A draft from a scenario's changes (fractions), e.g. to run it again with other figures. */
export function draftFrom(name: string, changes: SimulationChanges | null): SimulationDraft {
  const percent = (fraction: number) => String(Math.round(fraction * 10_000) / 100);
  return {
    scenario_name: name,
    traffic: changes ? percent(changes.traffic) : '0',
    conversion_rate: changes ? percent(changes.conversion_rate) : '0',
    order_value: changes ? percent(changes.order_value) : '0',
  };
}

const BOUNDS = (() => {
  const traffic = runSimulationBodySchema.shape.changes.shape.traffic.unwrap();
  return { min: (traffic.minValue ?? -0.9) * 100, max: (traffic.maxValue ?? 5) * 100 };
})();

/** The range every change must lie in, in percent, as the server checks it (−90 % to +500 %). */
export const CHANGE_RANGE_TEXT = `between −${Math.abs(BOUNDS.min)} % and +${BOUNDS.max} %`;

/**
 * Reads the draft as the body the server takes, checked by the contract's own schema so the editor refuses
 * exactly what the server would. A blank change means no change; each error is worded for a percentage field.
 */
export function parseSimulationDraft(
  draft: SimulationDraft,
): { ok: true; body: RunSimulationBody } | { ok: false; errors: SimulationFormErrors } {
  const errors: SimulationFormErrors = {};
  const changes: Record<ChangeField, number> = { traffic: 0, conversion_rate: 0, order_value: 0 };
  for (const field of CHANGE_FIELDS) {
    const text = draft[field].trim().replace(/%$/, '').replace('−', '-').trim();
    const percent = text === '' ? 0 : Number(text);
    const label = CHANGE_LABELS[field].replace(' (%)', '');
    if (!Number.isFinite(percent)) errors[field] = `${label} must be a number`;
    else changes[field] = percent / 100;
  }
  const name = draft.scenario_name.trim();
  const parsed = runSimulationBodySchema.safeParse({ ...(name ? { scenario_name: name } : {}), changes });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.at(-1);
      if (field === 'scenario_name') errors.scenario_name ??= issue.message.replace('scenario_name', 'Scenario name');
      else if (CHANGE_FIELDS.includes(field as ChangeField)) {
        const key = field as ChangeField;
        errors[key] ??= `${CHANGE_LABELS[key].replace(' (%)', '')} must be ${CHANGE_RANGE_TEXT}`;
      }
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}
