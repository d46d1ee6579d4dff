import type { Dashboard, Figure } from '@ri/contracts';

/** Why a figure is missing when the server gives no reason (it always should). */
export const UNKNOWN_REASON = 'Not available from your data yet.';

/** A figure's record by its path (`metric_intelligence.cvr`), or null when the server sent none. */
export const figureAt = (d: Dashboard, path: string): Figure | null => d.figures[path] ?? null;

/** Why the figure at `path` is unknown, in the server's words. */
export const reasonAt = (d: Dashboard, path: string): string => d.figures[path]?.reason ?? UNKNOWN_REASON;

const GOAL_PATHS = new Set([
  'structural_tension.goal_revenue',
  'structural_tension.goal_cvr',
  'structural_tension.goal_aov',
]);

/**
 * True when the business has any data in the window: a known figure other than the goals (which are typed in,
 * not measured), or a profile distribution. Without any, the screen shows its empty state.
 */
export function hasAnyData(d: Dashboard): boolean {
  if (d.neuromind_profiles.some((p) => p.count > 0)) return true;
  return Object.entries(d.figures).some(([path, figure]) => !GOAL_PATHS.has(path) && figure.value !== null);
}

/** The distinct reasons the figures give for being unknown, for the empty state: what to connect or install. */
export function missingReasons(d: Dashboard): string[] {
  const reasons = Object.entries(d.figures)
    .filter(([path, figure]) => !GOAL_PATHS.has(path) && figure.value === null && figure.reason)
    .map(([, figure]) => figure.reason as string);
  return [...new Set(reasons)];
}

const sumOf = (values: readonly (number | null)[]) =>
  values.some((v) => v !== null) ? values.reduce<number>((total, v) => total + (v ?? 0), 0) : null;

/** Totals of the window's days: sessions always, orders when a payment integration reports them. */
export function seriesTotals(d: Dashboard): { sessions: number; orders: number | null } {
  return {
    sessions: d.series.reduce((total, day) => total + day.sessions, 0),
    orders: sumOf(d.series.map((day) => day.orders)),
  };
}
