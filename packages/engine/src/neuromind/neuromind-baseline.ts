import type { JourneyState } from '../journey/journey-state.js';
import { PAGE_TYPES, type PageType } from '../pages/page-types.js';
import { computeSignals } from '../signals/signal-catalogue.js';
import type { SignalState } from '../signals/signal-state.js';

/**
 * The measures of pace that differ by site, device, content length and person more than by profile: they
 * are read relative to the business's own visitors (a percentile of its recent sessions), never as
 * absolute seconds or px/s.
 */
export const PACE_MEASURES = ['dwell', 'scroll_velocity', 'hover_ms', 'mouse_rate'] as const;
/** One of PACE_MEASURES. */
export type PaceMeasure = (typeof PACE_MEASURES)[number];

/**
 * A business's own visitors as the classifier reads pace against them: the median time a page view of each
 * type takes (for types with enough views), and for every pace measure 101 quantiles (p0 … p100) of its
 * recent sessions. Plain JSON.
 */
export type NeuromindBaseline = {
  /** Sessions it was computed from. */
  sessions: number;
  /** Median seconds of a page view over all types, and per type where MIN_TYPE_SESSIONS sessions read one. */
  dwellPerView: { all: number; byType: Partial<Record<PageType, number>> };
  /** Sorted quantiles of each measure (empty when fewer than MIN_BASELINE_SESSIONS sessions measured it). */
  quantiles: Record<PaceMeasure, number[]>;
};

/** Fewest sessions with a page summary that make a baseline; before, pace is not judged at all. */
export const MIN_BASELINE_SESSIONS = 30;
/** Fewest sessions with a summarised page of a type for that type's own reading time to be used. */
export const MIN_TYPE_SESSIONS = 10;
const QUANTILES = 101;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Seconds per page view of each type in a session that has summarised pages of that type. */
function dwellPerViewByType(journey: JourneyState): Partial<Record<PageType, number>> {
  const out: Partial<Record<PageType, number>> = {};
  for (const t of PAGE_TYPES) {
    const { views, dwellMs } = journey.byType[t];
    if (views > 0 && dwellMs > 0) out[t] = dwellMs / 1000 / views;
  }
  return out;
}

/**
 * A session's reading time against what the business's visitors spend on the same mix of pages: seconds
 * per summarised page over the expected seconds per page of the types it viewed (1 = as long as the
 * business's median visitor; 2 = twice as long). Null before a page summary.
 */
export function relativeDwell(journey: JourneyState, dwellPerView: NeuromindBaseline['dwellPerView']): number | null {
  if (journey.hides === 0 || dwellPerView.all <= 0) return null;
  let dwellMs = 0;
  let expected = 0;
  let views = 0;
  for (const t of PAGE_TYPES) {
    const b = journey.byType[t];
    dwellMs += b.dwellMs;
    expected += b.views * (dwellPerView.byType[t] ?? dwellPerView.all);
    views += b.views;
  }
  if (views === 0 || expected <= 0 || dwellMs <= 0) return null;
  return dwellMs / 1000 / journey.hides / (expected / views);
}

/** The session's raw pace measures (null where not measured: no pointer on a touch screen, no scroll yet). */
export function paceMeasures(
  signals: SignalState,
  journey: JourneyState,
  dwellPerView: NeuromindBaseline['dwellPerView'] | null,
): Record<PaceMeasure, number | null> {
  const velocity = computeSignals(signals).find((s) => s.name === 'scroll_velocity')?.value ?? null;
  const pointer = signals.mouseMoves + signals.ctaHovers > 0;
  return {
    dwell: dwellPerView ? relativeDwell(journey, dwellPerView) : null,
    scroll_velocity: velocity !== null && velocity > 0 ? velocity : null,
    hover_ms: signals.ctaHovers > 0 ? signals.ctaHoverMs / signals.ctaHovers : null,
    mouse_rate: pointer && signals.activeMs >= 5000 ? signals.mouseMoves / (signals.activeMs / 60_000) : null,
  };
}

/** `n` evenly spaced quantiles (linear interpolation) of a non-empty sample. */
function quantilesOf(xs: number[], n = QUANTILES): number[] {
  const s = [...xs].sort((a, b) => a - b);
  return Array.from({ length: n }, (_, i) => {
    const pos = (i / (n - 1)) * (s.length - 1);
    const lo = Math.floor(pos);
    const hi = Math.min(s.length - 1, lo + 1);
    return Number((s[lo]! + (s[hi]! - s[lo]!) * (pos - lo)).toPrecision(6));
  });
}

/**
 * Where `x` falls among the business's sessions, in [0, 1]: 0.5 is its median visitor, 0.9 faster (or
 * longer) than nine in ten. Ties count half (a value equal to every quantile reads 0.5).
 */
export function percentileIn(quantiles: readonly number[], x: number): number {
  const n = quantiles.length;
  if (n === 0) return 0.5;
  let below = 0;
  let equal = 0;
  for (const q of quantiles) {
    if (q < x) below++;
    else if (q === x) equal++;
  }
  if (equal > 0) return (below + equal / 2) / n;
  // Interpolate between the quantiles around x, so nearby values read nearby percentiles.
  if (below === 0) return 0;
  if (below === n) return 1;
  const lo = quantiles[below - 1]!;
  const hi = quantiles[below]!;
  return (below - 1 + (x - lo) / (hi - lo)) / (n - 1);
}

/**
 * The baseline of a business from its recent sessions' states (any order; sessions without a page summary
 * are skipped), or null when fewer than MIN_BASELINE_SESSIONS have one: pace is then not judged. Each
 * type's reading time is the median over the sessions that read a page of it.
 */
export function computeNeuromindBaseline(
  sessions: readonly { signals: SignalState; journey: JourneyState }[],
): NeuromindBaseline | null {
  const read = sessions.filter((s) => s.journey.hides > 0);
  if (read.length < MIN_BASELINE_SESSIONS) return null;
  const perType = new Map<PageType, number[]>();
  const all: number[] = [];
  for (const s of read) {
    for (const [t, seconds] of Object.entries(dwellPerViewByType(s.journey)) as [PageType, number][]) {
      perType.set(t, [...(perType.get(t) ?? []), seconds]);
      all.push(seconds);
    }
  }
  if (all.length === 0) return null;
  const dwellPerView: NeuromindBaseline['dwellPerView'] = {
    all: Number(median(all).toPrecision(6)),
    byType: Object.fromEntries(
      [...perType]
        .filter(([, xs]) => xs.length >= MIN_TYPE_SESSIONS)
        .map(([t, xs]) => [t, Number(median(xs).toPrecision(6))]),
    ),
  };
  const samples = Object.fromEntries(PACE_MEASURES.map((m) => [m, [] as number[]])) as Record<PaceMeasure, number[]>;
  for (const s of read) {
    const m = paceMeasures(s.signals, s.journey, dwellPerView);
    for (const k of PACE_MEASURES) if (m[k] !== null) samples[k].push(m[k]!);
  }
  const quantiles = Object.fromEntries(
    PACE_MEASURES.map((k) => [k, samples[k].length >= MIN_BASELINE_SESSIONS ? quantilesOf(samples[k]) : []]),
  ) as Record<PaceMeasure, number[]>;
  return { sessions: read.length, dwellPerView, quantiles };
}

/** The session's pace measures as percentiles of the business's sessions (null without a baseline or a measure). */
export function pacePercentiles(
  signals: SignalState,
  journey: JourneyState,
  baseline: NeuromindBaseline | null | undefined,
): Record<PaceMeasure, { raw: number; percentile: number } | null> {
  const none = Object.fromEntries(PACE_MEASURES.map((k) => [k, null])) as Record<PaceMeasure, null>;
  if (!baseline) return none;
  const m = paceMeasures(signals, journey, baseline.dwellPerView);
  return Object.fromEntries(
    PACE_MEASURES.map((k) => {
      const q = baseline.quantiles[k];
      const raw = m[k];
      return [k, raw === null || q.length === 0 ? null : { raw, percentile: percentileIn(q, raw) }];
    }),
  ) as Record<PaceMeasure, { raw: number; percentile: number } | null>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Reads a stored baseline, or null when it is absent or not one (then pace is not judged). */
export function parseNeuromindBaseline(json: unknown): NeuromindBaseline | null {
  if (!isObject(json) || typeof json.sessions !== 'number' || !isObject(json.dwellPerView) || !isObject(json.quantiles))
    return null;
  const q = json.quantiles as Record<string, unknown>;
  if (!PACE_MEASURES.every((k) => Array.isArray(q[k]) && (q[k] as unknown[]).every((x) => typeof x === 'number')))
    return null;
  return json as NeuromindBaseline;
}
