import type { ActionOutcome, Evidence, StrategyAction } from '@ri/contracts';
import { humaniseName, NO_VALUE } from '../../../lib/format';
import { formatFractionPercent } from './fractions';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in major units of `currency` (ISO 4217) in the reader's locale, whole units unless `digits` says:
 * 12750 USD is '$12,750'. Without a currency (or with one the browser does not know) a plain figure.
 */
export function formatMoney(value: number, currency: string | null, digits = 0): string {
  const key = `${currency ?? ''}:${digits}`;
  let format = moneyFormats.get(key);
  if (!format) {
    const plain = new Intl.NumberFormat(undefined, { maximumFractionDigits: digits });
    try {
      format = currency
        ? new Intl.NumberFormat(undefined, {
            style: 'currency',
            currency,
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          })
        : plain;
    } catch {
      format = plain;
    }
    moneyFormats.set(key, format);
  }
  return format.format(value);
}

/** A number as people read it: thousands separators and at most `digits` decimals. */
export const formatNumber = (value: number, digits = 2) =>
  value.toLocaleString(undefined, { maximumFractionDigits: digits });

const CURRENCY_UNIT = /^[A-Z]{3}$/;

/**
 * An evidence row's value in its unit (docs/strategy.md): shares are fractions, money is in major units with
 * the currency code as unit, a p-value keeps its small digits, and counts carry their unit's name.
 */
export function formatEvidenceValue(row: Pick<Evidence, 'metric' | 'value' | 'unit'>): string {
  if (row.metric === 'p_value') return row.value < 0.0001 ? '< 0.0001' : formatNumber(row.value, 4);
  if (row.unit === 'fraction') return formatFractionPercent(row.value);
  if (row.unit && CURRENCY_UNIT.test(row.unit))
    return formatMoney(row.value, row.unit, Math.abs(row.value) < 100 ? 2 : 0);
  if (row.unit === 'score' || row.unit === 'year' || !row.unit) return formatNumber(row.value);
  return `${formatNumber(row.value)} ${row.unit}`;
}

/** An evidence metric's name as words: 'continuation_gap' is 'Continuation gap', 'p_value' is 'P-value'. */
export const evidenceLabel = (metric: string) => (metric === 'p_value' ? 'P-value' : humaniseName(metric));

export const STATUS_LABELS: Record<StrategyAction['status'], string> = {
  suggested: 'Suggested',
  in_progress: 'In progress',
  completed: 'Completed',
  dismissed: 'Dismissed',
};

export const VERDICT_LABELS: Record<ActionOutcome['verdict'], string> = {
  improved: 'Improved',
  worsened: 'Worsened',
  no_clear_change: 'No clear change',
  too_little_data: 'Too little data',
  waiting: 'Waiting: still measuring',
};

/** Whether an outcome measures a rate (a share of sessions) rather than daily amounts, as the server says. */
export function isRateOutcome(outcome: Pick<ActionOutcome, 'kind'>): boolean {
  return outcome.kind === 'rate';
}

/** One figure of an outcome: a rate as a percentage, a change of a rate in points, amounts as numbers. */
export function formatOutcomeValue(value: number | null, rate: boolean, signed = false): string {
  if (value === null) return NO_VALUE;
  const sign = signed ? (value > 0 ? '+' : value < 0 ? '−' : '') : value < 0 ? '−' : '';
  const magnitude = Math.abs(value);
  if (!rate) return `${sign}${formatNumber(magnitude)}`;
  return signed ? `${sign}${formatNumber(magnitude * 100, 1)} points` : `${sign}${formatNumber(magnitude * 100, 1)}%`;
}

/** Title case for the spec's enum words: 'short_term' is 'Short term'. */
export const words = (value: string) => humaniseName(value);
