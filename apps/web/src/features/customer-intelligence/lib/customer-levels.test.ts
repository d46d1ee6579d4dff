import { describe, expect, it } from 'vitest';
import { canEngage, churnLevel, pageStrip, readinessWord } from './customer-levels';

describe('customer levels', () => {
  it('colours churn at the spec bounds: 0.7 high, 0.4 medium, below low', () => {
    expect([0.39, 0.4, 0.69, 0.7, 1].map(churnLevel)).toEqual(['low', 'medium', 'medium', 'high', 'high']);
  });

  it('offers Engage from readiness 70, never without a readiness', () => {
    expect([69.9, 70, null].map((readiness_score) => canEngage({ readiness_score }))).toEqual([false, true, false]);
  });

  it('words readiness as high from 80 and medium from 60', () => {
    expect([59.9, 60, 80].map(readinessWord)).toEqual(['low', 'medium', 'high']);
  });

  it('strips up to five pages around the current one, within the ends', () => {
    expect(pageStrip(1, 3)).toEqual([1, 2, 3]);
    expect(pageStrip(1, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageStrip(5, 9)).toEqual([3, 4, 5, 6, 7]);
    expect(pageStrip(9, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(pageStrip(1, 0)).toEqual([]);
  });
});
