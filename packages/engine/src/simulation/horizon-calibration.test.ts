import { describe, expect, it } from 'vitest';
import { fitCountLevel, initialLogRate } from './count-level.js';
import { calibrateLevelVariance } from './horizon-calibration.js';
import { pathRandom, sampleNormal, samplePoisson } from './sampling.js';

describe('calibrateLevelVariance', () => {
  it('lands near the true level drift of a random walk', () => {
    const random = pathRandom(8, 0);
    let level = Math.log(80);
    const counts = Array.from({ length: 182 }, () => {
      level += 0.02 * sampleNormal(random);
      return samplePoisson(random, Math.exp(level));
    });
    const ones = counts.map(() => 1);
    const calibrated = calibrateLevelVariance(
      counts,
      ones,
      fitCountLevel(counts, ones, false),
      initialLogRate(counts, ones),
      30,
    );
    expect(Math.sqrt(calibrated.dynamics.levelVariance)).toBeGreaterThan(0.01);
    expect(Math.sqrt(calibrated.dynamics.levelVariance)).toBeLessThan(0.04);
  });

  it('is not dominated by one break: a steady count after a fall gets a smaller drift than the likelihood gave', () => {
    const random = pathRandom(10, 0);
    const counts = Array.from({ length: 182 }, (_, t) => samplePoisson(random, t < 40 ? 300 : 90));
    const ones = counts.map(() => 1);
    const fit = fitCountLevel(counts, ones, false);
    const calibrated = calibrateLevelVariance(counts, ones, fit, initialLogRate(counts, ones), 30);
    expect(calibrated.dynamics.levelVariance).toBeLessThan(fit.dynamics.levelVariance);
    expect(calibrated.dynamics.transientVariance).toBe(fit.dynamics.transientVariance);
  });

  it('keeps the fit when the history is too short to have 28 in-sample origins', () => {
    const random = pathRandom(9, 0);
    const counts = Array.from({ length: 60 }, () => samplePoisson(random, 40));
    const ones = counts.map(() => 1);
    const fit = fitCountLevel(counts, ones, false);
    expect(calibrateLevelVariance(counts, ones, fit, initialLogRate(counts, ones), 30)).toBe(fit);
  });
});
