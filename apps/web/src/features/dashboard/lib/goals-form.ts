import { type DashboardGoals, type DashboardGoalsBody, dashboardGoalsBodySchema } from '@ri/contracts';
import { ApiError } from '../../../lib/api-error';

/** The goals form's fields, named as the API names them, holding what was typed. */
export type GoalsFormValues = { monthly_revenue: string; conversion_rate: string; average_order_value: string };
export type GoalField = keyof GoalsFormValues;
export type GoalsFieldErrors = Partial<Record<GoalField, string>>;

export const GOAL_FIELDS: readonly GoalField[] = ['monthly_revenue', 'conversion_rate', 'average_order_value'];

export const toFormValues = (goals: DashboardGoals): GoalsFormValues => ({
  monthly_revenue: goals.monthly_revenue?.toString() ?? '',
  conversion_rate: goals.conversion_rate?.toString() ?? '',
  average_order_value: goals.average_order_value?.toString() ?? '',
});

/**
 * What a field sends: empty clears the goal (null); a number (thousands separators, a $ or % typed along are
 * dropped) is sent as one; anything else stays text, for the contract's schema to refuse in its own words.
 */
function parseGoal(text: string): unknown {
  const bare = text.replace(/[\s,$%]/g, '');
  if (bare === '') return null;
  const value = Number(bare);
  return Number.isFinite(value) ? value : text;
}

/**
 * Checks the form with the contract's own schema, the one the server applies, so the messages are the server's:
 * the body to send, or the errors by field.
 */
export function validateGoals(
  values: GoalsFormValues,
): { ok: true; body: DashboardGoalsBody } | { ok: false; errors: GoalsFieldErrors } {
  const raw = Object.fromEntries(GOAL_FIELDS.map((field) => [field, parseGoal(values[field])]));
  const parsed = dashboardGoalsBodySchema.safeParse(raw);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: GoalsFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as GoalField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The server's 400 as an error on the field it names ("conversion_rate: …" without the prefix); null otherwise. */
export function fieldErrorsOf(error: unknown): GoalsFieldErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.field) return null;
  const field = error.field.split('.')[0] as GoalField;
  if (!GOAL_FIELDS.includes(field)) return null;
  return { [field]: error.message.replace(/^[\w.]+: /, '') };
}
