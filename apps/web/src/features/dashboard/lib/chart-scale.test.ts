import { describe, expect, it } from 'vitest';
import { lineRuns, niceMax, ticks, toPoints } from './chart-scale';

describe('chart scale', () => {
  it('rounds the axis up to a nice figure with round ticks', () => {
    expect(niceMax(83)).toBe(100);
    expect(niceMax(2_100)).toBe(2_500);
    expect(niceMax(0)).toBe(1);
    expect(ticks(2_500)).toEqual([0, 500, 1_000, 1_500, 2_000, 2_500]);
  });

  it('breaks a line at unknown days instead of drawing zeros', () => {
    const runs = lineRuns([1, 2, null, 4, null], 4, 100);
    expect(runs.map(toPoints)).toEqual(['0.00,75.00 25.00,50.00', '75.00,0.00']);
    expect(lineRuns([null, null], 4, 100)).toEqual([]);
  });
});
