/**
 * How the ad rules write figures into their sentences, so every recommendation reads alike: counts with
 * thousands separators, percentages and ratios with at most two decimals (trailing zeros dropped), ROAS as
 * "3.25×". Money is written by the caller's `formatMoney`, which knows the account's currency.
 */

/** `value` with thousands separators and at most `maxDecimals` decimals, e.g. 12,345.6. */
export function formatNumber(value: number, maxDecimals = 2): string {
  if (!Number.isFinite(value)) return String(value);
  const text = value.toLocaleString('en-US', { maximumFractionDigits: maxDecimals, minimumFractionDigits: 0 });
  return text === '-0' ? '0' : text;
}

/** A percentage already in percent units, e.g. 1.5 → "1.5%". */
export const formatPercent = (percent: number, maxDecimals = 2): string => `${formatNumber(percent, maxDecimals)}%`;

/** A fraction as a percentage, e.g. 0.015 → "1.5%". */
export const formatShare = (fraction: number, maxDecimals = 1): string => formatPercent(fraction * 100, maxDecimals);

/** A return on ad spend, e.g. 3.2 → "3.20×". */
export const formatRoas = (roas: number): string => `${roas.toFixed(2)}×`;
