/** Where a minimisation ended: the best point, its value, and how many function evaluations it took. */
export type Minimum = { point: number[]; value: number; evaluations: number; converged: boolean };

/** Stopping rules of {@link minimizeNelderMead}. */
export type NelderMeadOptions = {
  /** Initial simplex edge along each axis (default 0.5: the fits work in log-parameter space). */
  step?: number;
  /** Stop when the simplex's values lie within valueTolerance × (1 + |best|) (default 1e-10) and its vertices
   * within pointTolerance of the best along every axis (default 1e-7). */
  valueTolerance?: number;
  pointTolerance?: number;
  /** Give up after this many evaluations (default 20,000). */
  maxEvaluations?: number;
  /** Restart from the best point until a restart no longer improves it by more than valueTolerance (default 5). */
  maxRestarts?: number;
};

/**
 * Minimises f over ℝⁿ by the Nelder–Mead simplex method (Lagarias et al. 1998's standard coefficients: reflect 1,
 * expand 2, contract ½, shrink ½), restarted from its best point so that a collapsed simplex cannot stop it early.
 * Non-finite values count as +∞, so f may refuse a region by returning NaN or Infinity.
 */
export function minimizeNelderMead(
  f: (point: readonly number[]) => number,
  start: readonly number[],
  options: NelderMeadOptions = {},
): Minimum {
  const valueTolerance = options.valueTolerance ?? 1e-10;
  const maxEvaluations = options.maxEvaluations ?? 20_000;
  const maxRestarts = options.maxRestarts ?? 5;
  let evaluations = 0;
  const g = (x: readonly number[]) => {
    evaluations++;
    const v = f(x);
    return Number.isFinite(v) ? v : Number.POSITIVE_INFINITY;
  };
  let best = { point: [...start], value: g(start) };
  let converged = false;
  for (let restart = 0; restart <= maxRestarts && evaluations < maxEvaluations; restart++) {
    const run = simplexSearch(g, best.point, best.value, options, () => evaluations < maxEvaluations);
    const improvement = best.value - run.value;
    if (run.value <= best.value) best = run;
    converged = run.converged;
    if (run.converged && !(improvement > valueTolerance * (1 + Math.abs(best.value)))) break;
  }
  return { point: best.point, value: best.value, evaluations, converged };
}

type Vertex = { point: number[]; value: number };

function simplexSearch(
  g: (x: readonly number[]) => number,
  start: number[],
  startValue: number,
  options: NelderMeadOptions,
  canEvaluate: () => boolean,
): Vertex & { converged: boolean } {
  const n = start.length;
  const step = options.step ?? 0.5;
  const valueTolerance = options.valueTolerance ?? 1e-10;
  const pointTolerance = options.pointTolerance ?? 1e-7;
  const simplex: Vertex[] = [{ point: start, value: startValue }];
  for (let i = 0; i < n; i++) {
    const point = [...start];
    point[i]! += step;
    simplex.push({ point, value: g(point) });
  }
  const along = (from: number[], to: number[], t: number) => from.map((x, i) => x + t * (to[i]! - x));
  while (canEvaluate()) {
    simplex.sort((p, q) => p.value - q.value);
    const lowest = simplex[0]!;
    const highest = simplex[n]!;
    const valueSpread = highest.value - lowest.value;
    let pointSpread = 0;
    for (const v of simplex) {
      for (let i = 0; i < n; i++) pointSpread = Math.max(pointSpread, Math.abs(v.point[i]! - lowest.point[i]!));
    }
    if (valueSpread <= valueTolerance * (1 + Math.abs(lowest.value)) && pointSpread <= pointTolerance) {
      return { ...lowest, converged: true };
    }
    const centroid = new Array<number>(n).fill(0);
    for (let k = 0; k < n; k++) for (let i = 0; i < n; i++) centroid[i]! += simplex[k]!.point[i]! / n;
    const reflected = along(centroid, highest.point, -1);
    const reflectedValue = g(reflected);
    if (reflectedValue < lowest.value) {
      const expanded = along(centroid, highest.point, -2);
      const expandedValue = g(expanded);
      simplex[n] =
        expandedValue < reflectedValue
          ? { point: expanded, value: expandedValue }
          : { point: reflected, value: reflectedValue };
      continue;
    }
    if (reflectedValue < simplex[n - 1]!.value) {
      simplex[n] = { point: reflected, value: reflectedValue };
      continue;
    }
    const outside = reflectedValue < highest.value;
    const contracted = along(centroid, highest.point, outside ? -0.5 : 0.5);
    const contractedValue = g(contracted);
    if (contractedValue < (outside ? reflectedValue : highest.value)) {
      simplex[n] = { point: contracted, value: contractedValue };
      continue;
    }
    for (let k = 1; k <= n; k++) {
      const point = along(lowest.point, simplex[k]!.point, 0.5);
      simplex[k] = { point, value: g(point) };
    }
  }
  simplex.sort((p, q) => p.value - q.value);
  return { ...simplex[0]!, converged: false };
}
