import { describe, expect, it } from 'vitest';
import { ctaHoverLevel, scrollVelocityLevel, signalLevelOf } from './signal-level';

describe('signal levels', () => {
  it('applies the spec bounds 0.7 and 0.4', () => {
    expect([0.7, 0.69, 0.4, 0.39, 1.5].map(signalLevelOf)).toEqual(['high', 'medium', 'medium', 'low', 'high']);
  });

  it('reads scroll velocity in px/s against 1,000 and CTA hover seconds against 5', () => {
    expect([700, 699, 400, 120].map(scrollVelocityLevel)).toEqual(['high', 'medium', 'medium', 'low']);
    expect([3.5, 3.4, 2, 1.9].map(ctaHoverLevel)).toEqual(['high', 'medium', 'medium', 'low']);
  });
});
