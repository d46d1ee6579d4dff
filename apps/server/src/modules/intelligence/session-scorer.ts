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

/** A session whose new events wait to be folded; `rebuild` refolds it from its stored events. */
type Pending = { businessId: string; sessionId: string; events: SignalEvent[]; rebuild: boolean };

export type SessionScorer = {
  /** New events of a session, just committed (each event exactly once). */
  stored(businessId: string, sessionId: string, events: SignalEvent[]): void;
  /** A session to refold from its stored events (some of its events may have been folded already). */
  rebuild(businessId: string, sessionId: string): void;
  /** Resolves when everything enqueued so far is scored. */
  drain(): Promise<void>;
  stats(): { pending: number; scored: number; rebuilt: number; failures: number };
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
/** Sessions analysed between two yields to the event loop. */
const YIELD_EVERY = 20;

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
 */
export function createSessionScorer(
  database: Database,
  hub: LiveHub,
  log: FastifyBaseLogger,
  sources: ScorerSources,
): SessionScorer {
  const pending = new Map<string, Pending>();
  let running: Promise<void> | null = null;
  let stopped = false;
  let scored = 0;
  let rebuilt = 0;
  let failures = 0;
  const idle: (() => void)[] = [];

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
    if (running || pending.size === 0) return;
    running = (async () => {
      while (pending.size > 0 && !stopped) {
        const round: Pending[] = [];
        for (const [k, p] of pending) {
          pending.delete(k);
          round.push(p);
          if (round.length >= ROUND_SIZE) break;
        }
        const started = performance.now();
        try {
          await scoreRound(round);
          const rest = Math.min(MAX_REST_MS, performance.now() - started);
          if (pending.size > 0 && !stopped) await new Promise((r) => setTimeout(r, rest));
        } catch (error) {
          failures++;
          log.error({ err: error, sessions: round.length }, 'session scoring failed; the sweep retries');
        }
      }
      running = null;
      for (const done of idle.splice(0)) done();
      if (pending.size > 0) kick();
    })();
  };

  async function scoreRound(round: Pending[]): Promise<void> {
    const { rows } = await database.executeSql(LOAD_SQL, [
      round.map((p) => p.businessId),
      round.map((p) => p.sessionId),
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
    for (const [i, p] of round.entries()) {
      // Folding and scoring are CPU work: let requests waiting on the event loop through every few sessions.
      if (i > 0 && i % YIELD_EVERY === 0) await new Promise((r) => setImmediate(r));
      const row = byKey.get(key(p.businessId, p.sessionId));
      if (!row) continue; // the session is gone (business deleted)
      const storedCount = Number(row.events_count);
      const folded = row.folded_events === null ? 0 : Number(row.folded_events);
      let states: SessionStates;
      let foldedEvents: number;
      if (!p.rebuild && row.signal_state !== null && folded + p.events.length === storedCount) {
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
      } else if (!p.rebuild && row.signal_state === null && p.events.length === storedCount) {
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
      updates.push({
        businessId: p.businessId,
        sessionId: p.sessionId,
        foldedEvents,
        states,
        analysis,
        lastEventAt: row.last_event_at as string,
      });
    }
    if (updates.length === 0) return;
    await database.executeSql(UPSERT_SQL, upsertParams(updates));
    scored += updates.length;
    const now = Date.now();
    for (const u of updates) {
      hub.publish(u.businessId, {
        session_id: u.sessionId,
        readiness_score: u.analysis.readiness?.readinessScore,
        neuromind_profile: u.analysis.profile?.profile,
        events_count: u.foldedEvents,
        last_event_ms: new Date(u.lastEventAt).getTime(),
        scored_ms: now,
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
      if (!running && pending.size === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
    stats: () => ({ pending: pending.size, scored, rebuilt, failures }),
    stop() {
      stopped = true;
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
  states: SessionStates;
  analysis: ReturnType<typeof analyzeSession>;
  lastEventAt: string;
};

/** The sessions of a round with their intelligence row (if any) and what scoring needs from ingestion. */
const LOAD_SQL = `
SELECT s.business_id, s.id AS session_id, s.events_count, s.started_at, s.last_event_at, s.conversions,
  si.folded_events, si.signal_state, si.journey_state, si.flow_state,
  EXISTS (SELECT 1 FROM tracking_sessions p
          WHERE p.business_id = s.business_id AND p.visitor_id = s.visitor_id AND p.started_at < s.started_at) AS returning
FROM unnest($1::uuid[], $2::uuid[]) AS k(business_id, session_id)
JOIN tracking_sessions s ON s.business_id = k.business_id AND s.id = k.session_id
LEFT JOIN session_intelligence si ON si.business_id = s.business_id AND si.session_id = s.id
`;

const UPSERT_SQL = `
INSERT INTO session_intelligence AS si (business_id, session_id, folded_events, signal_state, journey_state, flow_state,
  signals, readiness_score, conversion_probability, contributions, model_kind, neuromind_profile, profile_confidence,
  profile_probabilities, profile_evidence, last_event_at, scored_at)
SELECT * , now() FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::jsonb[], $5::jsonb[], $6::jsonb[], $7::jsonb[],
  $8::float8[], $9::float8[], $10::jsonb[], $11::text[], $12::text[], $13::float8[], $14::jsonb[], $15::jsonb[],
  $16::timestamptz[])
ON CONFLICT (business_id, session_id) DO UPDATE SET
  folded_events = excluded.folded_events, signal_state = excluded.signal_state, journey_state = excluded.journey_state,
  flow_state = excluded.flow_state, signals = excluded.signals, readiness_score = excluded.readiness_score,
  conversion_probability = excluded.conversion_probability, contributions = excluded.contributions,
  model_kind = excluded.model_kind, neuromind_profile = excluded.neuromind_profile,
  profile_confidence = excluded.profile_confidence, profile_probabilities = excluded.profile_probabilities,
  profile_evidence = excluded.profile_evidence, last_event_at = excluded.last_event_at, scored_at = now()
`;

function upsertParams(rows: ScoredRow[]): unknown[] {
  const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
  return [
    rows.map((r) => r.businessId),
    rows.map((r) => r.sessionId),
    rows.map((r) => r.foldedEvents),
    rows.map((r) => JSON.stringify(r.states.signal)),
    rows.map((r) => JSON.stringify(r.states.journey)),
    rows.map((r) => JSON.stringify(r.states.flow)),
    rows.map((r) => JSON.stringify(r.analysis.signals)),
    rows.map((r) => r.analysis.readiness?.readinessScore ?? null),
    rows.map((r) => r.analysis.readiness?.conversionProbability ?? null),
    rows.map((r) => json(r.analysis.readiness?.contributions)),
    rows.map((r) => r.analysis.readiness?.modelKind ?? null),
    rows.map((r) => r.analysis.profile?.profile ?? null),
    rows.map((r) => r.analysis.profile?.confidence ?? null),
    rows.map((r) => json(r.analysis.profile?.probabilities)),
    rows.map((r) => json(r.analysis.profile?.evidence)),
    rows.map((r) => r.lastEventAt),
  ];
}
