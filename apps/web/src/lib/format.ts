import { round } from '@ri/contracts';
/** Shown in place of a value the server does not have; never a made-up number. */
export const NO_VALUE = '—';

/** Cuts text to `max` characters, marking the cut with an ellipsis (the full text goes in a title attribute). */
export function truncateText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A duration in seconds as 'Xm Ys', the list format of the session admin. */
export function formatMinutesSeconds(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  return `${Math.floor(total / 60)}m ${total % 60}s`;
}

/** A duration in milliseconds as ms, seconds (under a minute) or minutes, the detail format. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  return `${(ms / 60_000).toFixed(1)}m`;
}

/** Bytes in 1024 steps: B, KB, MB, GB. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}

/** How long ago `iso` was: seconds, minutes or hours ago, and the date after a day. */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const at = new Date(iso);
  const seconds = Math.max(0, Math.floor((now - at.getTime()) / 1000));
  if (seconds < 60) return `${seconds}s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h ago`;
  return at.toLocaleDateString();
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString();
}

/**
 * `value` to `digits` decimals (the contracts' `round`), as exports write figures (0.31849 at 4 is 0.3185);
 * an absent value stays absent, so it becomes an empty cell rather than a made-up zero.
 */
export const roundOrBlank = (value: number | undefined, digits: number): number | undefined =>
  value === undefined ? undefined : round(value, digits);

/** A probability or rate in [0, 1] as a percentage with one decimal: 0.318 is '31.8%'. */
export const formatPercent = (probability: number) => `${(probability * 100).toFixed(1)}%`;

/** A share in [0, 1] as a whole percentage, where one decimal would be false precision: 0.62 is '62%'. */
export const formatShare = (value: number) => `${Math.round(value * 100)}%`;

export function formatCount(value: number): string {
  return value.toLocaleString();
}

/**
 * The URL itself when it is a web address, else null: page URLs come from visitors' browsers, so a
 * `javascript:` or `data:` URL must never become a link.
 */
export function toSafeHref(url: string | null): string | null {
  if (!url) return null;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

const ACRONYMS = new Set(['cta', 'url', 'utm']);

/** snake_case names from the API ('cta_hover_time', 'sessions_analyzed') as people read them ('CTA hover time'). */
export function humaniseName(name: string): string {
  const words = name
    .split('_')
    .filter(Boolean)
    .map((word) => (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
