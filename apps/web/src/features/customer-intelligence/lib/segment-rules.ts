import {
  type JourneyStage,
  type NeuromindProfile,
  type SegmentBody,
  type SegmentRules,
  segmentBodySchema,
} from '@ri/contracts';
import { words } from './customer-format';

/** The segment form as typed: numbers stay text until sent, so an empty box means "no rule". */
export type SegmentFormValues = {
  name: string;
  description: string;
  profile_types: NeuromindProfile[];
  min_readiness: string;
  max_readiness: string;
  max_churn_risk: string;
  min_lifetime_value: string;
  journey_stages: JourneyStage[];
  inactive_for_days: string;
};

/** The form's fields, by the name the server gives a failing field (body `rules.min_readiness` is `min_readiness`). */
export type SegmentField = keyof SegmentFormValues | 'rules';
export type SegmentFieldErrors = Partial<Record<SegmentField, string>>;

const text = (value: number | undefined) => (value === undefined ? '' : String(value));

export function toFormValues(source?: { name: string; description?: string | null; rules: SegmentRules }) {
  const rules = source?.rules ?? {};
  return {
    name: source?.name ?? '',
    description: source?.description ?? '',
    profile_types: [...(rules.profile_types ?? [])],
    min_readiness: text(rules.min_readiness),
    max_readiness: text(rules.max_readiness),
    max_churn_risk: text(rules.max_churn_risk),
    min_lifetime_value: text(rules.min_lifetime_value),
    journey_stages: [...(rules.journey_stages ?? [])],
    inactive_for_days: text(rules.inactive_for_days),
  } satisfies SegmentFormValues;
}

// A box that does not hold a number is sent as NaN, so the shared schema rejects it with its own words.
const num = (value: string) => (value.trim() === '' ? undefined : Number(value));

/**
 * The form as the request body. Rules the form does not show (from a suggestion or an insight being edited)
 * are kept as they were.
 */
export function toSegmentBody(values: SegmentFormValues, kept: SegmentRules = {}): SegmentBody {
  const rules: SegmentRules = {
    ...kept,
    profile_types: values.profile_types.length ? values.profile_types : undefined,
    min_readiness: num(values.min_readiness),
    max_readiness: num(values.max_readiness),
    max_churn_risk: num(values.max_churn_risk),
    min_lifetime_value: num(values.min_lifetime_value),
    journey_stages: values.journey_stages.length ? values.journey_stages : undefined,
    inactive_for_days: num(values.inactive_for_days),
  };
  const clean = Object.fromEntries(Object.entries(rules).filter(([, v]) => v !== undefined)) as SegmentRules;
  const description = values.description.trim();
  return { name: values.name.trim(), ...(description ? { description } : {}), rules: clean };
}

/** The field a server's or schema's path names: `rules.min_readiness` → `min_readiness`, `rules` for the whole. */
export function fieldOf(path: string | undefined): SegmentField | null {
  if (!path) return null;
  const parts = path.split('.');
  const last = parts[0] === 'rules' ? (parts[1] ?? 'rules') : parts[0]!;
  const known: SegmentField[] = ['name', 'description', 'rules', ...(Object.keys(toFormValues()) as SegmentField[])];
  return known.includes(last as SegmentField) ? (last as SegmentField) : 'rules';
}

/** The message without the "rules.min_readiness: " the server puts before it. */
export const bareMessage = (message: string) => message.replace(/^[\w.]+: /, '');

/** Checks the body with the contract's own schema before sending; errors by field. */
export function validateSegment(body: SegmentBody): SegmentFieldErrors {
  const parsed = segmentBodySchema.safeParse(body);
  if (parsed.success) return {};
  const errors: SegmentFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path.map(String).join('.')) ?? 'rules';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A segment's rules in words, one per condition, for lists and confirmations. */
export function describeRules(rules: SegmentRules): string[] {
  const out: string[] = [];
  if (rules.profile_types?.length) out.push(`Profile: ${rules.profile_types.join(', ')}`);
  if (rules.min_readiness !== undefined) out.push(`Readiness ≥ ${rules.min_readiness}`);
  if (rules.max_readiness !== undefined) out.push(`Readiness ≤ ${rules.max_readiness}`);
  if (rules.min_churn_risk !== undefined) out.push(`Churn risk ≥ ${Math.round(rules.min_churn_risk * 100)}%`);
  if (rules.max_churn_risk !== undefined) out.push(`Churn risk ≤ ${Math.round(rules.max_churn_risk * 100)}%`);
  if (rules.min_lifetime_value !== undefined) out.push(`Lifetime value ≥ ${rules.min_lifetime_value}`);
  if (rules.max_lifetime_value !== undefined) out.push(`Lifetime value ≤ ${rules.max_lifetime_value}`);
  if (rules.journey_stages?.length) out.push(`Stage: ${rules.journey_stages.map(words).join(', ')}`);
  if (rules.engagement_levels?.length) out.push(`Engagement: ${rules.engagement_levels.join(', ')}`);
  if (rules.acquisition_sources?.length) out.push(`Source: ${rules.acquisition_sources.join(', ')}`);
  if (rules.has_source) out.push(`Known to ${rules.has_source}`);
  if (rules.active_within_days !== undefined) out.push(`Active within ${rules.active_within_days} days`);
  if (rules.inactive_for_days !== undefined) out.push(`Inactive for ${rules.inactive_for_days}+ days`);
  return out;
}

export type RulesListFilter = {
  profile_type?: NeuromindProfile;
  min_readiness_score?: number;
  max_churn_risk?: number;
};

/**
 * The list filter that selects exactly the customers of `rules`, when the list's query can express them
 * (one profile, a minimum readiness, a maximum churn risk); null otherwise, and the rules must be saved
 * as a segment to list their customers.
 */
export function listFilterOf(rules: SegmentRules): RulesListFilter | null {
  const { profile_types, min_readiness, max_churn_risk, ...rest } = rules;
  const others = Object.values(rest).some((v) => v !== undefined && (!Array.isArray(v) || v.length > 0));
  if (others || (profile_types && profile_types.length > 1)) return null;
  const filter: RulesListFilter = {};
  if (profile_types?.length === 1) filter.profile_type = profile_types[0];
  if (min_readiness !== undefined) filter.min_readiness_score = min_readiness;
  if (max_churn_risk !== undefined) filter.max_churn_risk = max_churn_risk;
  return Object.keys(filter).length ? filter : null;
}
