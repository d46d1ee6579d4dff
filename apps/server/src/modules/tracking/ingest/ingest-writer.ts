import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.js';
import { isConnectionError } from '../../../db/client.js';
import { AppError } from '../../../lib/errors.js';
import { CONTEXT_COLUMNS, INGEST_SQL } from './ingest-sql.js';
import type { ParsedBatch } from './parse-batch.js';
import type { ClientContext } from './request-context.js';

/** One accepted request waiting for its commit. */
export type IngestItem = {
  businessId: string;
  trackingId: string;
  timeoutMs: number;
  origin: string | null;
  trafficSource: string;
  client: ClientContext;
  batch: ParsedBatch;
  receivedAt: Date;
};
export type IngestResult = { accepted: number; duplicates: number };

type Pending = { item: IngestItem; resolve: (r: IngestResult) => void; reject: (e: unknown) => void };

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
    /** Called after each request's commit with how many of its events were newly stored (scoring hooks here). */
    onStored?: (item: IngestItem, accepted: number) => void;
  } = {},
): IngestWriter {
  const maxEvents = options.maxEventsPerFlush ?? 5_000;
  const concurrency = options.concurrency ?? (database.driver === 'pglite' ? 1 : 3);
  const queue: Pending[] = [];
  let inFlight = 0;
  let flushes = 0;
  let eventsStored = 0;
  let flushMs = 0;
  let flushedEvents = 0;
  const idle: (() => void)[] = [];

  function take(): Pending[] {
    const taken: Pending[] = [];
    let events = 0;
    while (queue.length > 0 && (taken.length === 0 || events + queue[0]!.item.batch.events.length <= maxEvents)) {
      const next = queue.shift()!;
      events += next.item.batch.events.length;
      taken.push(next);
    }
    return taken;
  }

  function pump(): void {
    while (inFlight < concurrency && queue.length > 0) {
      const group = take();
      inFlight++;
      void flush(group).finally(() => {
        inFlight--;
        if (queue.length > 0) pump();
        else if (inFlight === 0) for (const done of idle.splice(0)) done();
      });
    }
  }

  async function flush(group: Pending[]): Promise<void> {
    const { params, events } = buildIngestParams(group.map((p) => p.item));
    const started = performance.now();
    try {
      const { rows } = await database.executeSql(INGEST_SQL, params);
      const stored = new Map(rows.map((r) => [Number(r.req), Number(r.stored)]));
      flushes++;
      flushMs += performance.now() - started;
      flushedEvents += events;
      group.forEach((p, req) => {
        const accepted = stored.get(req) ?? 0;
        eventsStored += accepted;
        p.resolve({ accepted, duplicates: p.item.batch.events.length - accepted });
      });
      if (options.onStored) {
        for (const [req, p] of group.entries()) {
          const accepted = stored.get(req) ?? 0;
          if (accepted === 0) continue;
          try {
            options.onStored(p.item, accepted);
          } catch (error) {
            log.error({ err: error }, 'after-store hook failed');
          }
        }
      }
    } catch (error) {
      const unavailable = isConnectionError(error);
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
        queue.push({ item, resolve, reject });
        pump();
      });
    },
    stats: () => ({ queued: queue.length, inFlight, flushes, eventsStored, flushMs, flushedEvents }),
    drain() {
      if (queue.length === 0 && inFlight === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}

const text = (s: string | null | undefined) => (s == null ? 'null' : JSON.stringify(s));

/**
 * Parameters of INGEST_SQL: the events as one JSON document (one string to send; each event's data is
 * already JSON, and goes in as it is), then the sessions' context as column arrays. An event id seen twice
 * within one flush is sent once (the later copy is a duplicate), and each (business, session) gets one
 * context row, from its first request. `events` says how many events are sent.
 */
export function buildIngestParams(items: IngestItem[]): { params: unknown[]; events: number } {
  const rows: string[] = [];
  const seen = new Set<string>();
  const sessions = new Map<string, IngestItem>();

  items.forEach((item, index) => {
    const sessionKey = `${item.businessId}|${item.batch.session_id}`;
    if (!sessions.has(sessionKey)) sessions.set(sessionKey, item);
    const head = `{"r":${index},"b":${text(item.businessId)},"s":${text(item.batch.session_id)},`;
    for (const e of item.batch.events) {
      const key = `${item.businessId}|${e.id.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push(
        `${head}"i":${text(e.id)},"t":${text(e.type)},"o":"${e.occurredAt.toISOString()}","u":${text(e.url)},` +
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
    lang: (i) => c(i).lang,
    timezone: (i) => c(i).tz,
    screen_w: (i) => c(i).screen_w,
    screen_h: (i) => c(i).screen_h,
  };

  const params = [
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
  ];
  return { params, events: rows.length };
}
