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

/** `count` + 1 evenly spaced ticks from 0 to `top`. */
export const ticks = (top: number, count = 4) => Array.from({ length: count + 1 }, (_, i) => (top * i) / count);

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
