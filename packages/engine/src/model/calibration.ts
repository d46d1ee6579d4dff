import { sigmoid } from './boosting.js';

/**
 * An increasing map from a model's raw score (log-odds) to a calibrated probability. Platt scaling is
 * sigmoid(slope * score + intercept). Isotonic is linear interpolation between knots (x ascending,
 * y non-decreasing in [0, 1]), flat beyond the first and last knot.
 */
export type Calibration =
  | { method: 'platt'; slope: number; intercept: number }
  | { method: 'isotonic'; x: number[]; y: number[] };

/**
 * Fits Platt scaling: the logistic regression of 0/1 labels on one score, by Newton's method from the
 * identity map (slope 1, intercept 0). Labels are softened to Platt's targets (N+ + 1) / (N+ + 2) and
 * 1 / (N- + 2), which keeps the fit finite on separable data. The map is strictly increasing when the
 * slope is positive, as it is for any model better than chance.
 */
export function fitPlatt(scores: readonly number[], labels: readonly number[]): Calibration {
  if (scores.length === 0 || scores.length !== labels.length) throw new Error('need as many labels as scores');
  const identity: Calibration = { method: 'platt', slope: 1, intercept: 0 };
  const positives = labels.reduce((s, y) => s + y, 0);
  const high = (positives + 1) / (positives + 2);
  const low = 1 / (labels.length - positives + 2);
  let slope = 1;
  let intercept = 0;
  for (let iteration = 0; iteration < 100; iteration++) {
    let ga = 0;
    let gb = 0;
    let haa = 1e-9;
    let hab = 0;
    let hbb = 1e-9;
    for (let i = 0; i < scores.length; i++) {
      const z = scores[i]!;
      const p = sigmoid(slope * z + intercept);
      const g = p - (labels[i] === 1 ? high : low);
      const h = p * (1 - p);
      ga += g * z;
      gb += g;
      haa += h * z * z;
      hab += h * z;
      hbb += h;
    }
    const det = haa * hbb - hab * hab;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    slope -= da;
    intercept -= db;
    if (!Number.isFinite(slope) || !Number.isFinite(intercept)) return identity;
    if (Math.abs(da) + Math.abs(db) < 1e-10) break;
  }
  if (Math.abs(slope) > 1e6 || Math.abs(intercept) > 1e6) return identity;
  // Seven significant digits (not decimals): the stored map is short and predicts what the fitted one did.
  const compact = (v: number) => Number(v.toPrecision(7));
  return { method: 'platt', slope: compact(slope), intercept: compact(intercept) };
}

/**
 * Fits isotonic regression of 0/1 labels on scores by pool-adjacent-violators, then puts a knot at
 * each pooled block's mean score and mean label. Interpolating between block centres (rather than a
 * step function) keeps the map strictly increasing inside the data range, so it keeps the ranking
 * and with it the ROC-AUC of the scores.
 */
export function fitIsotonic(scores: readonly number[], labels: readonly number[]): Calibration {
  if (scores.length === 0 || scores.length !== labels.length) throw new Error('need as many labels as scores');
  const order = scores.map((_, i) => i).sort((a, b) => scores[a]! - scores[b]!);
  // Blocks of [weight, sum of scores, sum of labels]; equal scores start in one block.
  const w: number[] = [];
  const sx: number[] = [];
  const sy: number[] = [];
  let previous = Number.NaN;
  for (const i of order) {
    const s = scores[i]!;
    const last = w.length - 1;
    const isTie = s === previous;
    previous = s;
    if (isTie) {
      w[last]!++;
      sx[last]! += s;
      sy[last]! += labels[i]!;
    } else {
      w.push(1);
      sx.push(s);
      sy.push(labels[i]!);
    }
    while (w.length > 1) {
      const b = w.length - 1;
      if (sy[b - 1]! / w[b - 1]! < sy[b]! / w[b]!) break;
      w[b - 1]! += w[b]!;
      sx[b - 1]! += sx[b]!;
      sy[b - 1]! += sy[b]!;
      w.pop();
      sx.pop();
      sy.pop();
    }
  }
  return {
    method: 'isotonic',
    x: w.map((wi, b) => Number((sx[b]! / wi).toPrecision(7))),
    y: w.map((wi, b) => Number((sy[b]! / wi).toPrecision(7))),
  };
}

/** The calibrated probability of raw score `score` under `calibration`. */
export function applyCalibration(calibration: Calibration, score: number): number {
  if (calibration.method === 'platt') return sigmoid(calibration.slope * score + calibration.intercept);
  const { x, y } = calibration;
  const last = x.length - 1;
  if (score <= x[0]!) return y[0]!;
  if (score >= x[last]!) return y[last]!;
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (x[mid]! <= score) lo = mid;
    else hi = mid;
  }
  const t = (score - x[lo]!) / (x[hi]! - x[lo]!);
  return y[lo]! + t * (y[hi]! - y[lo]!);
}
