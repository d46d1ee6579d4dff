import type { LtvForecast } from './forecast.js';

/** The header of the ltv command's output. */
export const FORECAST_CSV_HEADER = 'customer_id,expected_purchases,p_alive,expected_value';

/** A CSV field, quoted when it holds a comma, quote or line break (RFC 4180). */
function field(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Writes forecasts as `customer_id,expected_purchases,p_alive,expected_value` CSV: purchases and probability to six
 * decimals, value (a currency amount) to two.
 */
export function formatForecastCsv(forecasts: readonly LtvForecast[]): string {
  const lines = forecasts.map(
    (f) =>
      `${field(f.customerId)},${f.expectedPurchases.toFixed(6)},${f.pAlive.toFixed(6)},${f.expectedValue.toFixed(2)}`,
  );
  return `${[FORECAST_CSV_HEADER, ...lines].join('\n')}\n`;
}
