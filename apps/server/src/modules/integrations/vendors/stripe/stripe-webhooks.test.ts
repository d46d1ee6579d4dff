import { type StripeSandbox, signatureHeader, startStripeSandbox } from '@ri/sandboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUp, type TestApp } from '../../../../test/harness.js';

let sandbox: StripeSandbox;
let t: TestApp;
let id: string;
let businessId: string;
let secret: string;

beforeAll(async () => {
  sandbox = await startStripeSandbox({ seed: 5, accounts: [{ charges: 10, customers: 3 }] });
  // A public https address: saving Stripe registers the webhook with Stripe and keeps its secret.
  t = await createTestApp({ STRIPE_API_URL: sandbox.url, APP_URL: 'https://app.example.test' });
  const owner = await signUp(t);
  businessId = owner.businessId;
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/v1/integrations/stripe/save',
    headers: bearer(owner.token),
    payload: { secretKey: sandbox.secretKey },
  });
  expect(saved.statusCode).toBe(201);
  id = saved.json().integration.id;
  const endpoint = sandbox.state.webhookEndpoints.at(-1)!;
  expect(endpoint.url).toBe(`https://app.example.test/api/v1/webhooks/stripe/${id}`);
  secret = endpoint.secret;
  // The signing secret is stored sealed with the key; the browser sees hints of the key only.
  expect(saved.body).not.toContain(secret);
  expect(Object.keys(saved.json().integration.credential_hints)).toEqual(['secretKey']);
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

const charge = (n: number) => ({
  id: `ch_webhook_${n}`,
  object: 'charge',
  amount: 2500 * n,
  amount_refunded: 0,
  currency: 'usd',
  status: 'succeeded',
  paid: true,
  created: Math.floor(Date.now() / 1000) - 60,
  customer: null,
  payment_intent: null,
  balance_transaction: null,
  billing_details: { email: null },
  metadata: { client_reference_id: 'visitor-42' },
});
const event = (eventId: string, object: object, type = 'charge.succeeded') =>
  JSON.stringify({ id: eventId, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });

const deliver = (payload: string, signature = signatureHeader(payload, secret, Math.floor(Date.now() / 1000))) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/webhooks/stripe/${id}`,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });

const charges = async () =>
  (
    await t.database.executeSql(
      'SELECT vendor_id, amount::int AS amount, metadata FROM stripe_charges WHERE business_id = $1',
      [businessId],
    )
  ).rows;

describe('Stripe webhooks', () => {
  it('apply a signed event once, however often it is delivered', async () => {
    const payload = event('evt_1', charge(1));
    const first = await deliver(payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(await charges()).toEqual([
      { vendor_id: 'ch_webhook_1', amount: 2500, metadata: { client_reference_id: 'visitor-42' } },
    ]);
    const again = await deliver(payload);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(await charges()).toHaveLength(1);
  });

  it('refuse a body that is not what Stripe signed, a wrong secret and an old timestamp, naming the header', async () => {
    const payload = event('evt_2', charge(2));
    const tampered = payload.replace('"amount":5000', '"amount":1');
    const refused = [
      await deliver(tampered, signatureHeader(payload, secret, Math.floor(Date.now() / 1000))),
      await deliver(payload, signatureHeader(payload, 'whsec_not_the_secret', Math.floor(Date.now() / 1000))),
      await deliver(payload, signatureHeader(payload, secret, Math.floor(Date.now() / 1000) - 301)),
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/webhooks/stripe/${id}`,
        headers: { 'content-type': 'application/json' },
        payload,
      }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe('stripe-signature');
      expect(res.body).not.toContain(secret);
    }
    expect((await charges()).map((c) => c.vendor_id)).toEqual(['ch_webhook_1']);
  });

  it('link a payment to the visitor its Checkout Session names, whichever of the two arrives first', async () => {
    const session = (n: number, intent: string, visitor: string) => ({
      id: `cs_test_webhook_${n}`,
      object: 'checkout.session',
      client_reference_id: visitor,
      created: Math.floor(Date.now() / 1000) - 120,
      customer: null,
      customer_details: { email: 'buyer@example.test' },
      payment_intent: intent,
      subscription: null,
      invoice: null,
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      amount_total: 2500,
      currency: 'usd',
      metadata: {},
    });
    const paid = (n: number, intent: string) => ({ ...charge(n), payment_intent: intent, metadata: {} });
    const reference = async (chargeId: string) =>
      (
        await t.database.executeSql(
          'SELECT checkout_reference FROM stripe_charges WHERE business_id = $1 AND vendor_id = $2',
          [businessId, chargeId],
        )
      ).rows[0]?.checkout_reference;
    // The charge first, then the session.
    await deliver(event('evt_4', paid(4, 'pi_webhook_4')));
    expect(await reference('ch_webhook_4')).toBeNull();
    const completed = await deliver(
      event('evt_5', session(5, 'pi_webhook_4', 'visitor-4'), 'checkout.session.completed'),
    );
    expect(completed.json()).toEqual({ received: true, duplicate: false });
    expect(await reference('ch_webhook_4')).toBe('visitor-4');
    // The session first, then the charge.
    await deliver(event('evt_6', session(6, 'pi_webhook_6', 'visitor-6'), 'checkout.session.completed'));
    await deliver(event('evt_7', paid(7, 'pi_webhook_6')));
    expect(await reference('ch_webhook_7')).toBe('visitor-6');
  });

  it("raise a payment's refunded amount when a refund of it arrives on its own", async () => {
    await deliver(event('evt_8', { ...charge(8), metadata: {} }));
    const refund = (n: number, amount: number, status: string) => ({
      id: `re_webhook_${n}`,
      object: 'refund',
      amount,
      charge: 'ch_webhook_8',
      currency: 'usd',
      status,
      reason: 'requested_by_customer',
      balance_transaction: null,
      created: Math.floor(Date.now() / 1000),
    });
    const refunded = async () =>
      (
        await t.database.executeSql(
          'SELECT amount_refunded::int AS n FROM stripe_charges WHERE business_id = $1 AND vendor_id = $2',
          [businessId, 'ch_webhook_8'],
        )
      ).rows[0]?.n;
    await deliver(event('evt_9', refund(9, 5000, 'failed'), 'refund.created'));
    expect(await refunded()).toBe(0);
    await deliver(event('evt_10', refund(10, 5000, 'succeeded'), 'refund.created'));
    expect(await refunded()).toBe(5000);
    await deliver(event('evt_11', refund(11, 7000, 'succeeded'), 'refund.created'));
    // Never above the payment itself (20,000).
    expect(await refunded()).toBe(12_000);
  });

  it('keep what a newer event wrote when an older one about the same payment arrives after it', async () => {
    const now = Math.floor(Date.now() / 1000);
    const at = (eventId: string, object: object, type: string, created: number) =>
      JSON.stringify({ id: eventId, object: 'event', type, created, data: { object } });
    const payment = { ...charge(12), metadata: {} };
    const refunded = async () =>
      (
        await t.database.executeSql(
          'SELECT amount_refunded::int AS n FROM stripe_charges WHERE business_id = $1 AND vendor_id = $2',
          [businessId, 'ch_webhook_12'],
        )
      ).rows[0]?.n;
    // charge.refunded (newer) is delivered before charge.succeeded (older, its retry).
    await deliver(at('evt_12b', { ...payment, amount_refunded: 30_000 }, 'charge.refunded', now - 5));
    expect(await refunded()).toBe(30_000);
    const late = await deliver(at('evt_12a', payment, 'charge.succeeded', now - 60));
    expect(late.json()).toEqual({ received: true, duplicate: false });
    expect(await refunded()).toBe(30_000);
    // A newer event still applies.
    await deliver(at('evt_12c', { ...payment, amount_refunded: 0 }, 'charge.updated', now));
    expect(await refunded()).toBe(0);
  });

  it('answer 404 for an integration that does not exist', async () => {
    const payload = event('evt_3', charge(3));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/stripe/${crypto.randomUUID()}`,
      headers: { 'content-type': 'application/json', 'stripe-signature': signatureHeader(payload, secret, 1) },
      payload,
    });
    expect(res.statusCode).toBe(404);
  });
});
