import type { TimeRange } from '@ri/contracts';

/** Each range's name where it stands alone, as in a select or a hover title: 'Last 24 hours'. */
export const TIME_RANGE_LABELS: Record<TimeRange, string> = {
  '1h': 'Last hour',
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
};

/** The range inside a sentence, as in 'no sessions in the last 24 hours': 'the last 24 hours'. */
export const timeRangeWindow = (range: TimeRange) => `the ${TIME_RANGE_LABELS[range].toLowerCase()}`;
