import type { DashboardGoals } from '@ri/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { FieldLabel, inputClass } from '../../../components/ui/text-field';
import { getErrorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { useSaveGoals } from '../hooks/use-dashboard';
import { currencySymbol } from '../lib/dashboard-format';
import {
  fieldErrorsOf,
  GOAL_FIELDS,
  type GoalField,
  type GoalsFieldErrors,
  type GoalsFormValues,
  toFormValues,
  validateGoals,
} from '../lib/goals-form';

export const SAVE_GOALS_FAILED = 'Could not save the goals. Please try again.';

type Props = {
  goals: DashboardGoals;
  /** The payment account's currency, which money goals are in. */
  currency: string | null;
  onClose: () => void;
  onSaved: () => void;
};

function fieldText(field: GoalField, currency: string | null) {
  const money = currency ?? 'your payment account currency';
  switch (field) {
    case 'monthly_revenue':
      return {
        label: 'Monthly revenue goal',
        unit: currencySymbol(currency),
        hint: `Net of refunds, in ${money}. Shorter windows compare with a share of it (7 days: 7/30).`,
      };
    case 'conversion_rate':
      return { label: 'Conversion rate goal', unit: '%', hint: 'Percent of tracked sessions that convert.' };
    case 'average_order_value':
      return { label: 'Average order value goal', unit: currencySymbol(currency), hint: `Per order, in ${money}.` };
  }
}

/**
 * The goals form (owners and admins): monthly revenue, conversion rate and order value, each a number or empty
 * to clear it. Checked with the contract's schema before sending; the server's 400 lands on the field it names.
 */
export function GoalsDialog({ goals, currency, onClose, onSaved }: Props) {
  const [values, setValues] = useState<GoalsFormValues>(() => toFormValues(goals));
  const [errors, setErrors] = useState<GoalsFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveGoals();
  const formId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = validateGoals(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.body, {
      onSuccess: onSaved,
      onError: (error) => {
        const byField = fieldErrorsOf(error);
        if (byField) setErrors(byField);
        else setFailure(getErrorMessage(error, SAVE_GOALS_FAILED));
      },
    });
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Set goals"
      description="The dashboard compares your figures with these. Leave a field empty to clear that goal."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={save.isPending}>
            Save goals
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        {GOAL_FIELDS.map((field) => {
          const text = fieldText(field, currency);
          const id = `${formId}-${field}`;
          const error = errors[field];
          return (
            <div key={field}>
              <FieldLabel htmlFor={id} label={text.label} />
              <div className="flex items-center gap-2">
                <input
                  id={id}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  value={values[field]}
                  onChange={(event) => setValues({ ...values, [field]: event.target.value })}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
                  className={inputClass}
                />
                <span aria-hidden="true" className="w-4 shrink-0 text-sm text-slate-500">
                  {text.unit}
                </span>
              </div>
              <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
                {text.hint}
              </p>
              {error && (
                <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-700">
                  {error}
                </p>
              )}
            </div>
          );
        })}
        {goals.updated_at && goals.updated_by && (
          <p className="text-xs text-slate-500">
            Last set by {goals.updated_by} on {formatDateTime(goals.updated_at)}
            {goals.currency ? `, money in ${goals.currency}` : ''}.
          </p>
        )}
        {failure && <Alert tone="error">{failure}</Alert>}
      </form>
    </Modal>
  );
}
