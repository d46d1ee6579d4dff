import { describe, expect, it } from 'vitest';
import { fitCountLevel, initialLogRate, observeCounts } from './count-level.js';
import { pathRandom, sampleGamma, samplePoisson } from './sampling.js';

const negBin = (mean: number, size: number, days: number, seed: number) => {
  const random = pathRandom(seed, 0);
  return Array.from({ length: days }, () => samplePoisson(random, (mean * sampleGamma(random, size)) / size));
};

describe('fitCountLevel', () => {
  it('recovers a steady rate and its overdispersion', () => {
    const counts = negBin(50, 10, 240, 1);
    const fit = fitCountLevel(
      counts,
      counts.map(() => 1),
      false,
    );
    expect(Math.exp(fit.state.mean[0] + fit.state.mean[2]) / 50).toBeCloseTo(1, 1);
    expect(fit.size).toBeGreaterThan(6);
    expect(fit.size).toBeLessThan(16);
  });

  it('reads a rate per unit of exposure (orders per session)', () => {
    const random = pathRandom(2, 0);
    const sessions = Array.from({ length: 120 }, () => 300 + samplePoisson(random, 100));
    const orders = sessions.map((n) => samplePoisson(random, 0.03 * n));
    const fit = fitCountLevel(orders, sessions, false);
    expect(Math.exp(fit.state.mean[0] + fit.state.mean[2])).toBeCloseTo(0.03, 2);
  });

  it('finds the drift of a steadily decaying count, and prefers it by Akaike’s criterion', () => {
    const random = pathRandom(3, 0);
    const counts = Array.from({ length: 150 }, (_, t) => samplePoisson(random, 100 * Math.exp(-0.01 * t)));
    const ones = counts.map(() => 1);
    const level = fitCountLevel(counts, ones, false);
    const drift = fitCountLevel(counts, ones, true, level);
    expect(drift.state.mean[1]).toBeCloseTo(-0.01, 2);
    expect(drift.aic).toBeLessThan(level.aic);
  });
});

describe('observeCounts', () => {
  it('moves the level towards the count, less when the prior is sure', () => {
    const observe = observeCounts([20], [1], 1e6);
    const unsure = observe(0, Math.log(10), 1)!;
    const sure = observe(0, Math.log(10), 0.001)!;
    expect(unsure.mode).toBeGreaterThan(Math.log(18));
    expect(sure.mode).toBeLessThan(Math.log(10.5));
    expect(observeCounts([0], [0], 10)(0, 0, 1)).toBeNull();
  });

  it('starts from the first week’s rate', () => {
    expect(initialLogRate([7, 7, 7, 7, 7, 7, 7, 100], [1, 1, 1, 1, 1, 1, 1, 1])).toBeCloseTo(Math.log(49.5 / 7));
  });
});
