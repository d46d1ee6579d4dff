import type { SimulationConfiguration } from '@ri/simulator';

/**
 * The simulated businesses the Neuromind classifier is fitted, tuned and judged on. Each is a site layout
 * and vocabulary with a pace of reading, scrolling and pointing, a device mix and timing noise, simulated
 * with its own seed. The evaluation set holds a site that appears nowhere in training or validation
 * (`courses`), and paces, device mixes and pointer rates outside the training ones: the figures reported in
 * docs/neuromind.md are measured there only.
 */
export type Run = { configuration: SimulationConfiguration; seed: number };

const c = (
  id: string,
  site: SimulationConfiguration['site'],
  pace: number,
  scrollSpeed: number,
  pointerRate: number,
  touchShare: number,
  timingNoise: number,
): SimulationConfiguration => ({ id, site, pace, scrollSpeed, pointerRate, touchShare, timingNoise });

export const TRAINING_RUNS: Run[] = [
  { configuration: c('trail-shop-steady', 'trail-shop', 1, 1, 1, 0.45, 0), seed: 101 },
  { configuration: c('trail-shop-brisk-mobile', 'trail-shop', 0.6, 1.4, 1.5, 0.7, 0.2), seed: 102 },
  { configuration: c('saas-slow-desktop', 'saas', 1.4, 0.7, 0.6, 0.2, 0.1), seed: 103 },
  { configuration: c('saas-brisk-noisy', 'saas', 0.75, 1.2, 1.8, 0.4, 0.35), seed: 104 },
  { configuration: c('home-goods-slow-mobile', 'home-goods', 1.25, 1.6, 0.8, 0.65, 0.15), seed: 105 },
  { configuration: c('home-goods-brisk', 'home-goods', 0.65, 0.8, 2, 0.35, 0.25), seed: 106 },
  { configuration: c('trail-shop-slow-noisy', 'trail-shop', 1.5, 0.8, 2.2, 0.5, 0.4), seed: 107 },
  { configuration: c('saas-steady-mobile', 'saas', 1, 1.5, 1, 0.65, 0.1), seed: 108 },
  { configuration: c('home-goods-steady-desktop', 'home-goods', 1, 1, 0.5, 0.15, 0.2), seed: 109 },
  { configuration: c('trail-shop-brisk-desktop', 'trail-shop', 0.8, 1.2, 0.8, 0.1, 0.3), seed: 110 },
];

/** Chooses the penalty and the thresholds: a trained site at a pace none of the training runs has. */
export const VALIDATION_RUNS: Run[] = [
  { configuration: c('saas-very-slow', 'saas', 1.6, 0.9, 1.2, 0.5, 0.3), seed: 201 },
  { configuration: c('trail-shop-very-brisk', 'trail-shop', 0.5, 1.7, 0.5, 0.3, 0.2), seed: 202 },
];

/**
 * Never fitted or tuned on: a site no run above uses, at brisk, steady and slow paces, and a trained site at a
 * pace, device mix and pointer rate outside the training ones.
 */
export const EVALUATION_RUNS: Run[] = [
  { configuration: c('courses-brisk-mobile', 'courses', 0.55, 1.5, 1.3, 0.75, 0.25), seed: 9001 },
  { configuration: c('courses-steady', 'courses', 1, 1, 1, 0.45, 0.1), seed: 9002 },
  { configuration: c('courses-slow-desktop', 'courses', 1.6, 0.65, 0.45, 0.15, 0.3), seed: 9003 },
  { configuration: c('home-goods-very-brisk', 'home-goods', 0.5, 1.8, 2.5, 0.8, 0.4), seed: 9004 },
];

/** The sites the classifier was fitted or tuned on. */
export const TRAINED_SITES = new Set([...TRAINING_RUNS, ...VALIDATION_RUNS].map((r) => r.configuration.site));

/** A run's label, e.g. `saas-slow-desktop (seed 103)`. */
export const runLabel = (r: Run) => `${r.configuration.id} (seed ${r.seed})`;
