import type { FigureUnit } from '@ri/contracts';

/** The sign money carries: the dollar sign of the spec for dollars (or an unknown currency), else the currency's own. */
export function currencySymbol(currency: string | null): string {
  if (!currency || currency.toUpperCase() === 'USD') return '$';
  try {
    const part = new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
      .formatToParts(0)
      .find((p) => p.type === 'currency');
    return part?.value ?? `${currency} `;
  } catch {
    return `${currency} `;
  }
}

/**
 * Money as the goal cards write it (spec 2.5): one million or more as M, one thousand or more as k, one decimal
 * ($1.2M, $12.5k); below that the amount itself, with cents when it has them ($85, $85.40).
 */
export function formatMoneyShort(value: number, currency: string | null): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const symbol = currencySymbol(currency);
  // 999,950 would read 1000.0k: from there it is a million.
  if (abs >= 999_950) return `${sign}${symbol}${(abs / 1e6).toFixed(1)}M`;
  if (abs >= 999.995) return `${sign}${symbol}${(abs / 1e3).toFixed(1)}k`;
  const digits = Number.isInteger(Math.round(abs * 100) / 100) ? 0 : 2;
  return `${sign}${symbol}${abs.toFixed(digits)}`;
}

/** Money in full for tables: $12,345.67. */
export function formatMoney(value: number, currency: string | null): string {
  const text = Math.abs(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${value < 0 ? '-' : ''}${currencySymbol(currency)}${text}`;
}

/** A figure in percent (already ×100) with one decimal, as the spec's percent units show: 3.5%. */
export const formatPct = (value: number) => `${value.toFixed(1)}%`;

/** Seconds as minutes and seconds: 135 is 2m 15s, 42.4 is 42s. */
export function formatSeconds(value: number): string {
  const total = Math.max(0, Math.round(value));
  return total < 60 ? `${total}s` : `${Math.floor(total / 60)}m ${total % 60}s`;
}

/** A figure by its unit, as the module cards show it. */
export function formatFigure(value: number, unit: FigureUnit, currency: string | null): string {
  switch (unit) {
    case 'currency':
      return formatMoneyShort(value, currency);
    case 'percent':
      return formatPct(value);
    case 'ratio':
      return `${value.toFixed(2)}x`;
    case 'count':
      return Math.round(value).toLocaleString('en-US');
    case 'seconds':
      return formatSeconds(value);
    case 'score':
      return value.toFixed(1);
    case 'index':
      return `${value > 0 ? '+' : ''}${value.toFixed(1)}`;
  }
}

/** A UTC day (2025-05-03) as 'May 3'. */
export const formatDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
