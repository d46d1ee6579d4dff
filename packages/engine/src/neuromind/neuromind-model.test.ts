import { readFileSync } from 'node:fs';
import { NEUROMIND_PROFILES } from '@ri/contracts';
import { describe, expect, it } from 'vitest';
import { NEUROMIND_FEATURE_NAMES } from './neuromind-features.js';
import {
  fitNeuromindModel,
  loadNeuromindModel,
  NEUROMIND_CLASSES,
  NEUROMIND_MODEL_KIND,
  NEUROMIND_Z_CLIP,
  parseNeuromindModel,
  standardiseFeatures,
} from './neuromind-model.js';

const stored = JSON.parse(readFileSync(new URL('./neuromind-model.json', import.meta.url), 'utf8'));

describe('the shipped Neuromind model', () => {
  const model = loadNeuromindModel();

  it('classifies into the contract’s seven profiles from this code’s features', () => {
    expect(model.kind).toBe(NEUROMIND_MODEL_KIND);
    expect(NEUROMIND_CLASSES).toEqual(NEUROMIND_PROFILES);
    expect(model.classes).toEqual([...NEUROMIND_PROFILES]);
    expect(model.featureNames).toEqual(NEUROMIND_FEATURE_NAMES);
    expect(model.weights).toHaveLength(7);
    for (const w of model.weights) expect(w).toHaveLength(NEUROMIND_FEATURE_NAMES.length);
  });

  it('records how it was fitted: never on a site or seed it is evaluated on', () => {
    type RunRecord = { id: string; site: string; seed: number };
    const t = model.training as {
      runs: RunRecord[];
      validationRuns: RunRecord[];
      evaluationRuns: { id: string; seed: number }[];
      sessions: number;
      fittedAt: string;
      l2: number;
      validation: { withBaseline: { accuracy: number; coverage: number } };
    };
    const sites = new Set(t.runs.map((r) => r.site));
    expect(sites.size).toBeGreaterThanOrEqual(3);
    const used = new Set([...t.runs, ...t.validationRuns].map((r) => r.seed));
    for (const r of t.evaluationRuns) expect(used.has(r.seed)).toBe(false);
    // The held-out site (the online-course school) is in no training or validation run.
    expect([...t.runs, ...t.validationRuns].some((r) => r.site === 'courses')).toBe(false);
    expect(t.sessions).toBeGreaterThanOrEqual(1000);
    expect(Number.isNaN(Date.parse(t.fittedAt))).toBe(false);
    expect(t.l2).toBeGreaterThan(0);
    expect(t.validation.withBaseline.accuracy).toBeGreaterThanOrEqual(0.9);
    expect(t.validation.withBaseline.coverage).toBeGreaterThanOrEqual(0.8);
    expect(model.minConfidence).toBeGreaterThan(0.3);
    expect(model.minConfidence).toBeLessThan(0.8);
  });
});

describe('parseNeuromindModel', () => {
  it('accepts the stored file and rejects a file of another kind, layout or shape, saying why', () => {
    expect(parseNeuromindModel(stored).featureNames).toEqual(NEUROMIND_FEATURE_NAMES);
    expect(() => parseNeuromindModel({ ...stored, kind: 'x' })).toThrow(/not a ri\.neuromind\.v1/);
    expect(() => parseNeuromindModel({ ...stored, featureNames: ['a'] })).toThrow(/another feature layout/);
    expect(() => parseNeuromindModel({ ...stored, classes: ['Skeptic'] })).toThrow(/seven Neuromind profiles/);
    expect(() => parseNeuromindModel({ ...stored, weights: stored.weights.slice(1) })).toThrow(/weights must be/);
    expect(() => parseNeuromindModel({ ...stored, sds: stored.sds.map(() => 0) })).toThrow(/sds/);
  });
});

describe('fitNeuromindModel and standardiseFeatures', () => {
  const d = NEUROMIND_FEATURE_NAMES.length;
  // Feature k (for class k) is high for that class; every other feature is noise or missing.
  const rows: (number | null)[][] = [];
  const labels: (typeof NEUROMIND_CLASSES)[number][] = [];
  for (let i = 0; i < 140; i++) {
    const k = i % 7;
    rows.push(Array.from({ length: d }, (_, j) => (j === k ? 5 + (i % 3) : j === d - 1 ? null : (i * 7919 + j) % 5)));
    labels.push(NEUROMIND_CLASSES[k]!);
  }
  const { model } = fitNeuromindModel(rows, labels, { l2: 0.01 });

  it('standardises with means and sds over measured values, reading a missing value as the mean', () => {
    const first = rows.map((r) => r[0] as number);
    expect(model.means[0]).toBeCloseTo(first.reduce((a, b) => a + b, 0) / first.length, 9);
    expect(model.sds[d - 1]).toBe(1);
    const z = standardiseFeatures(model, rows[0]!);
    expect(z[d - 1]).toBe(0);
    expect(
      standardiseFeatures(
        model,
        Array.from({ length: d }, () => 1e9),
      )[0],
    ).toBe(NEUROMIND_Z_CLIP);
  });

  it('learns which feature stands for which profile', () => {
    for (let k = 0; k < 7; k++) {
      const w = model.weights[k]!;
      expect(w.indexOf(Math.max(...w))).toBe(k);
    }
  });
});
