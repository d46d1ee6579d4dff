import { NO_VALUE } from '../../../lib/format';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** The formatter of one currency, made once: Intl.NumberFormat is slow to build and each table cell asks. */
function moneyFormat(currency: string | null): Intl.NumberFormat {
  const key = currency ?? '';
  let format = moneyFormats.get(key);
  if (!format) {
    format = currency
      ? new Intl.NumberFormat(undefined, { style: 'currency', currency })
      : new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    moneyFormats.set(key, format);
  }
  return format;
}

/**
 * An amount in major units of `currency` (ISO 4217) as the reader's locale writes it: 1234.5 USD is
 * '$1,234.50'. Without a currency the figure still shows, with two decimals and no symbol.
 */
export function formatMoney(value: number, currency: string | null): string {
  return moneyFormat(currency).format(value);
}

/** Like `formatMoney`, with a dash for a figure that is not known. */
export const formatMoneyOrDash = (value: number | null, currency: string | null) =>
  value === null ? NO_VALUE : formatMoney(value, currency);

/** Return on ad spend, revenue over spend, as '3.42x'. */
export const formatRoas = (roas: number) => `${roas.toFixed(2)}x`;

/** A click-through rate given in percent (clicks over impressions × 100): 2.154 is '2.15%'. */
export const formatCtr = (percent: number) => `${percent.toFixed(2)}%`;

/**
 * Conversions, which attribution models may split between touches: whole numbers as counts, fractions
 * with one decimal (12.5).
 */
export const formatConversions = (value: number) => value.toLocaleString(undefined, { maximumFractionDigits: 1 });

/** A count of impressions, clicks or sessions. */
export const formatInteger = (value: number) => Math.round(value).toLocaleString();

/** The message decay rate, a share of the CTR lost per day, as '3.2% per day'. */
export const formatDecay = (rate: number) => `${(rate * 100).toFixed(1)}% per day`;

/** A fit quality (R²) in [0, 1] with two decimals. */
export const formatR2 = (r2: number) => `R² ${r2.toFixed(2)}`;

/** A calendar date (YYYY-MM-DD or ISO) as the locale's short date, read as that day wherever the reader is. */
export function formatDay(date: string): string {
  const day = date.slice(0, 10);
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
