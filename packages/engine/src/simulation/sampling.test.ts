import { describe, expect, it } from 'vitest';
import { pathRandom, quantileOfSorted, sampleBinomial, sampleGamma, sampleNormal, samplePoisson } from './sampling.js';

const moments = (draw: () => number, n = 20_000) => {
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < n; i++) {
    const x = draw();
    sum += x;
    squares += x * x;
  }
  const mean = sum / n;
  return { mean, variance: squares / n - mean * mean };
};

describe('samplers', () => {
  const random = pathRandom(1, 0);

  it('draw normals with mean 0 and variance 1', () => {
    const m = moments(() => sampleNormal(random));
    expect(m.mean).toBeCloseTo(0, 1);
    expect(m.variance).toBeCloseTo(1, 1);
  });

  it.each([0.3, 1.5, 40])('draw Gamma(%d) with mean and variance equal to the shape', (shape) => {
    const m = moments(() => sampleGamma(random, shape));
    expect(m.mean / shape).toBeCloseTo(1, 1);
    // A Gamma(0.3)'s sample variance is itself spread (kurtosis 23): allow 10 %.
    expect(Math.abs(m.variance / shape - 1)).toBeLessThan(0.1);
  });

  it.each([0.5, 12, 80, 2500])('draw Poisson(%d) with mean and variance equal to the mean', (mean) => {
    const m = moments(() => samplePoisson(random, mean));
    expect(m.mean / mean).toBeCloseTo(1, 1);
    expect(m.variance / mean).toBeCloseTo(1, 1);
  });

  it.each([
    [20, 0.1],
    [1000, 0.02],
    [5000, 0.3],
    [50, 0.9],
  ])('draw Binomial(%d, %d) with its mean and variance', (n, p) => {
    const m = moments(() => sampleBinomial(random, n, p));
    expect(m.mean / (n * p)).toBeCloseTo(1, 1);
    expect(m.variance / (n * p * (1 - p))).toBeCloseTo(1, 1);
  });

  it('keep binomial draws within 0..n and handle the edges', () => {
    expect(sampleBinomial(random, 0, 0.5)).toBe(0);
    expect(sampleBinomial(random, 10, 1)).toBe(10);
    expect(samplePoisson(random, 0)).toBe(0);
    for (let i = 0; i < 1000; i++) {
      const x = sampleBinomial(random, 40, 0.8);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(40);
    }
  });
});

describe('pathRandom', () => {
  it('gives each path its own sequence, the same for the same seed and path', () => {
    const a = pathRandom(7, 3);
    const b = pathRandom(7, 3);
    const c = pathRandom(7, 4);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
  });
});

describe('quantileOfSorted', () => {
  it('interpolates between order statistics', () => {
    expect(quantileOfSorted([1, 2, 3, 4, 5], 0.5)).toBe(3);
    expect(quantileOfSorted([0, 10], 0.1)).toBeCloseTo(1);
    expect(quantileOfSorted([], 0.5)).toBeNaN();
  });
});
