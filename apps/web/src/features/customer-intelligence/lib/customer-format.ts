import { NO_VALUE } from '../../../lib/format';

/** Money in major units of `currency`; without a currency, a plain figure with two decimals. */
export function formatMoney(value: number, currency: string | null): string {
  if (!currency) return value.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase() }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** snake_case enum values as words: 'trust_building' is 'Trust building'. */
export function words(value: string): string {
  const text = value.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A date (ISO) as the local date. */
export const formatDate = (iso: string) => new Date(iso).toLocaleDateString();

/** Seconds as minutes and seconds; null stays a dash. */
export function formatSessionLength(seconds: number | null): string {
  if (seconds === null) return NO_VALUE;
  const total = Math.round(seconds);
  return `${Math.floor(total / 60)}m ${total % 60}s`;
}

/** The server's reason for a missing figure, under the field's name, with a general fallback. */
export const reasonFor = (reasons: Record<string, string>, field: string) =>
  reasons[field] ?? 'Not known from the data we hold';
