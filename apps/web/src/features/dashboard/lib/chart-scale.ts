// The same scale as Ad Intelligence's charts (features may not share code; a shared chart kit would be the place).

/** A "nice" axis top at or above `max`: 1, 2, 2.5, 5 or 10 times a power of ten; 1 for nothing to draw. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= max) ?? 10;
  return step * power;
}

/** Evenly spaced ticks from 0 to `top` on round steps. */
export function ticks(top: number): number[] {
  const mantissa = top / 10 ** Math.floor(Math.log10(top));
  const count = Math.abs(mantissa - 5) < 1e-9 || Math.abs(mantissa - 2.5) < 1e-9 ? 5 : 4;
  return Array.from({ length: count + 1 }, (_, i) => (top * i) / count);
}

export type Point = { x: number; y: number };

/**
 * The runs of known values of a line in a box `width` wide and 100 high (y grows downwards): an unknown day
 * (null) breaks the line instead of dropping it to zero. A run of one point is drawn as a dot.
 */
export function lineRuns(values: readonly (number | null)[], top: number, width: number): Point[][] {
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const runs: Point[][] = [];
  let run: Point[] = [];
  values.forEach((v, i) => {
    if (v === null) {
      if (run.length > 0) runs.push(run);
      run = [];
      return;
    }
    run.push({ x: values.length === 1 ? width / 2 : i * step, y: 100 - (Math.max(0, v) / top) * 100 });
  });
  if (run.length > 0) runs.push(run);
  return runs;
}

/** A run as the points of an SVG polyline. */
export const toPoints = (run: readonly Point[]) => run.map((p) => `${p.x.toFixed(2)},${p.y.toFixed(2)}`).join(' ');
