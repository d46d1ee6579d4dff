const MAX_TERMS = 1_000_000;

/**
 * Gauss's hypergeometric function ₂F₁(a, b; c; z) for 0 ≤ z < 1 (c not 0, −1, −2 …) by its power series, summed until a
 * term no longer moves the sum in the 15th digit. Callers pass parameters for which the terms stay small (the
 * models below apply Euler's transformation first); NaN outside the domain or when the series does not settle.
 */
export function hypergeometric2F1(a: number, b: number, c: number, z: number): number {
  if (!(z >= 0 && z < 1) || (c <= 0 && Number.isInteger(c))) return Number.NaN;
  let term = 1;
  let sum = 1;
  for (let n = 0; n < MAX_TERMS; n++) {
    term *= ((a + n) * (b + n) * z) / ((c + n) * (n + 1));
    sum += term;
    if (Math.abs(term) <= 1e-16 * Math.abs(sum)) return sum;
    if (!Number.isFinite(sum)) return Number.NaN;
  }
  return Number.NaN;
}
