import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.js';
import { isConnectionError } from '../../../db/client.js';
import { AppError } from '../../../lib/errors.js';
import { CONTEXT_COLUMNS, INGEST_CONFLICT, INGEST_SQL } from './ingest-sql.js';
import type { ParsedBatch } from './parse-batch.js';
import type { ClientContext } from './request-context.js';
import { planFromCache, planUnderLocks, type SessionPlan } from './server-sessions.js';
import { createVisitorCache, visitorKey } from './visitor-cache.js';

/** One accepted request waiting for its commit. */
export type IngestItem = {
  businessId: string;
  trackingId: string;
  timeoutMs: number;
  /** The site's features and mode: what the server derives for batches without a session id. */
  features: readonly string[];
  mode: 'standard' | 'full';
  origin: string | null;
  trafficSource: string;
  client: ClientContext;
  /** The request's address and user agent, for listeners of stored events (never stored by tracking). */
  ip?: string;
  userAgent?: string;
  batch: ParsedBatch;
  receivedAt: Date;
};
/** `sessions`: for a request without a session id, the sessions the server put its new events in. */
export type IngestResult = { accepted: number; duplicates: number; sessions?: string[] };

type Pending = { item: IngestItem; at: number; resolve: (r: IngestResult) => void; reject: (e: unknown) => void };

export type IngestWriter = {
  /** Resolves only after the request's events are committed (or known duplicates). */
  submit(item: IngestItem): Promise<IngestResult>;
  stats(): {
    queued: number;
    inFlight: number;
    flushes: number;
    eventsStored: number;
    flushMs: number;
    flushedEvents: number;
    /** Flushes of server-assigned sessions whose planned write was refused and redone under locks. */
    redone: number;
  };
  /** Waits for every accepted request to be committed (graceful shutdown). */
  drain(): Promise<void>;
};

/**
 * Group commit: requests that arrive while a flush is running wait together and are written by the
 * next flush in one statement and one transaction. Nothing is acknowledged before its commit, and a
 * database that cannot be reached answers 503 with Retry-After, never a 2xx.
 */
export function createIngestWriter(
  database: Database,
  log: FastifyBaseLogger,
  options: {
    maxEventsPerFlush?: number;
    concurrency?: number;
    /** While a flush runs, the next waits for this many events, or for `gatherMs` after its first request. */
    minGroupEvents?: number;
    gatherMs?: number;
    /**
     * Called after each commit, per session a request's events went to, with that session's share of the
     * flush (its events, and the events the server derived for it) and how many of them were newly stored
     * (scoring hooks here).
     */
    onStored?: (item: IngestItem, accepted: number) => void;
  } = {},
): IngestWriter {
  const maxEvents = options.maxEventsPerFlush ?? 5_000;
  const concurrency = options.concurrency ?? (database.driver === 'pglite' ? 1 : 3);
  const minGroupEvents = options.minGroupEvents ?? 50;
  const gatherMs = options.gatherMs ?? 3;
  const queue: Pending[] = [];
  let queuedEvents = 0;
  let gatherTimer: ReturnType<typeof setTimeout> | null = null;
  let inFlight = 0;
  let flushes = 0;
  let eventsStored = 0;
  let flushMs = 0;
  let flushedEvents = 0;
  let redone = 0;
  const idle: (() => void)[] = [];
  const cache = createVisitorCache();
  /** Visitors with server-assigned sessions in a flush under way: their next requests wait for it. */
  const busy = new Set<string>();
  const keyOf = (item: IngestItem) =>
    item.batch.session_id ? null : visitorKey(item.businessId, item.batch.visitor_id);

  /**
   * The next group: queued requests in order, up to `maxEvents`, skipping those of a visitor a running flush
   * is assigning sessions for (they go with the next group, so one process never plans one visitor twice at
   * once and every plan starts from the state the last flush left).
   */
  function take(): Pending[] {
    const taken: Pending[] = [];
    const left: Pending[] = [];
    let events = 0;
    for (const next of queue) {
      const key = keyOf(next.item);
      const size = next.item.batch.events.length;
      if ((key && busy.has(key)) || (taken.length > 0 && events + size > maxEvents)) left.push(next);
      else {
        events += size;
        taken.push(next);
      }
    }
    queue.splice(0, queue.length, ...left);
    queuedEvents -= events;
    return taken;
  }

  /**
   * Whether to hold the queue back for a moment: while another flush runs, a group of a few requests is not
   * worth a statement of its own (each costs PostgreSQL a commit and a wake-up, more than its rows), so it
   * waits until enough events have queued, or `gatherMs` after its first request, or a flush ends.
   */
  function gathering(): boolean {
    if (inFlight === 0 || queuedEvents >= minGroupEvents) return false;
    const waited = performance.now() - queue[0]!.at;
    if (waited >= gatherMs) return false;
    if (!gatherTimer) {
      gatherTimer = setTimeout(() => {
        gatherTimer = null;
        pump();
      }, gatherMs - waited);
    }
    return true;
  }

  function pump(): void {
    while (inFlight < concurrency && queue.length > 0) {
      if (gathering()) return;
      const group = take();
      if (group.length === 0) return;
      const keys = new Set(group.map((p) => keyOf(p.item)).filter((k) => k !== null));
      for (const key of keys) busy.add(key);
      inFlight++;
      void flush(group).finally(() => {
        for (const key of keys) busy.delete(key);
        inFlight--;
        if (queue.length > 0) pump();
        else if (inFlight === 0) for (const done of idle.splice(0)) done();
      });
    }
  }

  /**
   * Writes requests of server-assigned sessions: planned from the states this process knows and written in
   * one statement; when that write is refused (another writer changed a visitor, or a retry brought stored
   * events), planned again under locks from what is stored and written in that transaction.
   */
  async function writeServerSessions(requests: IngestItem[]): Promise<{ plan: SessionPlan; rows: Row[] }> {
    let plan = planFromCache(requests, cache);
    try {
      const rows = (await database.executeSql(INGEST_SQL, buildIngestParams(plan.items, plan), 'ingest')).rows;
      return { plan, rows };
    } catch (error) {
      if (!isIngestConflict(error)) throw error;
    }
    redone++;
    for (let attempt = 1; ; attempt++) {
      try {
        const rows = await database.transaction(async (q) => {
          plan = await planUnderLocks(q, requests, { locks: database.driver === 'postgres' });
          return (await q(INGEST_SQL, buildIngestParams(plan.items, plan), 'ingest')).rows;
        });
        return { plan, rows };
      } catch (error) {
        // Under locks only a writer that takes none (another process's planned write) can still intervene.
        if (!isIngestConflict(error) || attempt === 3) throw error;
      }
    }
  }

  async function flush(group: Pending[]): Promise<void> {
    const requests = group.map((p) => p.item);
    const started = performance.now();
    try {
      // Requests without a session id (wire v3) get sessions assigned by the server (decision 0012). Others
      // go in one statement, as one implicit transaction.
      let plan: SessionPlan | undefined;
      let rows: Row[];
      if (requests.some((i) => !i.batch.session_id)) {
        ({ plan, rows } = await writeServerSessions(requests));
        for (const v of plan.states)
          cache.set(visitorKey(v.businessId, v.visitorId), { state: v.state, version: v.version + 1 });
      } else rows = (await database.executeSql(INGEST_SQL, buildIngestParams(requests), 'ingest')).rows;
      const storedByItem = new Map(rows.map((r) => [Number(r.req), Number(r.stored)]));
      const items = plan?.items ?? requests;
      const sent = items.reduce((n, i) => n + i.batch.events.length, 0);
      const owners = plan?.owners ?? requests.map((_, r) => r);
      const accepted = requests.map(() => 0);
      const sessions = requests.map((i) => (i.batch.session_id ? undefined : new Set<string>()));
      items.forEach((item, i) => {
        const owner = owners[i]!;
        if (owner < 0) return;
        accepted[owner]! += storedByItem.get(i) ?? 0;
        if (item.batch.session_id) sessions[owner]?.add(item.batch.session_id);
      });
      flushes++;
      flushMs += performance.now() - started;
      flushedEvents += sent;
      group.forEach((p, r) => {
        eventsStored += accepted[r]!;
        const result: IngestResult = { accepted: accepted[r]!, duplicates: p.item.batch.events.length - accepted[r]! };
        if (sessions[r]) result.sessions = [...sessions[r]];
        p.resolve(result);
      });
      if (options.onStored) {
        const slices = plan?.slices ?? requests.map((_, r) => ({ items: [r] }));
        for (const slice of slices) {
          const stored = slice.items.reduce((n, i) => n + (storedByItem.get(i) ?? 0), 0);
          if (stored === 0) continue;
          const [head, ...rest] = slice.items.map((i) => items[i]!);
          const events = rest.length === 0 ? head!.batch.events : slice.items.flatMap((i) => items[i]!.batch.events);
          if (rest.length > 0) events.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
          try {
            options.onStored({ ...head!, batch: { ...head!.batch, events } }, stored);
          } catch (error) {
            log.error({ err: error }, 'after-store hook failed');
          }
        }
      }
    } catch (error) {
      // Whether the write committed is unknown after some failures: the next plan starts from what is stored.
      for (const item of requests) {
        const key = keyOf(item);
        if (key) cache.delete(key);
      }
      const unavailable = isConnectionError(error) || isIngestConflict(error);
      if (!unavailable) log.error({ err: error }, 'ingest flush failed');
      const failure = unavailable
        ? new AppError('service_unavailable', 'Events could not be stored right now; retry shortly.', {
            headers: { 'retry-after': '5' },
          })
        : error;
      for (const p of group) p.reject(failure);
    }
  }

  return {
    submit(item) {
      return new Promise<IngestResult>((resolve, reject) => {
        queue.push({ item, at: performance.now(), resolve, reject });
        queuedEvents += item.batch.events.length;
        pump();
      });
    },
    stats: () => ({ queued: queue.length, inFlight, flushes, eventsStored, flushMs, flushedEvents, redone }),
    drain() {
      if (queue.length === 0 && inFlight === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}

/** Text that JSON needs no escapes for (parsed texts hold no lone surrogates: see `storableText`). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what JSON must escape.
const PLAIN = /^[^"\\\u0000-\u001f]*$/;
/** A JSON string literal (or null): most texts need no escaping, and skip JSON.stringify's. */
const text = (s: string | null | undefined) => (s == null ? 'null' : PLAIN.test(s) ? `"${s}"` : JSON.stringify(s));

type Row = Record<string, unknown>;

const isIngestConflict = (error: unknown) => (error as { code?: string } | null)?.code === INGEST_CONFLICT;

/**
 * Parameters of INGEST_SQL: the events as one JSON document (one string to send; each event's data is
 * already JSON, and goes in as it is), then the sessions' context as column arrays, then the visitors'
 * next states with the version each will have, their count, and the first item of server-assigned
 * sessions (whose events must all be new). An event id seen twice within one flush is sent once (the later
 * copy is a duplicate), and each (business, session) gets one context row, from its first request.
 */
export function buildIngestParams(
  items: IngestItem[],
  visitors: Pick<SessionPlan, 'states' | 'firstServerItem'> = { states: [], firstServerItem: items.length },
): unknown[] {
  const rows: string[] = [];
  const seen = new Set<string>();
  const sessions = new Map<string, IngestItem>();

  items.forEach((item, index) => {
    const sessionKey = `${item.businessId}|${item.batch.session_id}`;
    if (!sessions.has(sessionKey)) sessions.set(sessionKey, item);
    // Ids are validated UUIDs, types are names of the enum and times ISO strings: none needs escaping.
    const head = `{"r":${index},"b":"${item.businessId}","s":${item.batch.session_id ? `"${item.batch.session_id}"` : 'null'},`;
    for (const e of item.batch.events) {
      const key = `${item.businessId}|${e.id.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push(
        `${head}"i":"${e.id}","t":"${e.type}","o":"${e.occurredAt.toISOString()}","u":${text(e.url)},` +
          `"ti":${text(e.title)},"e":${text(e.el)},"d":${e.dataJson ?? 'null'}}`,
      );
    }
  });

  const ctx = [...sessions.values()];
  const context = (pick: (i: IngestItem) => string | number | null | undefined) => ctx.map((i) => pick(i) ?? null);
  const c = (i: IngestItem) => i.batch.context ?? {};
  const contextValues: Record<
    (typeof CONTEXT_COLUMNS)[number][0],
    (i: IngestItem) => string | number | null | undefined
  > = {
    device_type: (i) => i.client.deviceType,
    browser: (i) => i.client.browser,
    os: (i) => i.client.os,
    country: (i) => i.client.country,
    region: (i) => i.client.region,
    city: (i) => i.client.city,
    referrer: (i) => c(i).referrer,
    utm_source: (i) => c(i).utm_source,
    utm_medium: (i) => c(i).utm_medium,
    utm_campaign: (i) => c(i).utm_campaign,
    utm_term: (i) => c(i).utm_term,
    utm_content: (i) => c(i).utm_content,
    fbclid: (i) => c(i).fbclid,
    gclid: (i) => c(i).gclid,
    lang: (i) => c(i).lang ?? i.client.lang,
    timezone: (i) => c(i).tz,
    screen_w: (i) => c(i).screen_w,
    screen_h: (i) => c(i).screen_h,
    client_net: (i) => i.client.net,
  };

  return [
    `[${rows.join(',')}]`,
    context((i) => i.businessId),
    context((i) => i.batch.session_id),
    context((i) => i.trackingId),
    context((i) => i.batch.visitor_id),
    context((i) => i.timeoutMs),
    ctx.map((i) => i.receivedAt),
    ...CONTEXT_COLUMNS.map(([column]) => context(contextValues[column])),
    context((i) => i.trafficSource),
    context((i) => i.origin),
    JSON.stringify(visitors.states.map((v) => ({ b: v.businessId, u: v.visitorId, s: v.state, n: v.version + 1 }))),
    visitors.states.length,
    visitors.firstServerItem,
  ];
}
