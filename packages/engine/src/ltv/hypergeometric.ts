const MAX_TERMS = 100_000;

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

/**
 * ₂F₁(1, b; c; z) for 0 ≤ z < 1: the power series up to z = ½, beyond it Gauss's continued fraction for
 * ₂F₁(a+1, b; c+1; z)/₂F₁(a, b; c; z) at a = 0 (evaluated by the modified Lentz method), which needs about
 * 1/√(1−z) levels where the series needs 1/(1−z) terms. NaN outside the domain or when it does not settle.
 */
export function hypergeometric2F1A1(b: number, c: number, z: number): number {
  if (z <= 0.5) return hypergeometric2F1(1, b, c, z);
  if (!(z < 1) || (c <= 0 && Number.isInteger(c))) return Number.NaN;
  const c0 = c - 1;
  const TINY = 1e-300;
  // g = 1 + k₁z/(1 + k₂z/(1 + …)), the result is 1/g.
  let g = 1;
  let big = 1;
  let small = 0;
  for (let j = 1; j < MAX_TERMS; j++) {
    const m = Math.floor((j - 1) / 2);
    const k =
      j % 2 === 1
        ? ((-c0 - m) * (b + m)) / ((c0 + 2 * m) * (c0 + 2 * m + 1))
        : ((b - c0 - m - 1) * (m + 1)) / ((c0 + 2 * m + 1) * (c0 + 2 * m + 2));
    small = 1 + k * z * small;
    if (Math.abs(small) < TINY) small = TINY;
    small = 1 / small;
    big = 1 + (k * z) / big;
    if (Math.abs(big) < TINY) big = TINY;
    const delta = big * small;
    g *= delta;
    if (Math.abs(delta - 1) < 1e-16) return 1 / g;
    if (!Number.isFinite(g)) return Number.NaN;
  }
  return Number.NaN;
}
