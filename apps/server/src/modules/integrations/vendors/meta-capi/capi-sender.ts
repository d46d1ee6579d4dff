import type { Logger } from 'pino';
import type { Db } from '../../../../db/client.js';
import type { SyncContext, VendorSync } from '../../sync/sync-phase.js';
import { VendorError } from '../../vendor-http.js';
import type { ConversionsApiAnswer } from './capi.schema.js';
import { CAPI_MAX_EVENTS_PER_REQUEST, type CapiServerEvent, createConversionsClient } from './capi-client.js';
import { buildServerEvent } from './capi-events.js';
import { clicksByVisitor, contactsByVisitor, fbcFor } from './capi-facts.js';
import {
  claimDue,
  type OutboxRow,
  releaseClaims,
  type SendResult,
  skipExpired,
  storeResults,
  testEventCodeOf,
} from './capi-outbox.repo.js';

/** A sender holds the events it posts this long; one that dies lets them go for another. */
const CLAIM_MS = 120_000;
/**
 * Meta refuses a whole request for one bad event: the request is split in halves until the bad ones stand alone,
 * with at most this many requests per batch (beyond it, what is left is recorded with the refusal).
 */
const MAX_REQUESTS_PER_BATCH = 24;

export type ConversionsSendClient = {
  /** Posts the next due events (at most 1,000): what became of each, and whether more wait. */
  sendDue(): Promise<{ items: SendResult[]; nextCursor: null; hasMore: boolean }>;
};

type Built = { row: OutboxRow; event: CapiServerEvent; matchKeys: string[] };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Meta's refusal of an event, for the log: its message (with Meta's title and detail), code and trace id. */
const refusal = (error: VendorError): ConversionsApiAnswer => ({
  error: {
    message: error.message,
    ...(error.vendorCode ? { code: error.vendorCode } : {}),
    ...(error.traceId ? { fbtrace_id: error.traceId } : {}),
  },
});

/**
 * The events of the claimed rows as Meta takes them, with the click id and the buyer's hashed contact where known;
 * rows that cannot make a website event (no user agent, no page) are answered as skipped.
 */
async function buildEvents(db: Db, ctx: SyncContext, rows: OutboxRow[]) {
  const visitors = [...new Set(rows.map((r) => r.visitorId).filter((v): v is string => v !== null))];
  const [clicks, contacts] = await Promise.all([
    clicksByVisitor(db, ctx.businessId, visitors),
    contactsByVisitor(db, ctx.businessId, visitors),
  ]);
  const built: Built[] = [];
  const skipped: SendResult[] = [];
  for (const row of rows) {
    if (!row.clientUserAgent || !row.eventSourceUrl) {
      skipped.push({
        eventId: row.eventId,
        status: 'skipped',
        answer: null,
        error: `Not sent: Meta needs the visitor's ${row.clientUserAgent ? 'page address' : 'user agent'} for a website event, and it was not captured.`,
        matchKeys: [],
        testEventCode: null,
      });
      continue;
    }
    const contact = row.visitorId ? contacts.get(row.visitorId) : undefined;
    const { event, matchKeys } = buildServerEvent({
      eventId: row.eventId,
      eventName: row.eventName,
      eventTime: new Date(Math.min(row.eventTime.getTime(), Date.now())),
      eventSourceUrl: row.eventSourceUrl,
      clientIp: row.clientIp,
      clientUserAgent: row.clientUserAgent,
      fbc: row.visitorId ? fbcFor(clicks.get(row.visitorId), row.eventTime.getTime()) : null,
      email: contact?.email ?? null,
      phone: contact?.phone ?? null,
      value: row.value,
      currency: row.currency,
      ...(row.customData ? { customData: row.customData } : {}),
    });
    built.push({ row, event, matchKeys });
  }
  return { built, skipped };
}

/**
 * Posts the events, splitting a refused request to find the events Meta refuses. A failure that is not about the
 * events (token, throttling, outage) stops the sending: what was not settled comes back as `retry` with the error.
 */
async function post(
  send: (
    events: CapiServerEvent[],
  ) => Promise<{ eventsReceived: number; messages: string[]; fbtraceId: string | null }>,
  batch: Built[],
  testEventCode: string | null,
): Promise<{ results: SendResult[]; stop: VendorError | Error | null }> {
  const results: SendResult[] = [];
  let requests = 0;
  let stop: VendorError | Error | null = null;
  const settle = (b: Built, status: SendResult['status'], answer: ConversionsApiAnswer | null, error: string | null) =>
    results.push({ eventId: b.row.eventId, status, answer, error, matchKeys: b.matchKeys, testEventCode });
  const attempt = async (chunk: Built[]): Promise<void> => {
    if (stop) {
      for (const b of chunk) settle(b, 'retry', null, null);
      return;
    }
    requests++;
    try {
      const answer = await send(chunk.map((b) => b.event));
      const recorded = {
        events_received: answer.eventsReceived,
        fbtrace_id: answer.fbtraceId,
        messages: answer.messages,
      };
      for (const b of chunk) settle(b, 'sent', recorded, null);
    } catch (error) {
      if (!(error instanceof VendorError) || error.kind !== 'invalid') {
        stop = error instanceof Error ? error : new Error(String(error));
        for (const b of chunk) settle(b, 'retry', null, null);
        return;
      }
      if (chunk.length === 1 || requests >= MAX_REQUESTS_PER_BATCH) {
        for (const b of chunk) settle(b, 'failed', refusal(error), `Meta refused the event: ${error.message}`);
        return;
      }
      const half = Math.ceil(chunk.length / 2);
      await attempt(chunk.slice(0, half));
      await attempt(chunk.slice(half));
    }
  };
  await attempt(batch);
  return { results, stop };
}

/**
 * Sends the integration's due events once: expired ones are given up, up to 1,000 are claimed, built and posted,
 * and each one's outcome is returned for the engine to store with the page. Token, throttling and outage failures
 * are thrown (the sync engine reconnects, waits or retries) after letting the unsent events go again.
 */
async function sendDue(
  db: Db,
  ctx: SyncContext,
  credentials: Record<string, string>,
  baseUrl: string,
  log?: Pick<Logger, 'debug'>,
) {
  const { accessToken, pixelId } = credentials;
  if (!accessToken || !pixelId) {
    throw new VendorError({ vendor: 'meta', kind: 'auth', status: undefined, message: 'meta: no stored access token' });
  }
  await skipExpired(db, ctx.integrationId);
  const rows = await claimDue(db, ctx.integrationId, CAPI_MAX_EVENTS_PER_REQUEST, CLAIM_MS);
  if (rows.length === 0) return { items: [], nextCursor: null, hasMore: false };
  try {
    const testEventCode = await testEventCodeOf(db, ctx.integrationId);
    const { built, skipped } = await buildEvents(db, ctx, rows);
    const client = createConversionsClient({ accessToken, pixelId, baseUrl, log });
    const { results, stop } =
      built.length > 0
        ? await post((events) => client.sendEvents(events, testEventCode), built, testEventCode)
        : { results: [], stop: null };
    const retry = results.filter((r) => r.status === 'retry').map((r) => r.eventId);
    const settled = [...skipped, ...results.filter((r) => r.status !== 'retry')];
    if (stop && settled.length === 0) throw stop;
    await releaseClaims(db, ctx.integrationId, retry, stop ? messageOf(stop) : null);
    return {
      items: settled,
      nextCursor: null,
      hasMore: retry.length > 0 || rows.length === CAPI_MAX_EVENTS_PER_REQUEST,
    };
  } catch (error) {
    await releaseClaims(
      db,
      ctx.integrationId,
      rows.map((r) => r.eventId),
      `Waiting to send: ${messageOf(error)}`,
    );
    throw error;
  }
}

/**
 * The Conversions API as the sync engine drives it: one phase that posts the due events (1,000 a request) and
 * stores Meta's answer for each in the same transaction as the phase's progress. The engine gives it its policies:
 * a refused token turns the integration to error with the reconnect message and stops; throttling pauses for
 * Meta's delay; an outage is retried, then paused.
 */
export function conversionsApiSync(db: Db, log?: Pick<Logger, 'debug'>): VendorSync<ConversionsSendClient> {
  return {
    vendorName: 'Meta Conversions API',
    trailingWindowMs: 0,
    client: (credentials, baseUrl, ctx) => ({ sendDue: () => sendDue(db, ctx, credentials, baseUrl, log) }),
    phases: [
      {
        name: 'conversions_api_events',
        incremental: false,
        fetch: (client) => client.sendDue(),
        store: (tx, ctx, items) => storeResults(tx, ctx.integrationId, items as SendResult[]),
      },
    ],
    classify(error) {
      if (!(error instanceof VendorError)) return { kind: 'transient', message: messageOf(error) };
      // A pixel that no longer exists for the token is a connection to redo, as a refused token is.
      const kind = error.kind === 'not_found' ? 'permission' : error.kind;
      return { kind, message: error.message, retryAfterMs: error.retryAfterMs };
    },
  };
}
