import { isIP } from 'node:net';
import { drawFor } from '../stripe/random.js';
import { type GraphErrorReply, graphErrors } from './errors.js';
import { parseFields } from './ids.js';

// The Conversions API side of Graph: pixels (datasets) and `POST /{pixel-id}/events`, checked as Meta documents the
// server event ("Server Event Parameters", "Customer Information Parameters", "Main Body Parameters"): a request is
// refused whole when one of its events is invalid.

export type SandboxPixelOptions = { name?: string; unavailable?: boolean; lastFiredTime?: string | null };

export type SandboxPixel = {
  id: string;
  name: string;
  is_unavailable: boolean;
  creation_time: string;
  last_fired_time?: string;
};

/** An event the sandbox accepted, with the request it came in. */
export type ReceivedPixelEvent = {
  pixelId: string;
  /** The request's `test_event_code`, or null. */
  testEventCode: string | null;
  /** Which accepted request it came in (1, 2, …) and that request's size. */
  request: number;
  requestSize: number;
  event: Record<string, unknown>;
  receivedAt: number;
};

type Reply = { status: number; body: unknown } | GraphErrorReply;

/** Meta's limit of events in one request's `data`. */
export const MAX_EVENTS_PER_REQUEST = 1000;
const MAX_AGE_S = 7 * 24 * 3600;
/** Clocks differ: an event a few minutes ahead of Meta's clock is taken. */
const FUTURE_TOLERANCE_S = 10 * 60;
const HASHED_FIELDS = ['em', 'ph', 'fn', 'ln', 'ge', 'db', 'ct', 'st', 'zp', 'country'] as const;
const SHA256 = /^[0-9a-f]{64}$/;
const PIXEL_FIELDS = ['id', 'name', 'is_unavailable', 'creation_time', 'last_fired_time', 'code', 'owner_business'];

/** A Conversions API refusal: code 100 "Invalid parameter" with Meta's user-facing title and text. */
const invalid = (title: string, message: string, subcode?: number): GraphErrorReply => {
  const reply = graphErrors.invalidParameter(message);
  const error = reply.body.error as GraphErrorReply['body']['error'] & Record<string, unknown>;
  error.message = 'Invalid parameter';
  if (subcode !== undefined) error.error_subcode = subcode;
  error.is_transient = false;
  error.error_user_title = title;
  error.error_user_msg = message;
  return reply;
};

/** The pixels of a sandbox and what was sent to them. */
export class PixelStore {
  readonly pixels: SandboxPixel[];
  readonly received: ReceivedPixelEvent[] = [];
  /** Accepted `POST /{pixel}/events` requests, in order: pixel, events, test code. */
  readonly requests: { pixelId: string; events: number; testEventCode: string | null }[] = [];

  constructor(seed: number, options: SandboxPixelOptions[], names: string[], now: number) {
    this.pixels = options.map((o, i) => {
      const id = String(drawFor(seed, 'meta:pixel', i).int(100_000_000_000_000, 999_999_999_999_999));
      const lastFired = o.lastFiredTime === undefined ? new Date((now - 3600) * 1000).toISOString() : o.lastFiredTime;
      return {
        id,
        name: o.name ?? `${names[i % names.length] ?? 'Sandbox'} Pixel`,
        is_unavailable: o.unavailable ?? false,
        creation_time: new Date((now - 400 * 86_400) * 1000).toISOString(),
        ...(lastFired ? { last_fired_time: lastFired } : {}),
      };
    });
  }

  get(id: string): SandboxPixel | undefined {
    return this.pixels.find((p) => p.id === id);
  }

  /** The events a pixel received (all pixels when absent), oldest first. */
  eventsOf(pixelId?: string): ReceivedPixelEvent[] {
    return this.received.filter((e) => pixelId === undefined || e.pixelId === pixelId);
  }

  /** `GET /{pixel-id}?fields=…`: the pixel with the fields asked for (`id` when none). */
  read(pixel: SandboxPixel, params: URLSearchParams): Reply {
    const fields = parseFields(params.get('fields')) ?? ['id'];
    const out: Record<string, unknown> = {};
    for (const field of fields) {
      if (!PIXEL_FIELDS.includes(field)) return graphErrors.nonexistingField(field, 'AdsPixel');
      if (field in pixel) out[field] = pixel[field as keyof SandboxPixel];
    }
    return { status: 200, body: out };
  }

  /** `POST /{pixel-id}/events`: checks every event; one invalid event refuses the request and stores nothing. */
  receive(pixel: SandboxPixel, params: URLSearchParams, nowMs: number): Reply {
    const raw = params.get('data');
    if (raw === null) return graphErrors.invalidParameter('The parameter data is required');
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      return graphErrors.invalidParameter('param data must be an array.');
    }
    if (!Array.isArray(data) || data.length === 0) return graphErrors.invalidParameter('param data must be an array.');
    if (data.length > MAX_EVENTS_PER_REQUEST) {
      return invalid(
        'Too Many Events',
        `You sent ${data.length} events in one request; a request may carry up to ${MAX_EVENTS_PER_REQUEST} events.`,
      );
    }
    const now = Math.floor(nowMs / 1000);
    for (let i = 0; i < data.length; i++) {
      const refusal = checkEvent(data[i], now);
      if (refusal) return refusal;
    }
    const testEventCode = params.get('test_event_code');
    this.requests.push({ pixelId: pixel.id, events: data.length, testEventCode });
    for (const event of data as Record<string, unknown>[]) {
      this.received.push({
        pixelId: pixel.id,
        testEventCode,
        request: this.requests.length,
        requestSize: data.length,
        event,
        receivedAt: nowMs,
      });
    }
    return { status: 200, body: { events_received: data.length, messages: [], fbtrace_id: traceOf(nowMs) } };
  }
}

const traceOf = (now: number) =>
  `A${Buffer.from(String(now + Math.random()))
    .toString('base64url')
    .slice(0, 22)}`;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why one server event is refused, or undefined when Meta would take it. */
function checkEvent(event: unknown, now: number): GraphErrorReply | undefined {
  if (!isRecord(event)) return invalid('Invalid Event', 'Each event in data must be an object.');
  if (typeof event.event_name !== 'string' || event.event_name.trim() === '') {
    return invalid('Missing Event Name', 'The event_name parameter is required for every event.');
  }
  const time = event.event_time;
  if (typeof time !== 'number' || !Number.isInteger(time)) {
    return invalid('Invalid Event Time', 'The event_time parameter must be a Unix timestamp in seconds.');
  }
  if (time < now - MAX_AGE_S) {
    // As Meta answered it (recorded in rudder-transformer's facebook_pixel network mocks).
    return invalid(
      'Event Timestamp Too Old',
      'The timestamp for this event is too far in the past. Events need to be sent from your server within 7 days of when they occurred. Enter a timestamp that has occurred within the last 7 days.',
      2804003,
    );
  }
  if (time > now + FUTURE_TOLERANCE_S) {
    return invalid('Event Timestamp In The Future', 'The timestamp for this event is in the future.');
  }
  if (typeof event.action_source !== 'string') {
    return invalid('Missing action_source', 'The action_source parameter is required for every event.');
  }
  const user = event.user_data;
  if (!isRecord(user)) return invalid('Missing user_data', 'The user_data parameter is required for every event.');
  if (event.action_source === 'website') {
    if (typeof user.client_user_agent !== 'string' || user.client_user_agent === '') {
      return invalid('Missing User Agent', 'Website events require the client_user_agent parameter.');
    }
    if (typeof event.event_source_url !== 'string' || !/^https?:\/\//.test(event.event_source_url)) {
      return invalid('Missing Event Source URL', 'Website events require the event_source_url parameter.');
    }
  }
  for (const field of HASHED_FIELDS) {
    const value = user[field];
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    if (!values.every((v) => typeof v === 'string' && SHA256.test(v))) {
      return invalid(
        'Customer Information Not Hashed',
        `The ${field} parameter must be hashed with SHA-256 (64 lower-case hexadecimal characters) after normalising.`,
      );
    }
  }
  if (
    user.client_ip_address !== undefined &&
    (typeof user.client_ip_address !== 'string' || !isIP(user.client_ip_address))
  ) {
    return invalid('Invalid IP Address', 'The client_ip_address parameter must be an IPv4 or IPv6 address.');
  }
  const matchable =
    ['em', 'ph', 'external_id', 'fbc', 'fbp', 'fb_login_id', 'lead_id'].some((k) => user[k] !== undefined) ||
    (user.client_ip_address !== undefined && user.client_user_agent !== undefined);
  if (!matchable) {
    return invalid(
      'Insufficient Customer Information',
      "You haven't added sufficient customer information parameter data for this event.",
      2804050,
    );
  }
  if (event.event_name === 'Purchase') {
    const custom = isRecord(event.custom_data) ? event.custom_data : {};
    if (
      typeof custom.value !== 'number' ||
      typeof custom.currency !== 'string' ||
      !/^[A-Za-z]{3}$/.test(custom.currency)
    ) {
      return invalid(
        'Missing Value or Currency',
        'Purchase events require custom_data.value and custom_data.currency.',
        2804019,
      );
    }
  }
  return undefined;
}
