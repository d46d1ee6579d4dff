/**
 * A "nice" upper bound for an axis that starts at zero: the smallest of 1, 2, 2.5, 5 or 10 times a power
 * of ten at or above `max`, so gridlines fall on round figures. Zero or less gives 1, to keep an empty
 * chart drawable.
 */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= max) ?? 10;
  return step * power;
}

/**
 * Evenly spaced ticks from 0 to `top` (a `niceMax`), on round steps: a top of 5 or 2.5 (× a power of ten)
 * gets five steps (1 or 0.5), any other four (0.25, 0.5 or 2.5).
 */
export function ticks(top: number): number[] {
  const mantissa = top / 10 ** Math.floor(Math.log10(top));
  const count = Math.abs(mantissa - 5) < 1e-9 || Math.abs(mantissa - 2.5) < 1e-9 ? 5 : 4;
  return Array.from({ length: count + 1 }, (_, i) => (top * i) / count);
}

/**
 * The points of a line through `values` in a box `width` wide and 100 high (y grows downwards), for an
 * SVG polyline; one value draws a flat stroke across the box.
 */
export function linePoints(values: readonly number[], top: number, width: number): string {
  const y = (v: number) => (100 - (v / top) * 100).toFixed(2);
  if (values.length === 1) return `0,${y(values[0]!)} ${width},${y(values[0]!)}`;
  const step = width / Math.max(1, values.length - 1);
  return values.map((v, i) => `${(i * step).toFixed(2)},${y(v)}`).join(' ');
}
