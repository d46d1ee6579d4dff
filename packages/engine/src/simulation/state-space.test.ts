import { describe, expect, it } from 'vitest';
import { pathRandom, sampleNormal } from './sampling.js';
import { type Dynamics, drawState, filterState, fitStateSpace, type Observe, stepState } from './state-space.js';

/** A Gaussian observation of s with known noise variance: the update is then the exact Kalman filter's. */
const gaussian =
  (values: readonly number[], noise: number): Observe =>
  (t, prior, priorVar) => {
    const total = priorVar + noise;
    const innovation = values[t]! - prior;
    return {
      mode: prior + (priorVar / total) * innovation,
      variance: (priorVar * noise) / total,
      logLikelihood: -0.5 * (Math.log(2 * Math.PI * total) + (innovation * innovation) / total),
    };
  };

const simulate = (dynamics: Dynamics, days: number, noise: number, seed: number, drift = 0) => {
  const random = pathRandom(seed, 0);
  const state: [number, number, number] = [0, drift, 0];
  return Array.from(
    { length: days },
    () => stepState(state, dynamics, random) + Math.sqrt(noise) * sampleNormal(random),
  );
};

describe('filterState', () => {
  it('tracks a constant level to within its shrinking uncertainty', () => {
    const dynamics: Dynamics = { trend: false, levelVariance: 0, transientVariance: 1e-12, persistence: 0 };
    const values = simulate(dynamics, 200, 0.04, 1).map((v) => v + 3);
    const { state } = filterState(values.length, dynamics, 0, gaussian(values, 0.04));
    expect(state.mean[0] + state.mean[2]).toBeCloseTo(3, 1);
    // 200 observations of variance 0.04: the level's variance is about 0.04 / 200.
    expect(state.cov[0] + 2 * state.cov[2] + state.cov[5]).toBeLessThan(0.0003);
  });

  it('learns a drift', () => {
    const dynamics: Dynamics = { trend: true, levelVariance: 1e-6, transientVariance: 1e-12, persistence: 0 };
    const values = simulate(dynamics, 150, 0.01, 2, -0.01);
    const { state } = filterState(values.length, dynamics, 0, gaussian(values, 0.01));
    expect(state.mean[1]).toBeCloseTo(-0.01, 3);
  });
});

describe('fitStateSpace', () => {
  it('tells lasting changes from fading ones', () => {
    const lasting: Dynamics = { trend: false, levelVariance: 0.01 ** 2, transientVariance: 1e-12, persistence: 0 };
    const fading: Dynamics = { trend: false, levelVariance: 1e-12, transientVariance: 0.05 ** 2, persistence: 0.8 };
    const fit = (truth: Dynamics) => {
      const values = simulate(truth, 365, 0.002, 3);
      return fitStateSpace(
        false,
        [],
        () => ({ valid: true, extra: null, initialLevel: values[0]!, observe: gaussian(values, 0.002) }),
        values.length,
      ).dynamics;
    };
    const a = fit(lasting);
    const b = fit(fading);
    expect(Math.sqrt(a.levelVariance)).toBeGreaterThan(0.005);
    expect(Math.sqrt(a.levelVariance)).toBeLessThan(0.02);
    expect(Math.sqrt(b.levelVariance)).toBeLessThan(0.003);
    expect(b.persistence).toBeGreaterThan(0.6);
  });
});

describe('drawState', () => {
  it('draws from the estimate’s mean and covariance', () => {
    const random = pathRandom(4, 0);
    const estimate = {
      mean: [1, 0.01, -0.2] as [number, number, number],
      cov: [0.04, 0.001, 0.01, 0.0001, 0, 0.09] as [number, number, number, number, number, number],
    };
    let sumL = 0;
    let sumLL = 0;
    let sumLX = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const [l, , x] = drawState(estimate, random);
      sumL += l;
      sumLL += (l - 1) ** 2;
      sumLX += (l - 1) * (x + 0.2);
    }
    expect(sumL / n).toBeCloseTo(1, 2);
    expect(sumLL / n).toBeCloseTo(0.04, 2);
    expect(sumLX / n).toBeCloseTo(0.01, 2);
  });
});
