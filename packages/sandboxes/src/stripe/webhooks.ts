import { createHmac } from 'node:crypto';
import type { StripeObject } from './objects.js';

// Stripe signs each delivery with the endpoint's `whsec_…` secret: header `Stripe-Signature: t=<unix>,v1=<hex>`,
// where v1 is HMAC-SHA256 over `${t}.${raw body}` (stripe-node src/Webhooks.ts, which constructEvent checks).

export type WebhookEndpoint = StripeObject & {
  object: 'webhook_endpoint';
  url: string;
  enabled_events: string[];
  secret: string;
  status: 'enabled' | 'disabled';
  /** The account it belongs to (not part of Stripe's object; dropped when listed). */
  account: string;
};

export type WebhookDelivery = { endpoint: string; url: string; status: number | 'unreachable' };

/** The `Stripe-Signature` header for `payload` signed with `secret` at `timestamp` (Unix seconds). */
export const signatureHeader = (payload: string, secret: string, timestamp: number): string =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')}`;

/** The endpoint as Stripe shows it after creation: without its secret, and without our account tag. */
export const publicEndpoint = ({ secret: _secret, account: _account, ...endpoint }: WebhookEndpoint): StripeObject =>
  endpoint;

/** Whether `endpoint` subscribed to events of `type` (`*` subscribes to all). */
export const wantsEvent = (endpoint: WebhookEndpoint, type: string): boolean =>
  endpoint.status === 'enabled' && (endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(type));

/** POSTs `event` to each endpoint as Stripe does (JSON body, signed), and reports each endpoint's answer. */
export const deliver = async (
  endpoints: readonly WebhookEndpoint[],
  event: StripeObject,
  timestamp: number,
): Promise<WebhookDelivery[]> => {
  const payload = JSON.stringify(event, null, 2);
  return Promise.all(
    endpoints.map(async (endpoint) => {
      try {
        const response = await fetch(endpoint.url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'Stripe-Signature': signatureHeader(payload, endpoint.secret, timestamp),
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        return { endpoint: endpoint.id, url: endpoint.url, status: response.status };
      } catch {
        return { endpoint: endpoint.id, url: endpoint.url, status: 'unreachable' as const };
      }
    }),
  );
};
