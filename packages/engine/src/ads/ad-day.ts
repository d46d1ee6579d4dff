/**
 * A creative's daily delivery, as the ad platforms report it, and the one way the ad rules read it: days in
 * date order, one row per date. Rows for the same date (an ad synced twice, or the ads of one creative) are
 * added up; their frequencies are averaged weighted by impressions. Rows with a date that is not a calendar
 * date are left out, and counts that are negative or not finite read as 0, so no rule sees an impossible
 * figure. The result does not depend on the order of the rows.
 */

/** One day of a creative/ad's delivery. Money in minor units of the account currency. */
export type AdDay = {
  date: string /* YYYY-MM-DD */;
  impressions: number;
  clicks: number;
  spend: number;
  frequency?: number | null;
};

/** A figure that is known, or null with the reason it cannot be. */
export type Unknowable<T> = { value: T; reason: null } | { value: null; reason: string };

/** A normalised day: `dayIndex` counts calendar days from the first row's date. */
export type DeliveryDay = {
  readonly date: string;
  readonly dayIndex: number;
  readonly impressions: number;
  readonly clicks: number;
  readonly spend: number;
  readonly frequency: number | null;
};

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const count = (v: number): number => (Number.isFinite(v) && v > 0 ? v : 0);

/** Milliseconds since the epoch of a YYYY-MM-DD date at 00:00 UTC; null when it is not a calendar date. */
export function dateToUtcMs(date: string): number | null {
  if (!DATE.test(date)) return null;
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().startsWith(date) ? ms : null;
}

/** The rows of a creative's delivery merged per date and sorted by date (see the file's header). */
export function normalizeAdDays(days: readonly AdDay[]): DeliveryDay[] {
  const byDate = new Map<string, { ms: number; rows: AdDay[] }>();
  for (const day of days) {
    const ms = dateToUtcMs(day.date);
    if (ms === null) continue;
    const entry = byDate.get(day.date) ?? { ms, rows: [] };
    entry.rows.push(day);
    byDate.set(day.date, entry);
  }
  const entries = [...byDate.entries()].sort((a, b) => a[1].ms - b[1].ms);
  const first = entries[0]?.[1].ms ?? 0;
  return entries.map(([date, { ms, rows }]) => {
    // Summing in a fixed order makes the floating-point result independent of the input's order.
    const sorted = rows
      .map((r) => ({ i: count(r.impressions), c: count(r.clicks), s: count(r.spend), f: frequencyOf(r) }))
      .sort((a, b) => a.i - b.i || a.c - b.c || a.s - b.s || (a.f ?? -1) - (b.f ?? -1));
    let impressions = 0;
    let clicks = 0;
    let spend = 0;
    let weighted = 0;
    let weight = 0;
    for (const r of sorted) {
      impressions += r.i;
      clicks += r.c;
      spend += r.s;
      if (r.f !== null && r.i > 0) {
        weighted += r.f * r.i;
        weight += r.i;
      }
    }
    const frequency = weight > 0 ? weighted / weight : null;
    return { date, dayIndex: Math.round((ms - first) / DAY_MS), impressions, clicks, spend, frequency };
  });
}

function frequencyOf(day: AdDay): number | null {
  const f = day.frequency;
  return typeof f === 'number' && Number.isFinite(f) && f > 0 ? f : null;
}

/** Clicks per impression over `days` (a fraction); null without impressions. */
export function ctrOf(days: readonly DeliveryDay[]): number | null {
  let impressions = 0;
  let clicks = 0;
  for (const d of days) {
    impressions += d.impressions;
    clicks += d.clicks;
  }
  return impressions > 0 ? clicks / impressions : null;
}

/** The impression-weighted mean frequency of the days that report one; null when none does. */
export function frequencyOfDays(days: readonly DeliveryDay[]): number | null {
  let weighted = 0;
  let weight = 0;
  for (const d of days) {
    if (d.frequency === null || d.impressions <= 0) continue;
    weighted += d.frequency * d.impressions;
    weight += d.impressions;
  }
  return weight > 0 ? weighted / weight : null;
}
