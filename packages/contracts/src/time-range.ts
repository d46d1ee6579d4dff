import { z } from 'zod';

/** The time ranges every list and analysis offers, newest data first: the last hour, day, week or month. */
export const TIME_RANGES = ['1h', '24h', '7d', '30d'] as const;
export const timeRangeSchema = z.enum(TIME_RANGES);
export type TimeRange = z.infer<typeof timeRangeSchema>;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Each time range's length in milliseconds. */
export const TIME_RANGE_MS: Record<TimeRange, number> = {
  '1h': HOUR_MS,
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
};
