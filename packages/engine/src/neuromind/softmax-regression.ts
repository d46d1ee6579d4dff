/** A multinomial logistic regression over standardised inputs: one weight row and one bias per class. */
export type SoftmaxModel = {
  /** Per class, one weight per input (classes × inputs). */
  weights: number[][];
  bias: number[];
};

/** How fitSoftmaxRegression fits. */
export type SoftmaxFitOptions = {
  /** L2 penalty on the weights (not the biases), added to the mean cross-entropy as l2/2 · Σw². */
  l2: number;
  /** Most L-BFGS iterations. */
  maxIterations?: number;
  /** Stop when the objective improves by less than this (relative). */
  tolerance?: number;
};

/** How a fit ended: iterations run, final objective, whether it met the tolerance. */
export type SoftmaxFitReport = { iterations: number; loss: number; converged: boolean };

/** Class probabilities from linear scores: exp(score) normalised, computed stably. */
export function softmax(scores: readonly number[]): number[] {
  const max = Math.max(...scores);
  const exps = scores.map((s) => Math.exp(s - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / sum);
}

/** The linear score of every class for one standardised input vector. */
export function softmaxScores(model: SoftmaxModel, x: readonly number[]): number[] {
  return model.weights.map((w, k) => w.reduce((a, wj, j) => a + wj * (x[j] ?? 0), model.bias[k] ?? 0));
}

/** Objective and gradient over the packed parameters: per class, its weights then its bias. */
function objective(theta: Float64Array, X: readonly number[][], y: readonly number[], k: number, l2: number) {
  const d = X[0]!.length;
  const stride = d + 1;
  const grad = new Float64Array(theta.length);
  let loss = 0;
  const scores = new Float64Array(k);
  for (let i = 0; i < X.length; i++) {
    const x = X[i]!;
    let max = Number.NEGATIVE_INFINITY;
    for (let c = 0; c < k; c++) {
      let s = theta[c * stride + d]!;
      for (let j = 0; j < d; j++) s += theta[c * stride + j]! * x[j]!;
      scores[c] = s;
      if (s > max) max = s;
    }
    let sum = 0;
    for (let c = 0; c < k; c++) sum += Math.exp(scores[c]! - max);
    const logSum = max + Math.log(sum);
    loss += logSum - scores[y[i]!]!;
    for (let c = 0; c < k; c++) {
      const g = Math.exp(scores[c]! - logSum) - (c === y[i] ? 1 : 0);
      for (let j = 0; j < d; j++) grad[c * stride + j]! += g * x[j]!;
      grad[c * stride + d]! += g;
    }
  }
  const n = X.length;
  loss /= n;
  for (let p = 0; p < theta.length; p++) {
    grad[p]! /= n;
    if (p % stride !== d) {
      loss += (l2 / 2) * theta[p]! ** 2;
      grad[p]! += l2 * theta[p]!;
    }
  }
  return { loss, grad };
}

const dot = (a: Float64Array, b: Float64Array) => a.reduce((s, v, i) => s + v * b[i]!, 0);

/**
 * Fits a multinomial logistic regression (softmax, L2-penalised weights) by L-BFGS with a backtracking
 * line search, from zero. `X` holds standardised rows, `y` class indices in [0, classes). Deterministic:
 * the same data give the same model. Weights are centred across classes (their mean per input is 0),
 * which leaves every probability unchanged, so a weight reads as a push toward or away from a class
 * relative to the average class.
 */
export function fitSoftmaxRegression(
  X: readonly number[][],
  y: readonly number[],
  classes: number,
  options: SoftmaxFitOptions,
): { model: SoftmaxModel; report: SoftmaxFitReport } {
  if (X.length === 0 || X.length !== y.length) throw new Error('fitSoftmaxRegression needs rows with a label each');
  const d = X[0]!.length;
  const maxIterations = options.maxIterations ?? 500;
  const tolerance = options.tolerance ?? 1e-9;
  const memory = 10;
  let theta = new Float64Array(classes * (d + 1));
  let { loss, grad } = objective(theta, X, y, classes, options.l2);
  const ss: Float64Array[] = [];
  const ys: Float64Array[] = [];
  let iterations = 0;
  let converged = false;
  for (; iterations < maxIterations; iterations++) {
    // Two-loop recursion: the search direction −H·grad.
    const q = Float64Array.from(grad);
    const alphas: number[] = [];
    for (let m = ss.length - 1; m >= 0; m--) {
      const a = dot(ss[m]!, q) / dot(ys[m]!, ss[m]!);
      alphas[m] = a;
      for (let p = 0; p < q.length; p++) q[p]! -= a * ys[m]![p]!;
    }
    const last = ss.length - 1;
    const gamma =
      last >= 0 ? dot(ss[last]!, ys[last]!) / dot(ys[last]!, ys[last]!) : 1 / Math.max(1, Math.sqrt(dot(grad, grad)));
    for (let p = 0; p < q.length; p++) q[p]! *= gamma;
    for (let m = 0; m < ss.length; m++) {
      const b = dot(ys[m]!, q) / dot(ys[m]!, ss[m]!);
      for (let p = 0; p < q.length; p++) q[p]! += ss[m]![p]! * (alphas[m]! - b);
    }
    const direction = q.map((v) => -v);
    const slope = dot(direction, grad);
    if (slope >= 0) break;
    let step = 1;
    let next = objective(
      theta.map((t, p) => t + step * direction[p]!),
      X,
      y,
      classes,
      options.l2,
    );
    while (next.loss > loss + 1e-4 * step * slope && step > 1e-10) {
      step /= 2;
      next = objective(
        theta.map((t, p) => t + step * direction[p]!),
        X,
        y,
        classes,
        options.l2,
      );
    }
    const nextTheta = theta.map((t, p) => t + step * direction[p]!);
    const s = nextTheta.map((t, p) => t - theta[p]!);
    const yy = next.grad.map((g, p) => g - grad[p]!);
    if (dot(s, yy) > 1e-12) {
      ss.push(s);
      ys.push(yy);
      if (ss.length > memory) {
        ss.shift();
        ys.shift();
      }
    }
    const improvement = loss - next.loss;
    theta = nextTheta;
    loss = next.loss;
    grad = next.grad;
    if (improvement >= 0 && improvement < tolerance * Math.max(1, Math.abs(loss))) {
      converged = true;
      iterations++;
      break;
    }
  }
  const weights = Array.from({ length: classes }, (_, c) => Array.from(theta.subarray(c * (d + 1), c * (d + 1) + d)));
  const bias = Array.from({ length: classes }, (_, c) => theta[c * (d + 1) + d]!);
  for (let j = 0; j < d; j++) {
    const mean = weights.reduce((a, w) => a + w[j]!, 0) / classes;
    for (const w of weights) w[j]! -= mean;
  }
  const meanBias = bias.reduce((a, b) => a + b, 0) / classes;
  return {
    model: { weights, bias: bias.map((b) => b - meanBias) },
    report: { iterations, loss, converged },
  };
}
