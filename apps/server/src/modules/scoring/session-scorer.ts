import type { PageTypeOverride, SignalEvent } from '@ri/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { BusinessScoring } from '../readiness-model/index.js';
import type { LiveHub } from './live-hub.js';
import { analyzeSession, emptyStates, foldStates, type SessionStates } from './session-analysis.js';
import {
  loadRound,
  loadSessionEvents,
  type ScoredRow,
  sessionKey,
  writeScores,
  writeStates,
} from './session-scores.repo.js';

/** What scoring reads of a business besides the session: its page-type rules and its history. */
export type ScorerSources = {
  rulesFor(businessId: string): Promise<readonly PageTypeOverride[]>;
  scoringFor(businessId: string): Promise<BusinessScoring>;
};

/** When states are held rather than stored (tests set them; the defaults are the constants below). */
export type ScorerTuning = { lightRate?: number; holdMs?: number };

/** A session whose new events wait to be folded; `rebuild` refolds it from its stored events. */
type Pending = { businessId: string; sessionId: string; events: SignalEvent[]; rebuild: boolean };

/**
 * A session's states as last folded, held between scorings: `folded` events are in `states`, and the
 * stored row's states hold `storedFolded` of them (stored at `storedAt`).
 */
type Held = {
  businessId: string;
  sessionId: string;
  states: SessionStates;
  folded: number;
  storedFolded: number;
  storedAt: number;
};

export type SessionScorer = {
  /** New events of a session, just committed (each event exactly once). */
  stored(businessId: string, sessionId: string, events: SignalEvent[]): void;
  /** A session to refold from its stored events (some of its events may have been folded already). */
  rebuild(businessId: string, sessionId: string): void;
  /** Resolves when everything enqueued so far is scored and every held state is stored. */
  drain(): Promise<void>;
  /** Counts so far (asynchronous: a scorer in a worker thread is asked). */
  stats(): Promise<ScorerStats>;
  /** Stops scoring; resolves when the scorer has let go of what it holds (a worker's connections). */
  stop(): Promise<void>;
};

export type ScorerStats = {
  pending: number;
  scored: number;
  rebuilt: number;
  failures: number;
  held: number;
  unstored: number;
};

/** Sessions scored per round (one read and one write each). */
const ROUND_SIZE = 500;
/**
 * The longest rest after a round (its length is REST_FACTOR times the round's, at least BUSY_REST_MS when
 * busy): sessions busy meanwhile are merged and scored once for all their new batches.
 */
const MAX_REST_MS = 1000;
/** The longest the scorer keeps the event loop between two yields (requests wait meanwhile). */
const SLICE_MS = 2;
/**
 * How much longer than a round its rest is: scoring takes at most a quarter of the time, whatever the load.
 * Under light load a round takes milliseconds and so does the rest; under a burst, each busy session is
 * scored about once a second for all its new batches, and ingestion keeps three quarters of the CPU.
 */
const REST_FACTOR = 3;
/**
 * The least rest after a round of LIGHT_RATE sessions or more. Under steady load the rounds are short and
 * rests as long would score each busy session two or three times a second; every scoring reruns the models,
 * and its CPU and writes come out of what acknowledgements get. Scores still reach streams within 2 s.
 */
const BUSY_REST_MS = 500;
/**
 * Below this many sessions scored in the last second (light load), every session's states are stored with
 * its score. Busier, a session seen in the last few seconds keeps its states in memory and they are stored
 * at most every HOLD_MS: the states are most of what a scoring writes (about 6 KB a session against 2 KB
 * for the score). A rate, not a round's size: a scorer in a thread of its own runs many small rounds.
 */
const LIGHT_RATE = 50;
const HOLD_MS = 5_000;
/** Sessions whose states are held in memory at most (least recently scored go first). */
const MAX_HELD = 10_000;

/**
 * Scores sessions right after their events are committed: the engine's per-session states are folded
 * incrementally with just the new events, then signals, readiness and profile are recomputed and stored
 * in session_intelligence, and the change is pushed to live streams. Changes that arrive while a round
 * runs wait and are merged per session, so a busy session is scored once per round.
 *
 * Exactly-once folding is checked, not assumed: a session's folded count plus the new events must equal
 * the events ingestion stored for it; otherwise (another process stored some, a crash lost a fold, or two
 * flushes crossed) the session is refolded from its stored events. A periodic sweep catches sessions whose
 * counts still disagree.
 *
 * Under load the folded states of busy sessions stay in memory and are stored every few seconds rather
 * than with every score (`state_events` says how many events the stored states hold). Nothing is lost if
 * the process dies: a scorer without the states in memory finds the stored states short of the session's
 * events and refolds it from its events.
 */
export function createSessionScorer(
  database: Database,
  hub: LiveHub,
  log: FastifyBaseLogger,
  sources: ScorerSources,
  tuning: ScorerTuning = {},
): SessionScorer {
  const lightRate = tuning.lightRate ?? LIGHT_RATE;
  // Sessions scored by the rounds of the last second: [end of round, sessions].
  const recentRounds: [number, number][] = [];
  const holdMs = tuning.holdMs ?? HOLD_MS;
  const pending = new Map<string, Pending>();
  let running: Promise<void> | null = null;
  let stopped = false;
  let scored = 0;
  let rebuilt = 0;
  let failures = 0;
  const idle: (() => void)[] = [];
  // Sessions' states by key, least recently scored first; `unstored` names those whose stored states lag.
  const held = new Map<string, Held>();
  const unstored = new Set<string>();
  // States pushed out of `held` before they were stored: stored with the next round, then forgotten.
  let evicted: Held[] = [];
  // Set by drain(): store every held state that lags, whatever its age.
  let storeAll = false;

  const forget = (k: string) => {
    held.delete(k);
    unstored.delete(k);
  };
  const hold = (k: string, h: Held) => {
    held.delete(k);
    held.set(k, h);
    if (h.folded > h.storedFolded) unstored.add(k);
    else unstored.delete(k);
    for (const [oldest, o] of held) {
      if (held.size <= MAX_HELD) break;
      if (unstored.has(oldest)) evicted.push(o);
      forget(oldest);
    }
  };

  const enqueue = (businessId: string, sessionId: string, events: SignalEvent[], rebuild: boolean) => {
    if (stopped) return;
    const k = sessionKey(businessId, sessionId);
    const existing = pending.get(k);
    if (existing) {
      existing.events.push(...events);
      existing.rebuild ||= rebuild;
    } else pending.set(k, { businessId, sessionId, events: [...events], rebuild });
    kick();
  };

  const kick = () => {
    if (running || (pending.size === 0 && unstored.size === 0 && evicted.length === 0)) return;
    running = (async () => {
      do {
        const round: Pending[] = [];
        for (const [k, p] of pending) {
          pending.delete(k);
          round.push(p);
          if (round.length >= ROUND_SIZE) break;
        }
        const started = performance.now();
        try {
          if (round.length > 0) await scoreRound(round);
          await storeStates(storeAll);
          // A busy round rests at least BUSY_REST_MS: its sessions' next batches merge into one scoring each.
          const floor = round.length >= lightRate ? BUSY_REST_MS : 0;
          const rest = Math.min(MAX_REST_MS, Math.max(floor, REST_FACTOR * (performance.now() - started)));
          if (pending.size > 0 && !stopped) await new Promise((r) => setTimeout(r, rest));
        } catch (error) {
          failures++;
          // What the round held may not be stored: those sessions are read (or refolded) afresh next time.
          for (const p of round) forget(sessionKey(p.businessId, p.sessionId));
          storeAll = false;
          log.error({ err: error, sessions: round.length }, 'session scoring failed; the sweep retries');
        }
      } while (!stopped && (pending.size > 0 || (storeAll && (unstored.size > 0 || evicted.length > 0))));
      running = null;
      storeAll = false;
      for (const done of idle.splice(0)) done();
      if (pending.size > 0) kick();
    })();
  };
  // Held states of sessions that went quiet are stored within about HOLD_MS.
  const storeTimer = setInterval(kick, holdMs);
  storeTimer.unref();

  /** Stores the held states that lag by HOLD_MS or more (`all`: every one that lags), and evicted ones. */
  async function storeStates(all: boolean): Promise<void> {
    const now = Date.now();
    const due = evicted;
    evicted = [];
    for (const k of unstored) {
      const h = held.get(k)!;
      if (all || now - h.storedAt >= holdMs) due.push(h);
    }
    if (due.length === 0) return;
    await writeStates(database, due);

    for (const h of due) {
      const k = sessionKey(h.businessId, h.sessionId);
      if (held.get(k) !== h) continue; // evicted, or folded further meanwhile
      h.storedFolded = h.folded;
      h.storedAt = now;
      unstored.delete(k);
    }
  }

  async function scoreRound(round: Pending[]): Promise<void> {
    // Stored states are read only for sessions whose states are not held.
    const stored = await loadRound(database, round, (b, s) => !held.has(sessionKey(b, s)));
    const businesses = [...new Set(round.map((p) => p.businessId))];
    const [rules, history] = await Promise.all([
      Promise.all(businesses.map((b) => sources.rulesFor(b))),
      Promise.all(businesses.map((b) => sources.scoringFor(b))),
    ]);
    const rulesOf = new Map(businesses.map((b, i) => [b, rules[i]!]));
    const historyOf = new Map(businesses.map((b, i) => [b, history[i]]));
    const updates: ScoredRow[] = [];
    const now = Date.now();
    while (recentRounds.length > 0 && now - recentRounds[0]![0] > 1_000) recentRounds.shift();
    const light = recentRounds.reduce((n, [, sessions]) => n + sessions, round.length) < lightRate;
    let slice = performance.now();
    for (const p of round) {
      // Folding and scoring are CPU work: let requests waiting on the event loop through every few sessions.
      if (performance.now() - slice >= SLICE_MS) {
        await new Promise((r) => setImmediate(r));
        slice = performance.now();
      }
      const k = sessionKey(p.businessId, p.sessionId);
      const row = stored.get(k);
      if (!row) continue; // the session is gone (business deleted)
      const hasRow = row.stateEvents !== null;
      const h = held.get(k);
      // The states the new events fold onto, if their counts meet ingestion's; otherwise a refold.
      const n = p.events.length;
      let base: SessionStates | null = null;
      if (!p.rebuild) {
        if (h && h.folded + n === row.eventsCount) base = h.states;
        else if (!h && row.states !== null && row.stateEvents! + n === row.eventsCount) base = row.states;
        else if (!hasRow && n === row.eventsCount) base = emptyStates();
      }
      // Events older than the last one folded (a late beacon, a retried batch) would be attributed as if
      // they came last: the session is refolded in time order instead.
      if (base && base.signal.lastAt !== null && p.events.some((e) => e.at < base!.signal.lastAt!)) base = null;
      const events = base ? p.events : await loadSessionEvents(database, p.businessId, p.sessionId);
      const states = foldStates(base ?? emptyStates(), events, rulesOf.get(p.businessId));
      const foldedEvents = base ? row.eventsCount : events.length;
      if (!base) rebuilt++;
      const analysis = analyzeSession(states, {
        startedAt: row.startedAt,
        returning: row.returning,
        conversions: row.conversions,
        scoring: historyOf.get(p.businessId),
      });
      // A new row, a refold or light load stores the states; otherwise every HOLD_MS at most.
      const storeNow = !hasRow || !h || p.rebuild || light || now - h.storedAt >= holdMs;
      hold(k, {
        businessId: p.businessId,
        sessionId: p.sessionId,
        states,
        folded: foldedEvents,
        storedFolded: storeNow ? foldedEvents : h!.storedFolded,
        storedAt: storeNow ? now : h!.storedAt,
      });
      updates.push({
        businessId: p.businessId,
        sessionId: p.sessionId,
        foldedEvents,
        states: storeNow ? states : null,
        analysis,
        lastEventAt: row.lastEventAt,
      });
    }
    if (updates.length === 0) return;
    recentRounds.push([now, updates.length]);
    await writeScores(database, updates);
    scored += updates.length;
    const pushedAt = Date.now();
    for (const u of updates) {
      hub.publish(u.businessId, {
        session_id: u.sessionId,
        readiness_score: u.analysis.readiness?.readinessScore,
        neuromind_profile: u.analysis.profile?.profile ?? undefined,
        events_count: u.foldedEvents,
        last_event_ms: new Date(u.lastEventAt).getTime(),
        scored_ms: pushedAt,
      });
    }
  }

  return {
    stored: (businessId, sessionId, events) => enqueue(businessId, sessionId, events, false),
    rebuild: (businessId, sessionId) => enqueue(businessId, sessionId, [], true),
    drain() {
      if (!running && pending.size === 0 && unstored.size === 0 && evicted.length === 0) return Promise.resolve();
      storeAll = true;
      const done = new Promise<void>((resolve) => idle.push(resolve));
      kick();
      return done;
    },
    stats: async () => ({ pending: pending.size, scored, rebuilt, failures, held: held.size, unstored: unstored.size }),
    async stop() {
      stopped = true;
      clearInterval(storeTimer);
      pending.clear();
    },
  };
}
