import type { Logger } from 'pino';
import { metaGraphUserClassify } from '../../vendor-classifiers.js';
import { VendorError, vendorRequest } from '../../vendor-http.js';
import { META_GRAPH_API_VERSION } from '../meta/meta-client.js';

/** Meta accepts at most this many events in one request's `data` (Conversions API, "Batch Requests"). */
export const CAPI_MAX_EVENTS_PER_REQUEST = 1000;
/** Sending is background work: a slow answer is waited for, within reason. */
export const CAPI_TIMEOUT_MS = 20_000;

/** The pixel (dataset) as Graph answers `GET /{pixel-id}` (facebook-python-business-sdk `adspixel.py` fields). */
export type MetaPixel = {
  id: string;
  name: string | null;
  /** Meta has disabled the pixel: events sent to it are not used. */
  isUnavailable: boolean;
  lastFiredTime: string | null;
  creationTime: string | null;
};

/**
 * A server event as the Conversions API takes it ("Server Event Parameters"): the event's name and time (Unix
 * seconds), Meta's dedupe key, where it happened, who did it (`user_data`: address and user agent unhashed, e-mail and
 * phone as SHA-256 of their normalised forms, the click id as `fbc`) and what it was worth.
 */
export type CapiServerEvent = {
  event_name: string;
  event_time: number;
  event_id: string;
  action_source: 'website';
  event_source_url: string;
  user_data: {
    client_ip_address?: string;
    client_user_agent: string;
    fbc?: string;
    fbp?: string;
    em?: string[];
    ph?: string[];
  };
  custom_data?: { value?: number; currency?: string; [key: string]: unknown };
};

/** Meta's answer to `POST /{pixel-id}/events`: `{events_received, messages, fbtrace_id}`. */
export type CapiAnswer = { eventsReceived: number; messages: string[]; fbtraceId: string | null };

export type ConversionsClient = {
  pixel(): Promise<MetaPixel>;
  /** Posts up to 1,000 events; a refusal is a VendorError (Meta refuses the whole request for one bad event). */
  sendEvents(events: readonly CapiServerEvent[], testEventCode: string | null): Promise<CapiAnswer>;
};

const PIXEL_ID = /^\d{1,25}$/;

/** A Conversions API client for one pixel and access token. It never retries: the sender decides. */
export function createConversionsClient({
  accessToken,
  pixelId,
  baseUrl,
  timeoutMs = CAPI_TIMEOUT_MS,
  log,
}: {
  accessToken: string;
  pixelId: string;
  baseUrl: string;
  timeoutMs?: number;
  log?: Pick<Logger, 'debug'>;
}): ConversionsClient {
  // Graph node ids are digits; anything else would put the owner's text into the request path.
  if (!PIXEL_ID.test(pixelId)) {
    throw new VendorError({ vendor: 'meta', kind: 'invalid', status: undefined, message: 'meta: not a pixel id' });
  }
  const common = {
    vendor: 'meta',
    baseUrl,
    secretValues: [accessToken],
    timeoutMs,
    classify: metaGraphUserClassify,
    log,
  };
  return {
    async pixel() {
      const { data } = await vendorRequest<Record<string, unknown>>({
        ...common,
        path: `${META_GRAPH_API_VERSION}/${pixelId}`,
        query: { fields: 'id,name,is_unavailable,last_fired_time,creation_time' },
        // In a header, never the URL: URLs end up in logs, proxies and error messages.
        headers: { authorization: `Bearer ${accessToken}` },
      });
      return {
        id: typeof data.id === 'string' ? data.id : pixelId,
        name: typeof data.name === 'string' ? data.name : null,
        isUnavailable: data.is_unavailable === true,
        lastFiredTime: typeof data.last_fired_time === 'string' ? data.last_fired_time : null,
        creationTime: typeof data.creation_time === 'string' ? data.creation_time : null,
      };
    },
    async sendEvents(events, testEventCode) {
      if (events.length === 0 || events.length > CAPI_MAX_EVENTS_PER_REQUEST) {
        throw new VendorError({
          vendor: 'meta',
          kind: 'invalid',
          status: undefined,
          message: `meta: a Conversions API request carries 1 to ${CAPI_MAX_EVENTS_PER_REQUEST} events, not ${events.length}`,
        });
      }
      // As Meta's "Using the API" shows it: form fields `data` (the events as JSON), `access_token` and, for the
      // Test Events tool, `test_event_code`. The token goes in the POST body, never in the URL.
      const { data } = await vendorRequest<{ events_received?: unknown; messages?: unknown; fbtrace_id?: unknown }>({
        ...common,
        path: `${META_GRAPH_API_VERSION}/${pixelId}/events`,
        method: 'POST',
        encoding: 'form',
        body: {
          data: JSON.stringify(events),
          access_token: accessToken,
          ...(testEventCode ? { test_event_code: testEventCode } : {}),
        },
      });
      if (typeof data?.events_received !== 'number') {
        throw new VendorError({
          vendor: 'meta',
          kind: 'transient',
          status: 200,
          message: 'meta answered the events without events_received',
        });
      }
      return {
        eventsReceived: data.events_received,
        messages: Array.isArray(data.messages)
          ? data.messages.map((m) => (typeof m === 'string' ? m : JSON.stringify(m)))
          : [],
        fbtraceId: typeof data.fbtrace_id === 'string' ? data.fbtrace_id : null,
      };
    },
  };
}
