import { type StripeSandbox, signatureHeader, startStripeSandbox } from '@ri/sandboxes';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classifyStripeError,
  createStripeClient,
  STRIPE_API_VERSION,
  STRIPE_LIST_RESOURCES,
  STRIPE_RATE_LIMIT_BACKOFF_MS,
  type StripeClient,
  stripeEndpoint,
} from './stripe-client.js';

let sandbox: StripeSandbox;
let client: StripeClient;
beforeAll(async () => {
  sandbox = await startStripeSandbox({ seed: 11, now: 1_780_000_000, accounts: [{ charges: 437, customers: 60 }] });
  client = createStripeClient({ secretKey: sandbox.secretKey, baseUrl: sandbox.url });
});
afterAll(() => sandbox.close());

const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => expect.unreachable('the call should fail'),
    (err: unknown) => ({ err, failure: classifyStripeError(err) }),
  );

describe('Stripe client against the Stripe sandbox', () => {
  it('reads the connected account and sends the pinned version with bearer auth', async () => {
    expect(await client.account()).toEqual({
      account_id: sandbox.state.account().spec.id,
      business_name: 'Northwind Solar Co.',
      country: 'US',
      default_currency: 'usd',
      charges_enabled: true,
      payouts_enabled: true,
    });
    expect(sandbox.state.requests.at(-1)).toMatchObject({ path: '/v1/account', stripeVersion: STRIPE_API_VERSION });
  });

  it('pages through every charge once, newest first, to the end', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await client.listPage('charges', { limit: 100, startingAfter: cursor });
      seen.push(...page.items.map((c) => c.id));
      pages += 1;
      if (!page.hasMore) break;
      cursor = page.nextCursor!;
    }
    const expected = [...sandbox.state.account().all('charges')].map((c) => c.id);
    expect(pages).toBe(5);
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(437);
  });

  it('lists only what was created in the window, and canceled subscriptions too', async () => {
    const all = [...sandbox.state.account().all('charges')];
    const from = all[120]!.created!;
    const page = await client.listPage('charges', { limit: 100, createdGte: from });
    const second = await client.listPage('charges', { limit: 100, createdGte: from, startingAfter: page.nextCursor! });
    const inWindow = all.filter((c) => c.created! >= from).map((c) => c.id);
    expect([...page.items, ...second.items].map((c) => c.id)).toEqual(inWindow);
    expect(second.hasMore).toBe(false);

    const subscriptions = await client.listPage('subscriptions', { limit: 100 });
    expect(subscriptions.items.some((s) => s.status === 'canceled')).toBe(true);
    for (const resource of STRIPE_LIST_RESOURCES) {
      const { items } = await client.listPage(resource, { limit: 3 });
      expect(items.length, resource).toBeGreaterThan(0);
    }
  });

  it('classifies each failure the sandbox can inject', async () => {
    sandbox.inject({ kind: 'expired_key' });
    expect((await failureOf(client.account())).failure.kind).toBe('auth');

    const restricted = createStripeClient({ secretKey: sandbox.restrictedKey, baseUrl: sandbox.url });
    const denied = await failureOf(restricted.listPage('customers', { limit: 10 }));
    expect(denied.failure.kind).toBe('permission');
    expect(denied.failure.message).not.toContain(sandbox.restrictedKey);

    sandbox.inject({ kind: 'rate_limit', path: '/v1/charges' });
    expect((await failureOf(client.listPage('charges', { limit: 10 }))).failure).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: STRIPE_RATE_LIMIT_BACKOFF_MS,
    });

    sandbox.inject({ kind: 'server_error' });
    expect((await failureOf(client.listPage('refunds', { limit: 10 }))).failure.kind).toBe('transient');

    sandbox.inject({ kind: 'timeout' });
    const impatient = createStripeClient({ secretKey: sandbox.secretKey, baseUrl: sandbox.url, timeoutMs: 300 });
    const timedOut = await failureOf(impatient.account());
    expect(timedOut.err).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    expect(timedOut.failure.kind).toBe('transient');

    const badCursor = await failureOf(client.listPage('charges', { limit: 10, startingAfter: 'ch_unknown' }));
    expect(badCursor.failure.kind).toBe('invalid');
    expect((await client.account()).charges_enabled).toBe(true);
  });

  it('never shows a wrong key beyond Stripe’s masked form', async () => {
    const wrongKey = `sk_test_51Wrong${'Q'.repeat(60)}Zz91`;
    const wrong = createStripeClient({ secretKey: wrongKey, baseUrl: sandbox.url });
    const { err, failure } = await failureOf(wrong.account());
    expect(failure.kind).toBe('auth');
    expect(failure.message).toMatch(/Invalid API Key provided: sk_test_\*+Zz91/);
    for (const text of [failure.message, (err as Error).message, JSON.stringify((err as { raw: unknown }).raw)]) {
      expect(text).not.toContain(wrongKey);
      expect(text).not.toContain('51Wrong');
    }
    expect(classifyStripeError(new Error(`boom ${wrongKey}`)).message).not.toContain(wrongKey);
  });

  it('receives webhooks the sandbox signs, verified by constructEvent', async () => {
    const stripe = new Stripe(sandbox.secretKey, { ...stripeEndpoint(sandbox.url), maxNetworkRetries: 0 });
    const endpoint = await stripe.webhookEndpoints.create({ url: 'http://127.0.0.1:9/unused', enabled_events: ['*'] });
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'charge.succeeded' });
    const header = signatureHeader(payload, endpoint.secret!, Math.floor(Date.now() / 1000));
    expect(stripe.webhooks.constructEvent(payload, header, endpoint.secret!).type).toBe('charge.succeeded');
    expect(() =>
      stripe.webhooks.constructEvent(payload.replace('succeeded', 'refunded'), header, endpoint.secret!),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('reads STRIPE_API_URL as the stripe package’s host, port and protocol', () => {
    expect(stripeEndpoint('https://api.stripe.com')).toEqual({ host: 'api.stripe.com', port: 443, protocol: 'https' });
    expect(stripeEndpoint('http://127.0.0.1:4242')).toEqual({ host: '127.0.0.1', port: 4242, protocol: 'http' });
    expect(() => stripeEndpoint('ftp://example.com')).toThrow();
  });
});
