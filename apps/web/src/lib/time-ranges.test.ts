import { TIME_RANGES } from '@ri/contracts';
import { describe, expect, it } from 'vitest';
import { TIME_RANGE_LABELS, timeRangeWindow } from './time-ranges';

describe('time ranges', () => {
  it('names every range the contracts offer, on its own and inside a sentence', () => {
    expect(TIME_RANGES.map((range) => TIME_RANGE_LABELS[range])).toEqual([
      'Last hour',
      'Last 24 hours',
      'Last 7 days',
      'Last 30 days',
    ]);
    expect(TIME_RANGES.map(timeRangeWindow)).toEqual([
      'the last hour',
      'the last 24 hours',
      'the last 7 days',
      'the last 30 days',
    ]);
  });
});
