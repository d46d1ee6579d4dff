import type { AdCostDay } from './types.js';

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Days from `from` (ISO) on, `n` of them, each given a value by its index and date. */
export function days<T>(from: string, n: number, f: (i: number, date: string) => T): T[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) => f(i, iso(start + i * DAY_MS)));
}

/**
 * Meta: CPC 95/105 cents alternating over 2024-04-01…04-30 (mean 100), 120/130 over 2024-05-01…05-30 (mean 125).
 * Google: costs on 10 days only.
 */
export const metaCosts: AdCostDay[] = [
  ...days('2024-04-01', 30, (i, date) => ({ date, cpc: i % 2 ? 105 : 95, cpm: 1000 })),
  ...days('2024-05-01', 30, (i, date) => ({ date, cpc: i % 2 ? 130 : 120, cpm: 1100 })),
];
export const googleCosts: AdCostDay[] = days('2024-05-01', 10, (_, date) => ({ date, cpc: 200, cpm: null }));

/** 12 weeks to 2024-05-30 (a Thursday): Saturdays 2,000, other days 1,000 (minor units). */
export const weekly = days('2024-03-08', 84, (_, date) => ({
  date,
  net: new Date(`${date}T00:00:00Z`).getUTCDay() === 6 ? 2000 : 1000,
}));

/** 2023-04-26…2024-05-30: 1,000 a day, June 2023 1,600 a day. */
export const yearly = days('2023-04-26', 401, (_, date) => ({ date, net: date.startsWith('2023-06') ? 1600 : 1000 }));
