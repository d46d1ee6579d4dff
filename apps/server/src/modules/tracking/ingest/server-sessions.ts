import { createHash } from 'node:crypto';
import { assignSessions, classifyTrafficSource, type SessionSlice, type VisitorState } from '@ri/engine';
import type { SqlExecutor } from '../../../db/client.js';
import type { IngestItem } from './ingest-writer.js';
import type { ParsedEvent } from './parse-batch.js';
import { type KnownVisitor, type VisitorCache, visitorKey } from './visitor-cache.js';

/**
 * What a flush writes once sessions are assigned: `items` are the requests as INGEST_SQL takes them (one
 * session each), those that brought their own session first, then from `firstServerItem` on the sessions
 * the server assigned; `owners[i]` is the index of the request that sent `items[i]`'s events, or -1 for
 * events the server derived; `slices` says which items make one session's share of the flush (for scoring);
 * events known to be stored already are left out; `states` are the visitors' next states, each with the
 * version it was planned from (0: no stored state).
 */
export type SessionPlan = {
  items: IngestItem[];
  owners: number[];
  slices: { items: number[] }[];
  firstServerItem: number;
  states: { businessId: string; visitorId: string; state: VisitorState; version: number }[];
};

type Visitor = { businessId: string; visitorId: string; key: string; requests: number[] };

const LOCK_SQL = `SELECT count(pg_advisory_xact_lock(k))::int AS n FROM (SELECT k FROM unnest($1::bigint[]) AS k ORDER BY k) AS l`;
const STATES_SQL = `
SELECT v.business_id, v.visitor_id, v.state, v.version
FROM tracking_visitors v JOIN unnest($1::uuid[], $2::uuid[]) AS k(b, u) ON v.business_id = k.b AND v.visitor_id = k.u`;
const STORED_SQL = `
SELECT e.business_id, e.id
FROM tracking_events e JOIN unnest($1::uuid[], $2::uuid[]) AS k(b, i) ON e.business_id = k.b AND e.id = k.i`;

/** A signed 64-bit advisory-lock key for a visitor (collisions only serialise two visitors needlessly). */
const lockKey = (businessId: string, visitorId: string) =>
  createHash('sha1').update(`${businessId}|${visitorId}`).digest().readBigInt64BE(0).toString();

/** The visitors of the requests that sent no session id (wire v3), in order of first request. */
function visitorsOf(requests: IngestItem[]): Visitor[] {
  const visitors = new Map<string, Visitor>();
  requests.forEach((item, r) => {
    if (item.batch.session_id) return;
    const key = visitorKey(item.businessId, item.batch.visitor_id);
    const v = visitors.get(key) ?? {
      businessId: item.businessId,
      visitorId: item.batch.visitor_id.toLowerCase(),
      key,
      requests: [],
    };
    v.requests.push(r);
    visitors.set(key, v);
  });
  return [...visitors.values()];
}

/**
 * Assigns sessions from the states this process knows, without a round trip: a visitor it does not know is
 * taken as new, and no event as stored yet. INGEST_SQL checks both as it writes (the stored versions, and
 * that every event of these sessions is new) and aborts the whole flush when either is wrong, which
 * `planUnderLocks` then redoes.
 */
export function planFromCache(requests: IngestItem[], cache: VisitorCache): SessionPlan {
  return buildPlan(requests, visitorsOf(requests), (key) => cache.get(key), new Set());
}

/**
 * Assigns sessions within the caller's transaction from what is stored: locks each visitor (PostgreSQL
 * advisory locks in key order, so two writers never plan one visitor at once and never deadlock), reads
 * the visitors' states and versions and which of their events are already stored, and lets
 * `assignSessions` split the new ones into sessions and derive what the SDK no longer does. Requests that
 * carry a session id pass through as they are.
 */
export async function planUnderLocks(
  q: SqlExecutor,
  requests: IngestItem[],
  options: { locks: boolean },
): Promise<SessionPlan> {
  const list = visitorsOf(requests);
  const known = new Map<string, KnownVisitor>();
  const stored = new Set<string>();
  if (list.length > 0) {
    if (options.locks) await q(LOCK_SQL, [list.map((v) => lockKey(v.businessId, v.visitorId))]);
    const { rows } = await q(STATES_SQL, [list.map((v) => v.businessId), list.map((v) => v.visitorId)]);
    for (const row of rows)
      known.set(visitorKey(String(row.business_id), String(row.visitor_id)), {
        state: row.state as VisitorState,
        version: Number(row.version),
      });
    const ids: [string, string][] = [];
    for (const v of list)
      for (const r of v.requests)
        for (const e of requests[r]!.batch.events) ids.push([v.businessId, e.id.toLowerCase()]);
    const { rows: storedRows } = await q(STORED_SQL, [ids.map(([b]) => b), ids.map(([, i]) => i)]);
    for (const row of storedRows) stored.add(`${row.business_id}|${row.id}`);
  }
  return buildPlan(requests, list, (key) => known.get(key), stored);
}

function buildPlan(
  requests: IngestItem[],
  visitors: Visitor[],
  known: (key: string) => KnownVisitor | undefined,
  stored: Set<string>,
): SessionPlan {
  const plan: SessionPlan = { items: [], owners: [], slices: [], firstServerItem: 0, states: [] };
  requests.forEach((item, r) => {
    if (!item.batch.session_id) return;
    plan.owners.push(r);
    plan.slices.push({ items: [plan.items.length] });
    plan.items.push(item);
  });
  plan.firstServerItem = plan.items.length;

  for (const v of visitors) {
    // The visitor's new events, each once, and which request sent each.
    const sender = new Map<string, number>();
    const fresh: ParsedEvent[] = [];
    for (const r of v.requests)
      for (const e of requests[r]!.batch.events) {
        const id = e.id.toLowerCase();
        if (stored.has(`${v.businessId}|${id}`) || sender.has(id)) continue;
        sender.set(id, r);
        fresh.push(e);
      }
    const first = requests[v.requests[0]!]!;
    const before = known(v.key);
    const result = assignSessions(before?.state ?? null, fresh, {
      businessId: v.businessId,
      visitorId: v.visitorId,
      timeoutMs: first.timeoutMs,
      hesitations: first.features.includes('hesitation_detection'),
      autoConversions: first.mode === 'full',
    });
    for (const slice of result.slices) addSlice(plan, requests, slice, sender, first);
    plan.states.push({
      businessId: v.businessId,
      visitorId: v.visitorId,
      state: result.state,
      version: before?.version ?? 0,
    });
  }
  return plan;
}

/** One session's share of the flush: an item per request that sent events to it, and one for derived events. */
function addSlice(
  plan: SessionPlan,
  requests: IngestItem[],
  slice: SessionSlice,
  sender: Map<string, number>,
  first: IngestItem,
): void {
  // The engine hands back the validated events it was given (data amended) and derives only wire types
  // (rage_click, hesitation, conversion), so both are events as parseBatch makes them.
  const own = slice.events as ParsedEvent[];
  const derived = slice.derived as ParsedEvent[];
  const byRequest = new Map<number, ParsedEvent[]>();
  for (const e of own) {
    const r = sender.get(e.id.toLowerCase())!;
    const events = byRequest.get(r);
    if (events) events.push(e);
    else byRequest.set(r, [e]);
  }
  const parts: [number, IngestItem, ParsedEvent[]][] = [...byRequest].map(([r, events]) => [r, requests[r]!, events]);
  if (derived.length > 0) parts.push([-1, parts[0]?.[1] ?? first, derived]);
  const indexes: number[] = [];
  for (const [owner, item, events] of parts) {
    // A session started here takes its landing facts (referrer, campaign) and traffic source from its own
    // events; a continuing session keeps what its first flush stored.
    const context = slice.started ? { ...item.batch.context, ...slice.landing } : item.batch.context;
    indexes.push(plan.items.length);
    plan.owners.push(owner);
    plan.items.push({
      ...item,
      trafficSource: slice.started
        ? classifyTrafficSource({
            referrer: slice.landing.referrer,
            siteOrigin: item.origin ?? undefined,
            utmSource: slice.landing.utm_source,
            utmMedium: slice.landing.utm_medium,
            gclid: slice.landing.gclid,
            fbclid: slice.landing.fbclid,
          })
        : item.trafficSource,
      batch: { ...item.batch, session_id: slice.sessionId, context, events },
    });
  }
  plan.slices.push({ items: indexes });
}
