import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeSandbox, startStripeSandbox } from './sandbox.js';

// The sandbox's wire format as a raw HTTP client sees it; the `stripe` package's view is tested with the server's client.

let sandbox: StripeSandbox;
beforeAll(async () => {
  sandbox = await startStripeSandbox({ seed: 5, now: 1_780_000_000, accounts: [{ charges: 250 }, { charges: 20 }] });
});
afterAll(() => sandbox.close());

type Row = { id: string; created: number; balance_transaction?: unknown };
type Body = {
  data: Row[];
  error: { type: string; code?: string; message: string; param?: string };
  [field: string]: unknown;
};

const get = async (path: string, key: string | null = sandbox.secretKey) => {
  const response = await fetch(`${sandbox.url}${path}`, { headers: key ? { Authorization: `Bearer ${key}` } : {} });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Body };
};

describe('Stripe sandbox over HTTP', () => {
  it('serves the account and list objects with Stripe cursors and created filters', async () => {
    const account = await get('/v1/account');
    expect(account.body).toMatchObject({
      object: 'account',
      country: 'US',
      default_currency: 'usd',
      charges_enabled: true,
    });
    const first = await get('/v1/charges');
    expect(first.body).toMatchObject({ object: 'list', has_more: true, url: '/v1/charges' });
    expect(first.body.data).toHaveLength(10);
    const next = await get(`/v1/charges?limit=5&starting_after=${first.body.data[9]!.id}`);
    expect(next.body.data[0]!.created).toBeLessThanOrEqual(first.body.data[9]!.created);
    const back = await get(`/v1/charges?limit=3&ending_before=${next.body.data[0]!.id}`);
    expect(back.body.data.map((c) => c.id)).toEqual(first.body.data.slice(7).map((c) => c.id));
    const from = first.body.data[4]!.created;
    const window = await get(`/v1/charges?limit=100&created[gte]=${from}&created[lt]=${first.body.data[0]!.created}`);
    expect(window.body.data.map((c) => c.id)).toEqual(first.body.data.slice(1, 5).map((c) => c.id));
    const expanded = await get('/v1/charges?limit=1&expand[0]=data.balance_transaction');
    expect(expanded.body.data[0]!.balance_transaction).toMatchObject({ object: 'balance_transaction' });
  });

  it('keeps the visitor id on the Checkout Session, not on the charge or payment intent', async () => {
    const charges = (await get('/v1/charges?limit=100')).body.data as (Row & {
      payment_intent: string;
      metadata: Record<string, string>;
    })[];
    expect(charges.every((c) => Object.keys(c.metadata).length === 0)).toBe(true);
    const sessions = await get('/v1/checkout/sessions?limit=100');
    expect(sessions.body).toMatchObject({ object: 'list', url: '/v1/checkout/sessions' });
    const carried = (
      sessions.body.data as (Row & { client_reference_id: string | null; payment_intent: string })[]
    ).filter((s) => s.client_reference_id !== null);
    expect(carried.length).toBeGreaterThan(10);
    const one = carried[0]!;
    expect(one.id).toMatch(/^cs_test_/);
    const byIntent = await get(`/v1/checkout/sessions?payment_intent=${one.payment_intent}`);
    expect(byIntent.body.data.map((s) => s.id)).toEqual([one.id]);
    expect(charges.some((c) => c.payment_intent === one.payment_intent)).toBe(true);
    expect((await get(`/v1/checkout/sessions/${one.id}`)).body).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      client_reference_id: one.client_reference_id,
    });
    expect((await get('/v1/checkout_sessions')).status).toBe(404);
  });

  it('keeps accounts apart by key and answers errors as Stripe does', async () => {
    const [, other] = sandbox.secretKeys;
    expect((await get('/v1/charges?limit=100', other!)).body.data).toHaveLength(20);
    const wrongKey = `sk_test_${'x'.repeat(40)}9Z8Y`;
    const wrong = await get('/v1/charges', wrongKey);
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toEqual({
      type: 'invalid_request_error',
      message: expect.stringMatching(/^Invalid API Key provided: sk_test_\*+9Z8Y$/),
    });
    expect(JSON.stringify(wrong.body)).not.toContain(wrongKey);
    expect((await get('/v1/charges', null)).status).toBe(401);
    const denied = await get('/v1/customers', sandbox.restrictedKey);
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toContain("'rak_customer_read' permission");
    expect(JSON.stringify(denied.body)).not.toContain(sandbox.restrictedKey);
    expect((await get('/v1/charges/ch_missing')).body.error).toMatchObject({ code: 'resource_missing', param: 'id' });
    expect((await get('/v1/charges?limit=abc')).body.error).toMatchObject({
      code: 'parameter_invalid_integer',
      param: 'limit',
    });
    expect((await get('/v1/charges?limit=101')).status).toBe(400);
    expect((await get('/v1/charges?colour=red')).body.error).toMatchObject({ code: 'parameter_unknown' });
    expect((await get('/v1/payouts')).status).toBe(404);
  });

  it('fails on demand: each injected kind, for the given path and number of times', async () => {
    const cancel = sandbox.inject({ kind: 'server_error', path: '/v1/refunds', times: 2 });
    expect((await get('/v1/charges')).status).toBe(200);
    expect((await get('/v1/refunds')).body.error.type).toBe('api_error');
    expect((await get('/v1/refunds')).status).toBe(500);
    expect((await get('/v1/refunds')).status).toBe(200);
    cancel();
    sandbox.inject({ kind: 'rate_limit' });
    const limited = await get('/v1/charges');
    expect([limited.status, limited.body.error.type, limited.body.error.code]).toEqual([
      429,
      'rate_limit_error',
      'rate_limit',
    ]);
    expect(limited.headers.get('retry-after')).toBeNull();
    sandbox.inject({ kind: 'expired_key' });
    expect((await get('/v1/account')).body.error.code).toBe('api_key_expired');
    sandbox.inject({ kind: 'timeout' });
    await expect(fetch(`${sandbox.url}/v1/account`, { signal: AbortSignal.timeout(200) })).rejects.toThrow();
    expect((await get('/v1/account')).status).toBe(200);
  });

  it('counts requests per key and rate-limit violations beyond the per-second limit', async () => {
    const [, other] = sandbox.secretKeys;
    const before = sandbox.state.requestCount(other);
    sandbox.state.setRateLimit(3);
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () => get('/v1/account', other!).then((r) => r.status)),
    );
    sandbox.state.setRateLimit(null);
    expect(sandbox.state.requestCount(other)).toBe(before + 6);
    expect(statuses.filter((s) => s === 429).length).toBe(sandbox.state.rateLimitViolations);
    expect(sandbox.state.rateLimitViolations).toBeGreaterThanOrEqual(1);
  });

  it('delivers signed events that stripe.webhooks.constructEvent accepts, and not when tampered with', async () => {
    const received: { body: string; signature: string }[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push({ body, signature: String(req.headers['stripe-signature']) });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/stripe`;
    const created = await fetch(`${sandbox.url}/v1/webhook_endpoints`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sandbox.secretKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ url: hook, 'enabled_events[0]': 'charge.refunded' }),
    }).then((r) => r.json() as Promise<{ secret: string; enabled_events: string[] }>);
    expect(created.secret).toMatch(/^whsec_/);
    expect(created.enabled_events).toEqual(['charge.refunded']);
    const listed = (await get('/v1/webhook_endpoints')).body.data;
    expect(listed).toEqual([expect.objectContaining({ url: hook, status: 'enabled' })]);
    expect(listed[0]).not.toHaveProperty('secret');

    const charge = { ...(await get('/v1/charges?limit=1')).body.data[0]!, object: 'charge' };
    const { deliveries } = await sandbox.emitEvent('charge.refunded', charge);
    await sandbox.emitEvent('customer.created', { id: 'cus_x', object: 'customer' });
    receiver.close();
    expect(deliveries).toEqual([expect.objectContaining({ url: hook, status: 200 })]);
    expect(received).toHaveLength(1);
    const { body, signature } = received[0]!;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const stripe = new Stripe('sk_test_unused');
    const event = stripe.webhooks.constructEvent(body, signature, created.secret);
    expect(event).toMatchObject({ type: 'charge.refunded', data: { object: { id: charge.id } } });
    expect(() =>
      stripe.webhooks.constructEvent(body.replace(charge.id, 'ch_forged'), signature, created.secret),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });
});
