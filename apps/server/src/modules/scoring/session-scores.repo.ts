import type { SignalEvent } from '@ri/engine';
import type { Database } from '../../db/client.js';
import type { SessionAnalysis, SessionStates } from './session-analysis.js';

// What live scoring reads and writes (session-scorer.ts decides when). Rows go to PostgreSQL as one JSON
// document per statement (json_to_recordset): one string to send, where arrays of JSON texts would be
// escaped element by element on the event loop.

/** The key of a session in the scorer's maps. */
export const sessionKey = (businessId: string, sessionId: string) => `${businessId}|${sessionId}`;

/** The most events a rebuild reads; a longer session is scored on its first ones. */
const MAX_REBUILD_EVENTS = 20_000;

/** A session of a round as stored: ingestion's counts, and its intelligence row's states when asked for. */
export type RoundRow = {
  eventsCount: number;
  startedAt: number;
  lastEventAt: string;
  conversions: number;
  returning: boolean;
  /** Events the stored states hold; null: the session has no intelligence row yet. */
  stateEvents: number | null;
  /** The stored states, if asked for and stored. */
  states: SessionStates | null;
};

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

/**
 * The sessions of a round, by sessionKey, in one read; the stored states only of those `needStates` names
 * (the others' are held in memory). A session that is gone (its business deleted) is absent.
 */
export async function loadRound(
  database: Database,
  sessions: readonly { businessId: string; sessionId: string }[],
  needStates: (businessId: string, sessionId: string) => boolean,
): Promise<Map<string, RoundRow>> {
  const { rows } = await database.executeSql(
    LOAD_SQL,
    [
      sessions.map((p) => p.businessId),
      sessions.map((p) => p.sessionId),
      sessions.map((p) => needStates(p.businessId, p.sessionId)),
    ],
    'score-load',
  );
  return new Map(
    rows.map((r) => [
      sessionKey(String(r.business_id), String(r.session_id)),
      {
        eventsCount: Number(r.events_count),
        startedAt: new Date(r.started_at as string).getTime(),
        lastEventAt: r.last_event_at as string,
        conversions: Number(r.conversions),
        returning: r.returning === true,
        stateEvents: r.state_events === null ? null : Number(r.state_events),
        states:
          r.signal_state === null
            ? null
            : {
                signal: r.signal_state as SessionStates['signal'],
                journey: r.journey_state as SessionStates['journey'],
                flow: r.flow_state as SessionStates['flow'],
              },
      },
    ]),
  );
}

/** A session's stored events in order (at most MAX_REBUILD_EVENTS), for a refold. */
export async function loadSessionEvents(
  database: Database,
  businessId: string,
  sessionId: string,
): Promise<SignalEvent[]> {
  const { rows } = await database.executeSql(
    `SELECT id, type, occurred_at, url, title, el, data FROM tracking_events
     WHERE business_id = $1 AND session_id = $2 ORDER BY occurred_at, id LIMIT ${MAX_REBUILD_EVENTS}`,
    [businessId, sessionId],
  );
  return rows.map(toSignalEvent);
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

/** A scored session to write. */
export type ScoredRow = {
  businessId: string;
  sessionId: string;
  foldedEvents: number;
  /** The states to store with the score, or null: they stay held (the stored row keeps older ones). */
  states: SessionStates | null;
  analysis: SessionAnalysis;
  lastEventAt: string;
};

/** States to store on their own: `folded` events are in them. */
export type StatesRow = { businessId: string; sessionId: string; folded: number; states: SessionStates };

/** The columns of a score, with their types as json_to_recordset reads them. */
const SCORE_FIELDS = [
  ['folded_events', 'int'],
  ['signals', 'jsonb'],
  ['readiness_score', 'float8'],
  ['conversion_probability', 'float8'],
  ['contributions', 'jsonb'],
  ['model_kind', 'text'],
  ['neuromind_profile', 'text'],
  ['profile_unclassified_reason', 'text'],
  ['profile_confidence', 'float8'],
  ['profile_probabilities', 'jsonb'],
  ['profile_evidence', 'jsonb'],
  ['profile_model', 'text'],
  ['last_event_at', 'timestamptz'],
] as const;
const STATE_FIELDS = ['signal_state', 'journey_state', 'flow_state'] as const;

const KEY_COLUMNS = 'business_id uuid, session_id uuid';
const SCORE_COLUMNS = SCORE_FIELDS.map(([name, type]) => `${name} ${type}`).join(', ');
const STATE_COLUMNS = STATE_FIELDS.map((name) => `${name} jsonb`).join(', ');
/** `column = source.column` for each of `names`. */
const assign = (names: readonly string[], source: string) => names.map((n) => `${n} = ${source}.${n}`).join(', ');
const SCORE_NAMES = SCORE_FIELDS.map(([name]) => name);

/** Scores with their states: new rows, refolds, and states due to be stored. */
const UPSERT_SQL = `
INSERT INTO session_intelligence AS si (business_id, session_id, ${SCORE_NAMES.join(', ')}, ${STATE_FIELDS.join(', ')},
  state_events, scored_at)
SELECT u.*, u.folded_events, now() FROM json_to_recordset($1::json) AS u(${KEY_COLUMNS}, ${SCORE_COLUMNS}, ${STATE_COLUMNS})
ON CONFLICT (business_id, session_id) DO UPDATE SET ${assign(SCORE_NAMES, 'excluded')},
  ${assign(STATE_FIELDS, 'excluded')}, state_events = excluded.state_events, scored_at = now()
`;

/** A score without its states, for a session whose row exists and whose states stay held. */
const UPDATE_SCORES_SQL = `
UPDATE session_intelligence AS si SET ${assign(SCORE_NAMES, 'u')}, scored_at = now()
FROM json_to_recordset($1::json) AS u(${KEY_COLUMNS}, ${SCORE_COLUMNS})
WHERE si.business_id = u.business_id AND si.session_id = u.session_id
`;

/** States stored on their own; never over states that hold more events. */
const STORE_STATES_SQL = `
UPDATE session_intelligence AS si SET ${assign(STATE_FIELDS, 'u')}, state_events = u.state_events
FROM json_to_recordset($1::json) AS u(${KEY_COLUMNS}, state_events int, ${STATE_COLUMNS})
WHERE si.business_id = u.business_id AND si.session_id = u.session_id AND si.state_events <= u.state_events
`;

/** Rows a statement writes at most: each chunk's JSON is built between two turns of the event loop. */
const WRITE_CHUNK = 100;

/** Runs `sql` (prepared as `name`) with `rows` as its JSON document, WRITE_CHUNK rows a statement. */
async function writeRows<T>(
  database: Database,
  [name, sql]: [string, string],
  rows: T[],
  toJson: (row: T) => object,
): Promise<void> {
  for (let i = 0; i < rows.length; i += WRITE_CHUNK)
    await database.executeSql(sql, [JSON.stringify(rows.slice(i, i + WRITE_CHUNK).map(toJson))], name);
}

/** A scored row as its score columns, and its state columns when they are stored with it. */
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
    profile_unclassified_reason: profile?.unclassifiedReason ?? null,
    profile_confidence: profile?.confidence ?? null,
    profile_probabilities: profile?.probabilities ?? null,
    profile_evidence: profile?.evidence ?? null,
    profile_model: r.analysis.profileModel,
    last_event_at: r.lastEventAt,
    ...(r.states && { signal_state: r.states.signal, journey_state: r.states.journey, flow_state: r.states.flow }),
  };
}

/** Writes scores: with their states (inserting new rows) where they carry them, the score alone otherwise. */
export async function writeScores(database: Database, rows: ScoredRow[]): Promise<void> {
  await writeRows(
    database,
    ['score-upsert', UPSERT_SQL],
    rows.filter((r) => r.states !== null),
    scoreJson,
  );
  await writeRows(
    database,
    ['score-update', UPDATE_SCORES_SQL],
    rows.filter((r) => r.states === null),
    scoreJson,
  );
}

/** Stores states on their own, over stored states that hold no more events. */
export function writeStates(database: Database, rows: StatesRow[]): Promise<void> {
  return writeRows(database, ['score-states', STORE_STATES_SQL], rows, (r) => ({
    business_id: r.businessId,
    session_id: r.sessionId,
    state_events: r.folded,
    signal_state: r.states.signal,
    journey_state: r.states.journey,
    flow_state: r.states.flow,
  }));
}
