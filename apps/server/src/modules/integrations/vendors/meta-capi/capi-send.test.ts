import { createHash } from 'node:crypto';
import { type MetaSandbox, startMetaSandbox } from '@ri/sandboxes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversionsApiEvents,
  integrations,
  sessionIntelligence,
  stripeCharges,
  stripeCustomers,
  trackingEvents,
  trackingSessions,
} from '../../../../db/schema.js';
import { bearer, createTestApp, setUpTracking, signUp, type TestApp, wireBatch } from '../../../../test/harness.js';
import { recordEvents } from './capi-outbox.repo.js';

// The Conversions API end to end: conversions tracked through ingestion, sent by the sync engine to the Graph
// sandbox, answered, logged; and the predicted-value event of a live session reaching readiness 80.

const UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

let meta: MetaSandbox;
let t: TestApp;
const logLines: string[] = [];
let owner: Awaited<ReturnType<typeof signUp>>;
let trackingId: string;
let integrationId: string;

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(owner.token), 'x-business-id': owner.businessId },
    ...(payload ? { payload } : {}),
  });
const ingest = (batch: object, ip = '203.0.113.9') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/tracking/batch-events',
    remoteAddress: ip,
    headers: { 'content-type': 'text/plain', origin: 'https://shop.example', 'user-agent': UA },
    payload: JSON.stringify(batch),
  });
/** Waits for scoring and for the Conversions API's recordings of what was ingested. */
const settle = async () => {
  await t.scorer.drain();
  await t.conversionsApi.idle();
};
/** What the minute job does, and waits for the send to end. */
const send = async () => {
  await settle();
  await t.conversionsApi.sendDue();
  await t.syncRunner.drain();
};
const received = () => meta.state.pixelEvents(meta.pixelId);
const receivedById = (id: string) => received().filter((r) => r.event.event_id === id);
const eventPosts = () => meta.state.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/events')).length;
const settings = (body: object) => api('PATCH', `/integrations/${integrationId}/conversions-api/settings`, body);

beforeAll(async () => {
  meta = await startMetaSandbox({ seed: 21 });
  t = await createTestApp(
    { META_GRAPH_URL: meta.url, LOG_LEVEL: 'debug' },
    { logStream: { write: (line) => void logLines.push(line) } },
  );
  owner = await signUp(t);
  trackingId = await setUpTracking(t, owner.token);
  const saved = await api('POST', '/integrations/facebook-conversions/save', {
    accessToken: meta.accessToken,
    pixelId: meta.pixelId,
  });
  expect(saved.statusCode).toBe(201);
  integrationId = saved.json().integration.id;
  // Sessions scored on their own could cross 80 during these tests: predicted events wait for their own test.
  expect((await settings({ predicted_value_events: false })).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await meta?.close();
});

describe('sending tracked conversions', () => {
  const buyer = crypto.randomUUID();
  const buyerSession = crypto.randomUUID();
  let purchaseId: string;
  let signupId: string;
  let unpricedId: string;

  beforeAll(async () => {
    // The buyer paid through Stripe Checkout with the visitor id as client_reference_id.
    const [stripe] = await t.database.db
      .insert(integrations)
      .values({
        businessId: owner.businessId,
        provider: 'stripe',
        name: 'Stripe',
        status: 'connected',
        credentials: 'sealed',
        credentialHints: {},
      })
      .returning();
    await t.database.db.insert(stripeCustomers).values({
      businessId: owner.businessId,
      integrationId: stripe!.id,
      vendorId: 'cus_1',
      createdAt: new Date(),
      email: 'other@example.com',
      phone: '+44 (20) 7946-0958',
    });
    await t.database.db.insert(stripeCharges).values({
      businessId: owner.businessId,
      integrationId: stripe!.id,
      vendorId: 'ch_1',
      createdAt: new Date(),
      amount: 13_900,
      amountRefunded: 0,
      currency: 'usd',
      status: 'succeeded',
      paid: true,
      customerId: 'cus_1',
      billingEmail: ' Buyer@Example.COM ',
      metadata: { client_reference_id: buyer },
    });

    const landing = wireBatch(
      trackingId,
      [
        { type: 'page_view', url: 'https://shop.example/boots?fbclid=IwAR-Case_Sensitive-42' },
        {
          type: 'conversion',
          url: 'https://shop.example/thanks',
          data: { name: 'purchase', value: 139, currency: 'usd' },
        },
      ],
      { session: buyerSession, visitor: buyer },
      { fbclid: 'IwAR-Case_Sensitive-42' },
    );
    purchaseId = landing.events[1]!.id;
    const signup = wireBatch(trackingId, [
      { type: 'page_view', url: 'https://shop.example/' },
      { type: 'conversion', url: 'https://shop.example/welcome', data: { name: 'signup' } },
    ]);
    signupId = signup.events[1]!.id;
    const unpriced = wireBatch(trackingId, [
      { type: 'conversion', url: 'https://shop.example/thanks', data: { name: 'purchase' } },
    ]);
    unpricedId = unpriced.events[0]!.id;
    for (const batch of [landing, signup, unpriced]) expect((await ingest(batch)).statusCode).toBe(200);
    await send();
  });

  it('sends each with its event id, the visitor’s address and agent, fbc from the fbclid, and hashed contact', async () => {
    const [purchase] = receivedById(purchaseId);
    const [session] = await t.database.db
      .select({ startedAt: trackingSessions.startedAt })
      .from(trackingSessions)
      .where(eq(trackingSessions.id, buyerSession));
    const [stored] = await t.database.db
      .select({ at: trackingEvents.occurredAt })
      .from(trackingEvents)
      .where(eq(trackingEvents.id, purchaseId));
    expect(purchase!.event).toEqual({
      event_name: 'Purchase',
      event_time: Math.floor(stored!.at.getTime() / 1000),
      event_id: purchaseId,
      action_source: 'website',
      event_source_url: 'https://shop.example/thanks',
      user_data: {
        client_user_agent: UA,
        client_ip_address: '203.0.113.9',
        fbc: `fb.1.${session!.startedAt.getTime()}.IwAR-Case_Sensitive-42`,
        // The payment's billing e-mail (over the customer's), and the customer's phone with its country code.
        em: [sha('buyer@example.com')],
        ph: [sha('442079460958')],
      },
      custom_data: { value: 139, currency: 'USD' },
    });
    const [signup] = receivedById(signupId);
    expect(signup!.event).toMatchObject({
      event_name: 'CompleteRegistration',
      event_source_url: 'https://shop.example/welcome',
    });
    expect(signup!.event.user_data).toEqual({ client_user_agent: UA, client_ip_address: '203.0.113.9' });
    expect(signup!.event.custom_data).toBeUndefined();
    expect(receivedById(unpricedId)).toEqual([]);
  });

  it("logs each send with Meta's answer, and why one was not sent", async () => {
    const res = await api('GET', `/integrations/${integrationId}/conversions-api/events`);
    expect(res.statusCode).toBe(200);
    const events = res.json().events as { event_id: string }[];
    const byId = (id: string) => events.find((e) => e.event_id === id);
    expect(byId(purchaseId)).toMatchObject({
      event_name: 'Purchase',
      kind: 'conversion',
      status: 'sent',
      attempts: 1,
      value: 139,
      currency: 'USD',
      match_keys: ['client_user_agent', 'client_ip_address', 'fbc', 'em', 'ph'],
      answer: { events_received: 2, fbtrace_id: expect.any(String), messages: [] },
      error: null,
    });
    expect(byId(unpricedId)).toMatchObject({ status: 'skipped', error: expect.stringContaining('value and currency') });
    expect(res.json().counts).toMatchObject({ sent: 2, skipped: 1, pending: 0 });
    // Meta needed the address and the agent; once sent, they are not kept.
    const rows = await t.database.db.select().from(conversionsApiEvents);
    expect(rows.every((r) => r.clientIp === null && r.clientUserAgent === null)).toBe(true);
  });

  it('never sends an event twice: neither on the next send nor when the browser delivers the batch again', async () => {
    const before = eventPosts();
    await send();
    const [again] = await t.database.db
      .select({ id: trackingEvents.id })
      .from(trackingEvents)
      .where(eq(trackingEvents.id, purchaseId));
    expect(again).toBeDefined();
    const replay = wireBatch(trackingId, [], { session: buyerSession, visitor: buyer });
    replay.events = [
      {
        id: purchaseId,
        type: 'conversion',
        ts: Date.now() - 5_000,
        url: 'https://shop.example/thanks',
        data: { name: 'purchase', value: 139, currency: 'usd' },
      },
    ] as typeof replay.events;
    expect((await ingest(replay)).json()).toMatchObject({ duplicates: 1 });
    await send();
    expect(eventPosts()).toBe(before);
    expect(receivedById(purchaseId)).toHaveLength(1);
  });

  it('posts at most 1,000 events a request, each event once', async () => {
    const first = meta.state.pixelRequests.length;
    const firstCall = meta.state.requests.length;
    const at = new Date(Date.now() - 60_000);
    const ids = Array.from({ length: 2_500 }, () => crypto.randomUUID());
    for (let i = 0; i < ids.length; i += 500) {
      await recordEvents(
        t.database.db,
        ids.slice(i, i + 500).map((eventId) => ({
          integrationId,
          businessId: owner.businessId,
          eventId,
          kind: 'conversion' as const,
          eventName: 'Lead',
          eventTime: at,
          eventSourceUrl: 'https://shop.example/contact',
          clientIp: '203.0.113.10',
          clientUserAgent: UA,
        })),
      );
    }
    await send();
    expect(meta.state.pixelRequests.slice(first).map((r) => r.events)).toEqual([1000, 1000, 500]);
    // Not one request was refused (Meta refuses more than 1,000 events as a whole).
    const posts = meta.state.requests.slice(firstCall).filter((r) => r.path.endsWith('/events'));
    expect(posts.map((r) => r.status)).toEqual([200, 200, 200]);
    const sent = new Set(received().map((r) => r.event.event_id));
    expect(ids.every((id) => sent.has(id))).toBe(true);
    expect(received().length).toBe(new Set(received().map((r) => r.event.event_id)).size);
  });

  it('gives up an event past Meta’s 7 days instead of sending it, and forgets its address and agent', async () => {
    const eventId = crypto.randomUUID();
    await recordEvents(t.database.db, [
      {
        integrationId,
        businessId: owner.businessId,
        eventId,
        kind: 'conversion',
        eventName: 'Lead',
        eventTime: new Date(Date.now() - 8 * 86_400_000),
        eventSourceUrl: 'https://shop.example/contact',
        clientIp: '203.0.113.11',
        clientUserAgent: UA,
      },
    ]);
    const before = eventPosts();
    await send();
    expect(eventPosts()).toBe(before);
    const [row] = await t.database.db
      .select()
      .from(conversionsApiEvents)
      .where(eq(conversionsApiEvents.eventId, eventId));
    expect(row).toMatchObject({
      status: 'skipped',
      clientIp: null,
      clientUserAgent: null,
      error: expect.stringContaining('7 days'),
    });
  });

  it('sends with the Test Events code while one is set', async () => {
    expect((await settings({ test_event_code: 'TEST4242' })).statusCode).toBe(200);
    const batch = wireBatch(trackingId, [
      {
        type: 'conversion',
        url: 'https://shop.example/thanks',
        data: { name: 'purchase', value: 101, currency: 'USD' },
      },
    ]);
    await ingest(batch);
    await send();
    expect(meta.state.pixelRequests.at(-1)).toMatchObject({ events: 1, testEventCode: 'TEST4242' });
    expect(receivedById(batch.events[0]!.id)[0]).toMatchObject({ testEventCode: 'TEST4242' });
    const log = await api('GET', `/integrations/${integrationId}/conversions-api/events?limit=1`);
    expect(log.json().events[0]).toMatchObject({ event_id: batch.events[0]!.id, test_event_code: 'TEST4242' });
    await settings({ test_event_code: null });
  });

  it('retries when Meta fails for a moment, and still sends once', async () => {
    meta.inject({ kind: 'server_error', times: 1, path: /\/events$/ });
    const batch = wireBatch(trackingId, [
      {
        type: 'conversion',
        url: 'https://shop.example/thanks',
        data: { name: 'purchase', value: 160, currency: 'USD' },
      },
    ]);
    await ingest(batch);
    const before = eventPosts();
    await send();
    expect(eventPosts()).toBe(before + 2);
    expect(receivedById(batch.events[0]!.id)).toHaveLength(1);
    const [row] = await t.database.db
      .select()
      .from(conversionsApiEvents)
      .where(eq(conversionsApiEvents.eventId, batch.events[0]!.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('predicted-value events', () => {
  /** A live session of its own, scored; its conversion probability then set as the model would. */
  async function liveSession(ip: string, probability: number) {
    const batch = wireBatch(trackingId, [{ type: 'page_view', url: 'https://shop.example/boots' }]);
    await ingest(batch, ip);
    await settle();
    await t.database.db
      .update(sessionIntelligence)
      .set({ conversionProbability: probability })
      .where(
        and(eq(sessionIntelligence.businessId, owner.businessId), eq(sessionIntelligence.sessionId, batch.session_id)),
      );
    return batch.session_id;
  }
  const score = (sessionId: string, readiness: number, lastEventMs = Date.now()) =>
    t.hub.publish(owner.businessId, {
      session_id: sessionId,
      readiness_score: readiness,
      events_count: 1,
      last_event_ms: lastEventMs,
      scored_ms: Date.now(),
    });

  it('sends PredictedBuyer once when a live session first reaches 80: probability × average order value', async () => {
    await settings({ predicted_value_events: true });
    const session = await liveSession('198.51.100.4', 0.62);
    score(session, 79.9);
    score(session, 85);
    score(session, 91);
    score(session, 85);
    await send();
    const sent = receivedById(`predicted-${session}`);
    expect(sent).toHaveLength(1);
    const log = await api('GET', `/integrations/${integrationId}/conversions-api/events`);
    const aov = log.json().average_order_value;
    // Three tracked purchases with a value (139, 101 and 160 USD); one Stripe charge is too few to go by.
    expect(aov).toMatchObject({ source: 'tracked_conversions', currency: 'USD', value: 133.33 });
    expect(sent[0]!.event).toMatchObject({
      event_name: 'PredictedBuyer',
      action_source: 'website',
      event_source_url: 'https://shop.example/boots',
      user_data: { client_ip_address: '198.51.100.4', client_user_agent: UA },
      custom_data: {
        value: Math.round(0.62 * 133.33 * 100) / 100,
        currency: 'USD',
        predicted_conversion_probability: 0.62,
        readiness_score: 85,
      },
    });
    const row = log.json().events.find((e: { event_id: string }) => e.event_id === `predicted-${session}`);
    expect(row).toMatchObject({
      kind: 'predicted_value',
      status: 'sent',
      note: expect.stringContaining('× average order value 133.33 USD'),
    });
  });

  it('sends nothing below 80, for a session no longer live, or while switched off', async () => {
    const quiet = await liveSession('198.51.100.5', 0.3);
    score(quiet, 60);
    const stale = await liveSession('198.51.100.6', 0.7);
    score(stale, 88, Date.now() - 2 * 3_600_000);
    await settings({ predicted_value_events: false });
    const off = await liveSession('198.51.100.7', 0.8);
    score(off, 95);
    await send();
    for (const s of [quiet, stale, off]) expect(receivedById(`predicted-${s}`)).toEqual([]);
    const rows = await t.database.db
      .select()
      .from(conversionsApiEvents)
      .where(eq(conversionsApiEvents.kind, 'predicted_value'));
    expect(rows).toHaveLength(1);
  });
});

describe('a token Meta no longer accepts', () => {
  it('stops the integration with the reconnect message, without retrying, and sends once reconnected', async () => {
    meta.inject({ kind: 'expired_token', times: 1, path: /\/events$/ });
    const batch = wireBatch(trackingId, [
      { type: 'conversion', url: 'https://shop.example/welcome', data: { name: 'lead' } },
    ]);
    await ingest(batch);
    const before = eventPosts();
    await send();
    const [integration] = await t.database.db.select().from(integrations).where(eq(integrations.id, integrationId));
    expect(integration).toMatchObject({
      status: 'error',
      error: expect.stringMatching(
        /^Meta Conversions API refused the stored credentials \(.*Session has expired.*\)\. Reconnect Meta Conversions API/,
      ),
    });
    // The minute job leaves an integration in error alone: no retry storm.
    await send();
    await send();
    expect(eventPosts()).toBe(before + 1);
    const [waiting] = await t.database.db
      .select()
      .from(conversionsApiEvents)
      .where(eq(conversionsApiEvents.eventId, batch.events[0]!.id));
    expect(waiting).toMatchObject({ status: 'pending', error: expect.stringContaining('Waiting to send') });

    const again = await api('POST', '/integrations/facebook-conversions/save', {
      accessToken: meta.accessToken,
      pixelId: meta.pixelId,
    });
    expect(again.json().integration).toMatchObject({ status: 'connected', error: null });
    await send();
    expect(receivedById(batch.events[0]!.id)).toHaveLength(1);
  });

  it('never writes the token to the log or to the outbox', async () => {
    expect(logLines.some((l) => l.includes('vendor call') && l.includes('/events'))).toBe(true);
    const secret = meta.accessToken.slice(10, 40);
    for (const line of logLines) expect(line).not.toContain(secret);
    const { rows } = await t.database.executeSql(
      'SELECT row_to_json(e)::text AS json FROM conversions_api_events e UNION ALL SELECT row_to_json(r)::text FROM integration_sync_runs r',
      [],
    );
    for (const row of rows) expect(String(row.json)).not.toContain(secret);
  });
});
