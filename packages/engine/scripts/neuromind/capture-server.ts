import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expandCompactBatch, INGEST_LIMITS, TRACKING_DEFAULTS } from '@ri/contracts';
import {
  assignSessions,
  type SignalEvent,
  toSignalEvent,
  type VisitorEvent,
  type VisitorState,
} from '../../src/index.js';

/** A running capture endpoint: where to point the simulator, what it recorded, and how to stop it. */
export type CaptureServer = {
  baseUrl: string;
  /** Events recorded per session id, distinct by event id, in arrival order. */
  sessions: Map<string, SignalEvent[]>;
  requests: () => number;
  close: () => Promise<void>;
};

const INGEST_PATH = '/api/v1/tracking/batch-events';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const textOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The wire event as the server stores it: `at` is the event's own `ts` (the visit's timeline). */
function fromWire(raw: unknown): SignalEvent | null {
  if (!isRecord(raw) || typeof raw.id !== 'string' || typeof raw.type !== 'string') return null;
  if (typeof raw.ts !== 'number' || !Number.isFinite(raw.ts)) return null;
  return {
    id: raw.id,
    type: raw.type,
    at: raw.ts,
    url: textOrNull(raw.url),
    title: textOrNull(raw.title),
    el: textOrNull(raw.el),
    data: isRecord(raw.data) ? raw.data : {},
  };
}

/** The server's view of a recorded event: on the visit's timeline (`occurredAt` = `ts`). */
const toVisitorEvent = (e: SignalEvent): VisitorEvent => ({
  id: e.id,
  type: e.type,
  ts: e.at,
  occurredAt: new Date(e.at),
  url: e.url ?? undefined,
  title: e.title ?? undefined,
  el: e.el ?? undefined,
  data: e.data,
  dataJson: null,
});

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const send = (res: ServerResponse, status: number, body: unknown, origin?: string) => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (origin) headers['access-control-allow-origin'] = origin;
  res.writeHead(status, headers).end(JSON.stringify(body));
};

/**
 * Starts an in-process stand-in for POST /api/v1/tracking/batch-events on 127.0.0.1 (random port). It
 * answers like the real ingest route (200 `{ accepted, duplicates }`, errors as `{ error: { code, message } }`),
 * expands wire v2 bodies to v1 and keeps every event per session, so the simulator's traffic can be folded
 * exactly as the server would fold it. A batch without a session id (the SDK's wire v3) gets what the
 * server gives it (decision 0012): sessions per visitor and the derived events (rage clicks, hesitations,
 * revisits, focus times) from the engine's `assignSessions`, and an answer naming the sessions. Nothing is
 * validated beyond what recording needs.
 */
export async function startCaptureServer(): Promise<CaptureServer> {
  const sessions = new Map<string, SignalEvent[]>();
  const visitors = new Map<string, VisitorState>();
  const seen = new Set<string>();
  let requests = 0;
  const record = (sessionId: string, events: SignalEvent[]) => {
    const list = sessions.get(sessionId);
    if (list) list.push(...events);
    else sessions.set(sessionId, events);
  };
  const server = createServer((req, res) => {
    const origin = textOrNull(req.headers.origin) ?? undefined;
    if (req.method === 'OPTIONS') {
      res
        .writeHead(204, { 'access-control-allow-origin': origin ?? '*', 'access-control-allow-methods': 'POST' })
        .end();
      return;
    }
    if (req.method !== 'POST' || req.url?.split('?')[0] !== INGEST_PATH) {
      send(res, 404, { error: { code: 'not_found', message: `no route ${req.method} ${req.url}` } });
      return;
    }
    requests++;
    readBody(req).then(
      (text) => {
        if (Buffer.byteLength(text) > INGEST_LIMITS.maxBodyBytes) {
          send(res, 413, { error: { code: 'payload_too_large', message: 'body too large' } }, origin);
          return;
        }
        let batch: unknown;
        try {
          batch = expandCompactBatch(JSON.parse(text));
        } catch {
          send(res, 400, { error: { code: 'validation_failed', message: 'Body is not valid JSON' } }, origin);
          return;
        }
        if (!isRecord(batch) || !Array.isArray(batch.events)) {
          send(res, 400, { error: { code: 'validation_failed', message: 'not a batch' } }, origin);
          return;
        }
        const sessionId = textOrNull(batch.session_id);
        const visitorId = textOrNull(batch.visitor_id);
        if (!sessionId && !visitorId) {
          send(res, 400, { error: { code: 'validation_failed', message: 'visitor_id: required' } }, origin);
          return;
        }
        let accepted = 0;
        let duplicates = 0;
        const fresh: SignalEvent[] = [];
        for (const raw of batch.events) {
          const event = fromWire(raw);
          if (!event) continue;
          if (seen.has(event.id)) {
            duplicates++;
            continue;
          }
          seen.add(event.id);
          fresh.push(event);
          accepted++;
        }
        if (sessionId) {
          record(sessionId, fresh);
          send(res, 200, { accepted, duplicates }, origin);
          return;
        }
        const result = assignSessions(visitors.get(visitorId!) ?? null, fresh.map(toVisitorEvent), {
          businessId: 'capture',
          visitorId: visitorId!,
          timeoutMs: TRACKING_DEFAULTS.sessionTimeout,
          hesitations: true,
          autoConversions: false,
        });
        visitors.set(visitorId!, result.state);
        for (const slice of result.slices)
          record(
            slice.sessionId,
            [...slice.events, ...slice.derived].map(toSignalEvent).sort((a, b) => a.at - b.at),
          );
        send(res, 200, { accepted, duplicates, sessions: result.slices.map((slice) => slice.sessionId) }, origin);
      },
      () => send(res, 400, { error: { code: 'validation_failed', message: 'unreadable body' } }, origin),
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    sessions,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
