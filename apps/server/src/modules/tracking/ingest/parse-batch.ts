import {
  expandCompactBatch,
  INGEST_LIMITS,
  quickParseEnvelope,
  quickParseEvent,
  type WireBatch,
  type WireEnvelope,
  type WireEvent,
  wireBatchSchema,
  wireEventSchema,
} from '@ri/contracts';
import { AppError } from '../../../lib/errors.js';

/** An event ready to store: validated, its JSON data serialised once, its time corrected for clock skew. */
export type ParsedEvent = WireEvent & { occurredAt: Date; dataJson: string | null };
export type ParsedBatch = Omit<WireBatch, 'events'> & { events: ParsedEvent[] };

const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

function issueMessage(
  issues: { path: PropertyKey[]; message: string }[],
  prefix: string,
): { field: string; message: string } {
  const first = issues[0]!;
  const field = [prefix, ...first.path.map(String)].filter(Boolean).join('.');
  return { field, message: `${field}: ${first.message}` };
}

/**
 * Validates a batch from the SDK as a whole: one bad event rejects the batch (nothing half-stored), and
 * the error names the event and field. Wire v2 (the SDK's compact encoding, see `expandCompactBatch`) is
 * expanded to v1 first, so both are accepted and errors name v1 fields. Event times are moved onto the
 * server clock by the offset between the client's `sent_at` and the arrival time, and clamped to the last
 * seven days.
 */
export function parseBatch(input: unknown, receivedAt: number, forcedType?: WireEvent['type']): ParsedBatch {
  const body = expandCompactBatch(input);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError(
      'validation_failed',
      'Body must be a JSON object with tracking_id, session_id, visitor_id and events',
    );
  }
  // The quick checks vouch for the common case; zod decides the rest and names the field in its error.
  const envelope = quickParseEnvelope(body) ?? parseEnvelope(body);
  const raw = envelope.events;
  if (raw.length > INGEST_LIMITS.maxEventsPerBatch) {
    throw new AppError(
      'validation_failed',
      `A batch holds at most ${INGEST_LIMITS.maxEventsPerBatch} events; this one has ${raw.length}. Split it.`,
      { field: 'events' },
    );
  }
  const skew = receivedAt - envelope.sent_at;
  const events: ParsedEvent[] = [];
  for (let i = 0; i < raw.length; i++) {
    const event = quickParseEvent(raw[i]) ?? parseEvent(raw[i], i);
    if (forcedType && event.type !== forcedType) {
      throw new AppError('validation_failed', `events.${i}.type: this endpoint takes only ${forcedType} events`, {
        field: `events.${i}.type`,
      });
    }
    checkPlausible(event, i);
    if (event.title && MARKUP.test(event.title)) event.title = event.title.replace(MARKUP_G, '').trim();
    const dataJson = event.data ? JSON.stringify(event.data) : null;
    const chars = (event.url?.length ?? 0) + (event.title?.length ?? 0) + 128;
    // A character takes at most 3 bytes in UTF-8: counting bytes is needed only near the limit.
    const size =
      (dataJson?.length ?? 0) * 3 + chars <= INGEST_LIMITS.maxEventBytes
        ? 0
        : Buffer.byteLength(dataJson ?? '') + chars;
    if (size > INGEST_LIMITS.maxEventBytes) {
      throw new AppError(
        'validation_failed',
        `events.${i} is ${size} bytes; an event may be at most ${INGEST_LIMITS.maxEventBytes} bytes`,
        { field: `events.${i}` },
      );
    }
    const at = Math.min(receivedAt, Math.max(receivedAt - MAX_AGE_MS, event.ts + skew));
    // Both parsers return a fresh object: it becomes the parsed event.
    events.push(Object.assign(event, { occurredAt: new Date(at), dataJson }));
  }
  return { ...envelope, events };
}

/** An HTML tag as a page title never holds one (document.title is text): what a forged title would carry. */
const MARKUP = /<\/?[a-zA-Z!][^<>]*>/;
const MARKUP_G = new RegExp(MARKUP.source, 'g');

/**
 * A conversion a browser claims may carry a numeric value only from 0 to the cap (a value that is not a
 * number is stored but never counted as revenue, as before).
 */
function checkPlausible(event: WireEvent, i: number): void {
  if (event.type !== 'conversion') return;
  const value = event.data?.value;
  if (typeof value !== 'number') return;
  if (!(value >= 0 && value <= INGEST_LIMITS.maxConversionValue)) {
    const max = INGEST_LIMITS.maxConversionValue.toLocaleString('en-US');
    throw new AppError(
      'validation_failed',
      `events.${i}.data.value: a conversion's value must be a number from 0 to ${max}; larger sales are recorded by the payment integration`,
      { field: `events.${i}.data.value` },
    );
  }
}

function parseEnvelope(body: unknown): WireEnvelope {
  const envelope = wireBatchSchema.safeParse(body);
  if (envelope.success) return envelope.data;
  const { field, message } = issueMessage(envelope.error.issues, '');
  throw new AppError('validation_failed', message, { field });
}

function parseEvent(raw: unknown, i: number): WireEvent {
  const parsed = wireEventSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const { field, message } = issueMessage(parsed.error.issues, `events.${i}`);
  throw new AppError('validation_failed', message, { field });
}
