/**
 * Spec 3 section 3: recommendation figures are fractions; a value above 1 is read as a percentage and divided
 * by 100, and a value that is not a number becomes 0.5. The server sends fractions, so the last two rules only
 * guard against a stray answer.
 */
export function toFraction(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0.5;
  return value > 1 ? value / 100 : value;
}

/** A fraction as a whole percentage, or with one decimal under 10 % where a whole one would read as 0 or 1: 0.0375 is '3.8%'. */
export function formatFractionPercent(fraction: number): string {
  const percent = fraction * 100;
  const digits = Math.abs(percent) < 10 && percent !== 0 && !Number.isInteger(percent) ? 1 : 0;
  return `${percent.toFixed(digits)}%`;
}

/** A change as a signed percentage with a typographic minus: 0.1 is '+10%', −0.25 is '−25%'. */
export function formatSignedPercent(fraction: number, digits = 1): string {
  const percent = Math.abs(fraction * 100);
  const text = Number.isInteger(Number(percent.toFixed(digits))) ? percent.toFixed(0) : percent.toFixed(digits);
  if (Number(text) === 0) return '0%';
  return `${fraction > 0 ? '+' : '−'}${text}%`;
}
