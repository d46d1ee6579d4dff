import { round } from '@ri/contracts';
import type { SessionRecord } from './session-record.js';

/** How sessions move from one signal to the next (the `SignalFlow` of the contracts). */
export type SignalFlow = {
  from_signal: string;
  to_signal: string;
  /** Transitions from→to ÷ every transition out of `from_signal`, over all sessions. */
  transition_probability: number;
  /** Mean gap between the two firings, seconds. */
  avg_time_between: number;
  /** Sessions with at least one from→to transition. */
  user_count: number;
};

/** A flow is reported only when at least this many sessions made the transition. */
export const MIN_FLOW_SESSIONS = 2;

type Tally = { from: string; to: string; count: number; gapMs: number; sessions: number };

/**
 * Aggregates the sessions' flow states into signal-to-signal flows: per from→to, the sessions that made
 * it, the share of all transitions out of `from` that went to `to`, and the mean gap. Flows made by fewer
 * than MIN_FLOW_SESSIONS sessions are left out; the rest are sorted by sessions, then transitions.
 */
export function aggregateFlows(records: readonly SessionRecord[]): SignalFlow[] {
  const tallies = new Map<string, Tally>();
  const out = new Map<string, number>();
  for (const { flows } of records) {
    for (const [from, n] of Object.entries(flows.out)) out.set(from, (out.get(from) ?? 0) + n);
    for (const t of flows.transitions) {
      if (t.count <= 0) continue;
      const key = `${t.from}\u0000${t.to}`;
      const tally = tallies.get(key) ?? { from: t.from, to: t.to, count: 0, gapMs: 0, sessions: 0 };
      tally.count += t.count;
      tally.gapMs += Math.max(0, t.gapMs);
      tally.sessions++;
      tallies.set(key, tally);
    }
  }
  return [...tallies.values()]
    .filter((t) => t.sessions >= MIN_FLOW_SESSIONS)
    .sort(
      (a, b) =>
        b.sessions - a.sessions ||
        b.count - a.count ||
        (a.from < b.from ? -1 : a.from > b.from ? 1 : 0) ||
        (a.to < b.to ? -1 : a.to > b.to ? 1 : 0),
    )
    .map((t) => ({
      from_signal: t.from,
      to_signal: t.to,
      // A well-formed state counts every kept transition in `out`; max() keeps a malformed one within 1.
      transition_probability: round(t.count / Math.max(t.count, out.get(t.from) ?? 0), 4),
      avg_time_between: round(t.gapMs / t.count / 1000),
      user_count: t.sessions,
    }));
}
