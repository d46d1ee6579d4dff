import type { PageTypeOverride, SignalEvent } from '@ri/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { BusinessScoring } from './business-models.js';
import type { LiveHub } from './live-hub.js';
import { analyzeSession, emptyStates, foldStates, type SessionStates } from './session-analysis.js';

/** What scoring reads of a business besides the session: its page-type rules and its history. */
export type ScorerSources = {
  rulesFor(businessId: string): Promise<readonly PageTypeOverride[]>;
  scoringFor(businessId: string): Promise<BusinessScoring>;
};

/** When states are held rather than stored (tests set them; the defaults are the constants below). */
export type ScorerTuning = { lightRound?: number; holdMs?: number };

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
  stats(): { pending: number; scored: number; rebuilt: number; failures: number; held: number; unstored: number };
  stop(): void;
};

/** The most events a rebuild reads; a longer session is scored on its first ones. */
const MAX_REBUILD_EVENTS = 20_000;
/** Sessions scored per round (one read and one write each). */
const ROUND_SIZE = 500;
/**
 * After a round the scorer rests as long as the round took (at most 1 s): at most half the time goes to
 * scoring, so a burst of traffic leaves ingestion its share of the CPU, and sessions busy meanwhile are
 * merged and scored once for all their new batches. Under light load a round takes milliseconds, and so
 * does the rest.
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
 * Rounds this small (light load) store every session's states with its score. In bigger rounds a session
 * seen in the last few seconds keeps its states in memory and they are stored at most every HOLD_MS: the
 * states are most of what a scoring writes (about 6 KB a session against 2 KB for the score).
 */
const LIGHT_ROUND = 50;
const HOLD_MS = 5_000;
/** Sessions whose states are held in memory at most (least recently scored go first). */
const MAX_HELD = 10_000;

const key = (businessId: string, sessionId: string) => `${businessId}|${sessionId}`;

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
  const lightRound = tuning.lightRound ?? LIGHT_ROUND;
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
    const k = key(businessId, sessionId);
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
          const rest = Math.min(MAX_REST_MS, REST_FACTOR * (performance.now() - started));
          if (pending.size > 0 && !stopped) await new Promise((r) => setTimeout(r, rest));
        } catch (error) {
          failures++;
          // What the round held may not be stored: those sessions are read (or refolded) afresh next time.
          for (const p of round) forget(key(p.businessId, p.sessionId));
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
    await writeRows(database, STORE_STATES_SQL, due, (h) => ({
      business_id: h.businessId,
      session_id: h.sessionId,
      state_events: h.folded,
      signal_state: h.states.signal,
      journey_state: h.states.journey,
      flow_state: h.states.flow,
    }));
    for (const h of due) {
      const k = key(h.businessId, h.sessionId);
      if (held.get(k) !== h) continue; // evicted, or folded further meanwhile
      h.storedFolded = h.folded;
      h.storedAt = now;
      unstored.delete(k);
    }
  }

  async function scoreRound(round: Pending[]): Promise<void> {
    // Stored states are read only for sessions whose states are not held.
    const { rows } = await database.executeSql(LOAD_SQL, [
      round.map((p) => p.businessId),
      round.map((p) => p.sessionId),
      round.map((p) => !held.has(key(p.businessId, p.sessionId))),
    ]);
    const byKey = new Map(rows.map((r) => [key(String(r.business_id), String(r.session_id)), r]));
    const businesses = [...new Set(round.map((p) => p.businessId))];
    const [rules, history] = await Promise.all([
      Promise.all(businesses.map((b) => sources.rulesFor(b))),
      Promise.all(businesses.map((b) => sources.scoringFor(b))),
    ]);
    const rulesOf = new Map(businesses.map((b, i) => [b, rules[i]!]));
    const historyOf = new Map(businesses.map((b, i) => [b, history[i]]));
    const updates: ScoredRow[] = [];
    const light = round.length < lightRound;
    const now = Date.now();
    let slice = performance.now();
    for (const p of round) {
      // Folding and scoring are CPU work: let requests waiting on the event loop through every few sessions.
      if (performance.now() - slice >= SLICE_MS) {
        await new Promise((r) => setImmediate(r));
        slice = performance.now();
      }
      const k = key(p.businessId, p.sessionId);
      const row = byKey.get(k);
      if (!row) continue; // the session is gone (business deleted)
      const storedCount = Number(row.events_count);
      const stored = row.state_events !== null;
      const h = held.get(k);
      let states: SessionStates;
      let foldedEvents: number;
      if (!p.rebuild && h && h.folded + p.events.length === storedCount) {
        states = foldStates(h.states, p.events, rulesOf.get(p.businessId));
        foldedEvents = storedCount;
      } else if (
        !p.rebuild &&
        !h &&
        row.signal_state !== null &&
        Number(row.state_events) + p.events.length === storedCount
      ) {
        states = foldStates(
          {
            signal: row.signal_state as SessionStates['signal'],
            journey: row.journey_state as SessionStates['journey'],
            flow: row.flow_state as SessionStates['flow'],
          },
          p.events,
          rulesOf.get(p.businessId),
        );
        foldedEvents = storedCount;
      } else if (!p.rebuild && !stored && p.events.length === storedCount) {
        states = foldStates(emptyStates(), p.events, rulesOf.get(p.businessId));
        foldedEvents = storedCount;
      } else {
        const events = await loadSessionEvents(p.businessId, p.sessionId);
        states = foldStates(emptyStates(), events, rulesOf.get(p.businessId));
        foldedEvents = events.length;
        rebuilt++;
      }
      const analysis = analyzeSession(states, {
        startedAt: new Date(row.started_at as string).getTime(),
        returning: row.returning === true,
        conversions: Number(row.conversions),
        scoring: historyOf.get(p.businessId),
      });
      // A new row, a refold or a light round stores the states; otherwise every HOLD_MS at most.
      const storeNow = !stored || !h || p.rebuild || light || now - h.storedAt >= holdMs;
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
        lastEventAt: row.last_event_at as string,
      });
    }
    if (updates.length === 0) return;
    const withStates = updates.filter((u) => u.states !== null);
    const scoresOnly = updates.filter((u) => u.states === null);
    await writeRows(database, UPSERT_SQL, withStates, scoreJson);
    await writeRows(database, UPDATE_SCORES_SQL, scoresOnly, scoreJson);
    scored += updates.length;
    const pushedAt = Date.now();
    for (const u of updates) {
      hub.publish(u.businessId, {
        session_id: u.sessionId,
        readiness_score: u.analysis.readiness?.readinessScore,
        neuromind_profile: u.analysis.profile?.profile,
        events_count: u.foldedEvents,
        last_event_ms: new Date(u.lastEventAt).getTime(),
        scored_ms: pushedAt,
      });
    }
  }

  async function loadSessionEvents(businessId: string, sessionId: string): Promise<SignalEvent[]> {
    const { rows } = await database.executeSql(
      `SELECT id, type, occurred_at, url, title, el, data FROM tracking_events
       WHERE business_id = $1 AND session_id = $2 ORDER BY occurred_at, id LIMIT ${MAX_REBUILD_EVENTS}`,
      [businessId, sessionId],
    );
    return rows.map(toSignalEvent);
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
    stats: () => ({ pending: pending.size, scored, rebuilt, failures, held: held.size, unstored: unstored.size }),
    stop() {
      stopped = true;
      clearInterval(storeTimer);
      pending.clear();
    },
  };
}

/** A stored event row as the engine's folds read it. */
export function toSignalEvent(r: Record<string, unknown>): SignalEvent {
  return {
    id: String(r.id),
    type: String(r.type),
    at: new Date(r.occurred_at as string).getTime(),
    url: (r.url as string | null) ?? null,
    title: (r.title as string | null) ?? null,
    el: (r.el as string | null) ?? null,
    data: (typeof r.data === 'string' ? JSON.parse(r.data) : (r.data as Record<string, unknown> | null)) ?? {},
  };
}

type ScoredRow = {
  businessId: string;
  sessionId: string;
  foldedEvents: number;
  /** The states to store with the score, or null: they stay held (the stored row keeps older ones). */
  states: SessionStates | null;
  analysis: ReturnType<typeof analyzeSession>;
  lastEventAt: string;
};

/** The sessions of a round with their intelligence row (if any) and what scoring needs from ingestion. */
const LOAD_SQL = `
SELECT s.business_id, s.id AS session_id, s.events_count, s.started_at, s.last_event_at, s.conversions,
  si.state_events,
  CASE WHEN k.need_states THEN si.signal_state END AS signal_state,
  CASE WHEN k.need_states THEN si.journey_state END AS journey_state,
  CASE WHEN k.need_states THEN si.flow_state END AS flow_state,
  EXISTS (SELECT 1 FROM tracking_sessions p
          WHERE p.business_id = s.business_id AND p.visitor_id = s.visitor_id AND p.started_at < s.started_at) AS returning
FROM unnest($1::uuid[], $2::uuid[], $3::boolean[]) AS k(business_id, session_id, need_states)
JOIN tracking_sessions s ON s.business_id = k.business_id AND s.id = k.session_id
LEFT JOIN session_intelligence si ON si.business_id = s.business_id AND si.session_id = s.id
`;

/** The columns of a scored row, as json_to_recordset reads them. */
const SCORE_COLUMNS = `business_id uuid, session_id uuid, folded_events int, signals jsonb, readiness_score float8,
  conversion_probability float8, contributions jsonb, model_kind text, neuromind_profile text,
  profile_confidence float8, profile_probabilities jsonb, profile_evidence jsonb, last_event_at timestamptz`;
const STATE_COLUMNS = 'signal_state jsonb, journey_state jsonb, flow_state jsonb';
const SCORE_UPDATES = `folded_events = u.folded_events, signals = u.signals, readiness_score = u.readiness_score,
  conversion_probability = u.conversion_probability, contributions = u.contributions, model_kind = u.model_kind,
  neuromind_profile = u.neuromind_profile, profile_confidence = u.profile_confidence,
  profile_probabilities = u.profile_probabilities, profile_evidence = u.profile_evidence,
  last_event_at = u.last_event_at, scored_at = now()`;

// Rows go to PostgreSQL as one JSON document per statement (json_to_recordset): one string to send, where
// arrays of JSON texts would be escaped element by element on the event loop.

/** Scores with their states: new rows, refolds, and states due to be stored. */
const UPSERT_SQL = `
INSERT INTO session_intelligence AS si (business_id, session_id, folded_events, signals, readiness_score,
  conversion_probability, contributions, model_kind, neuromind_profile, profile_confidence, profile_probabilities,
  profile_evidence, last_event_at, signal_state, journey_state, flow_state, state_events, scored_at)
SELECT u.*, u.folded_events, now() FROM json_to_recordset($1::json) AS u(${SCORE_COLUMNS}, ${STATE_COLUMNS})
ON CONFLICT (business_id, session_id) DO UPDATE SET ${SCORE_UPDATES.replaceAll('u.', 'excluded.')},
  signal_state = excluded.signal_state, journey_state = excluded.journey_state, flow_state = excluded.flow_state,
  state_events = excluded.state_events
`;

/** A score without its states, for a session whose row exists and whose states stay held. */
const UPDATE_SCORES_SQL = `
UPDATE session_intelligence AS si SET ${SCORE_UPDATES}
FROM json_to_recordset($1::json) AS u(${SCORE_COLUMNS})
WHERE si.business_id = u.business_id AND si.session_id = u.session_id
`;

/** Held states stored on their own; never over states that hold more events. */
const STORE_STATES_SQL = `
UPDATE session_intelligence AS si SET signal_state = u.signal_state, journey_state = u.journey_state,
  flow_state = u.flow_state, state_events = u.state_events
FROM json_to_recordset($1::json) AS u(business_id uuid, session_id uuid, state_events int, ${STATE_COLUMNS})
WHERE si.business_id = u.business_id AND si.session_id = u.session_id AND si.state_events <= u.state_events
`;

/** Rows a statement writes at most: each chunk's JSON is built between two turns of the event loop. */
const WRITE_CHUNK = 100;

/** Runs `sql` with `rows` as its JSON document, WRITE_CHUNK rows a statement. */
async function writeRows<T>(database: Database, sql: string, rows: T[], toJson: (row: T) => object): Promise<void> {
  for (let i = 0; i < rows.length; i += WRITE_CHUNK)
    await database.executeSql(sql, [JSON.stringify(rows.slice(i, i + WRITE_CHUNK).map(toJson))]);
}

/** A scored row as SCORE_COLUMNS (and STATE_COLUMNS, when its states are stored with it). */
function scoreJson(r: ScoredRow): object {
  const { readiness, profile } = r.analysis;
  return {
    business_id: r.businessId,
    session_id: r.sessionId,
    folded_events: r.foldedEvents,
    signals: r.analysis.signals,
    readiness_score: readiness?.readinessScore ?? null,
    conversion_probability: readiness?.conversionProbability ?? null,
    contributions: readiness?.contributions ?? null,
    model_kind: readiness?.modelKind ?? null,
    neuromind_profile: profile?.profile ?? null,
    profile_confidence: profile?.confidence ?? null,
    profile_probabilities: profile?.probabilities ?? null,
    profile_evidence: profile?.evidence ?? null,
    last_event_at: r.lastEventAt,
    ...(r.states && { signal_state: r.states.signal, journey_state: r.states.journey, flow_state: r.states.flow }),
  };
}
