/** How a figure moved against the previous window of the same length. */
export type Trend =
  | { kind: 'change'; direction: 'up' | 'down' | 'flat'; percent: number }
  | { kind: 'none'; reason: string };

/**
 * The change of `current` against `previous` in percent. Without a previous figure, or from zero, there
 * is no percentage to give, and the reason says so rather than show a made-up one.
 */
export function trendOf(current: number | null, previous: number | null): Trend {
  if (current === null) return { kind: 'none', reason: 'no figure for this window' };
  if (previous === null) return { kind: 'none', reason: 'no figure for the previous window' };
  if (previous === 0) {
    return current === 0
      ? { kind: 'change', direction: 'flat', percent: 0 }
      : { kind: 'none', reason: 'up from none in the previous window' };
  }
  const percent = ((current - previous) / Math.abs(previous)) * 100;
  const direction = Math.abs(percent) < 0.05 ? 'flat' : percent > 0 ? 'up' : 'down';
  return { kind: 'change', direction, percent };
}

/** A trend in words: '▲ 12.3% vs the previous 30 days'. */
export function trendText(trend: Trend, days: number): string {
  const window = `the previous ${days} days`;
  if (trend.kind === 'none') return `No trend: ${trend.reason}`;
  if (trend.direction === 'flat') return `Unchanged vs ${window}`;
  const arrow = trend.direction === 'up' ? '▲' : '▼';
  return `${arrow} ${Math.abs(trend.percent).toFixed(1)}% vs ${window}`;
}
