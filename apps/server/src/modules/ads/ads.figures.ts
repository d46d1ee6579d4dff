import {
  type AdAudience,
  NEUROMIND_PROFILES,
  READINESS_BANDS,
  READINESS_THRESHOLDS,
  type Reasons,
  round,
} from '@ri/contracts';
import { OPTIMIZATION_RULES, wilsonInterval } from '@ri/engine';
import type { AudienceRow, Window } from './ads.repo.js';

// The small rules every Ad Intelligence answer shares: windows, money, ratios that may be unknowable (null with the
// reason under the field's name), and a campaign's or ad's visitors by profile and band.

/** A count or figure with thousands separators and at most two decimals, as the engine's sentences write them. */
export const formatNumber = (value: number, decimals = 2) =>
  value.toLocaleString('en-US', { maximumFractionDigits: decimals, minimumFractionDigits: 0 });
const formatShare = (fraction: number) => `${formatNumber(fraction * 100, 1)}%`;

/** CTR needs this many impressions before it says anything. */
export const MIN_IMPRESSIONS_FOR_CTR = 100;
/** Last-click attribution of the campaign figures looks back this far (the default lookback). */
export const DEFAULT_LOOKBACK_S = 28 * 86_400;

const DAY_MS = 86_400_000;
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The window of the last `days` UTC days (today included), and the one before it. */
export function windowsOf(days: number, now = new Date()): { current: Window; previous: Window } {
  const last = todayUtc(now);
  return {
    current: { first: shift(last, -(days - 1)), last },
    previous: { first: shift(last, -(2 * days - 1)), last: shift(last, -days) },
  };
}

/** Every day of a window, in order. */
export function daysOf(window: Window): string[] {
  const out: string[] = [];
  for (let day = window.first; day <= window.last; day = shift(day, 1)) out.push(day);
  return out;
}

export const money = (minor: number, minorPerMajor: number) => round(minor / minorPerMajor, 2);

/** Writes an amount in minor units of a currency, for the engine's sentences. */
export const moneyFormatter = (currency: string, minorPerMajor: number) => {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
  } catch {
    format = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
  }
  return (minor: number) => format.format(minor / minorPerMajor);
};

/** A figure, or null with the reason set in `reasons` under `field`. */
export function known<T>(reasons: Reasons, field: string, value: T | null, reason: string): T | null {
  if (value === null) reasons[field] = reason;
  return value;
}

/** Clicks per 100 impressions, or null (with the reason) below MIN_IMPRESSIONS_FOR_CTR. */
export function ctrOf(reasons: Reasons, field: string, clicks: number, impressions: number): number | null {
  if (impressions < MIN_IMPRESSIONS_FOR_CTR) {
    reasons[field] =
      impressions === 0
        ? 'No impressions in this period.'
        : `${formatNumber(impressions)} impressions; CTR needs at least ${MIN_IMPRESSIONS_FOR_CTR}.`;
    return null;
  }
  return round((clicks / impressions) * 100, 2);
}

/** Spend per click, or null (with the reason) without clicks or spend. */
export function cpcOf(reasons: Reasons, field: string, spend: number | null, clicks: number): number | null {
  if (spend === null) return known(reasons, field, null, 'No spend synced in this period.');
  if (clicks === 0) return known(reasons, field, null, 'No clicks in this period.');
  return round(spend / clicks, 2);
}

/** Revenue over spend, or null (with the reason) without spend or when the two are in different currencies. */
export function roasOf(
  reasons: Reasons,
  field: string,
  revenue: number,
  spend: number | null,
  currencies: { revenue: string | null; spend: string | null },
): number | null {
  if (spend === null || spend === 0) return known(reasons, field, null, 'No spend synced in this period.');
  if (currencies.revenue && currencies.spend && currencies.revenue !== currencies.spend) {
    return known(
      reasons,
      field,
      null,
      `Revenue is counted in ${currencies.revenue} and spend is in ${currencies.spend}: they do not compare.`,
    );
  }
  return round(revenue / spend, 2);
}

/** Percent of `of` that `part` is, or null when `of` is 0. */
export const rate = (part: number, of: number) => (of > 0 ? round((part / of) * 100, 2) : null);

/**
 * Visitors by Neuromind profile and readiness band, with each slice's conversion rate, and a finding when the
 * Ready-to-Convert visitors convert far below what readiness 80 stands for (the landing-page rule of the engine's
 * optimisation recommendations: at least 20 such visitors, and the top of their 95 % interval under 60 %).
 */
export function audienceFrom(rows: readonly AudienceRow[]): AdAudience & { ready: number; readyConverted: number } {
  const sessions = rows.reduce((sum, r) => sum + r.sessions, 0);
  const slice = (match: (r: AudienceRow) => boolean) => {
    const chosen = rows.filter(match);
    const s = chosen.reduce((sum, r) => sum + r.sessions, 0);
    const c = chosen.reduce((sum, r) => sum + r.converted, 0);
    return { sessions: s, conversions: c, conversion_rate: rate(c, s) };
  };
  const profiles = NEUROMIND_PROFILES.map((profile) => ({ profile, ...slice((r) => r.profile === profile) }));
  const unclassified = rows.filter((r) => r.profile === '').reduce((sum, r) => sum + r.sessions, 0);
  const bands = READINESS_BANDS.map((band) => ({ band, ...slice((r) => r.band === band) }));
  const ready = bands[0]!;
  let finding: string | null = null;
  const rules = OPTIMIZATION_RULES;
  if (ready.sessions >= rules.minReadyVisitors) {
    const upper = wilsonInterval(ready.conversions, ready.sessions)![1];
    if (upper < rules.readyConversionFloor) {
      finding = `${formatNumber(ready.sessions)} visitors arrived Ready to Convert (readiness ${READINESS_THRESHOLDS.ready} or more) and ${formatNumber(ready.conversions)} bought (${formatShare(ready.conversions / ready.sessions)}): the ad brings buyers who are lost on the site. Look at the landing page.`;
    }
  }
  return {
    sessions,
    profiles,
    unclassified_sessions: unclassified,
    bands,
    finding,
    ready: ready.sessions,
    readyConverted: ready.conversions,
  };
}

/** The audience with nothing in it (an ad whose visits cannot be told apart from its campaign's). */
export const emptyAudience = (): AdAudience => {
  const { ready: _r, readyConverted: _c, ...audience } = audienceFrom([]);
  return audience;
};

/**
 * The currency a set of figures in several currencies is summed in: the one with the most spend (the only one
 * when they agree); amounts in the others are left out, and the reason says so.
 */
export function reportCurrency(rows: readonly { currency: string; spendMinor: number; minorPerMajor: number }[]): {
  currency: string | null;
  left: string[];
} {
  const spend = new Map<string, number>();
  for (const r of rows) spend.set(r.currency, (spend.get(r.currency) ?? 0) + r.spendMinor / r.minorPerMajor);
  const ranked = [...spend].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([c]) => c);
  return { currency: ranked[0] ?? null, left: ranked.slice(1) };
}

/** Minor units in one major unit of a currency by ISO 4217 (what the engine's sentences and channels count in). */
export function isoMinorPerMajor(currency: string | null): number {
  if (!currency) return 100;
  try {
    return (
      10 ** (new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2)
    );
  } catch {
    return 100;
  }
}
