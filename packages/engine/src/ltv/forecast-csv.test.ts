import { describe, expect, it } from 'vitest';
import { parseCsv } from '../model/csv.js';
import { FORECAST_CSV_HEADER, formatForecastCsv } from './forecast-csv.js';

describe('formatForecastCsv', () => {
  it('writes one line per customer under the header, quoting ids that need it', () => {
    const csv = formatForecastCsv([
      { customerId: 'a', expectedPurchases: 1.23456789, pAlive: 0.5, expectedValue: 12.345 },
      { customerId: 'b,"c"', expectedPurchases: 0, pAlive: 1, expectedValue: 0 },
    ]);
    expect(csv).toBe(`${FORECAST_CSV_HEADER}\na,1.234568,0.500000,12.35\n"b,""c""",0.000000,1.000000,0.00\n`);
    expect(parseCsv(csv)[2]![0]).toBe('b,"c"');
  });
});
