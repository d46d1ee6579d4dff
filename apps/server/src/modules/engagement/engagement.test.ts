import { ON_SITE_DELIVERY_NOT_SET_UP } from '@ri/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, setUpTracking, signUp, type TestApp } from '../../test/harness.js';
import { ingestAndScore, pricingVisit } from '../../test/visits.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let trackingId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  trackingId = await setUpTracking(t, owner.token);
});
afterAll(() => t.close());

const get = (url: string, token = owner.token) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });
const post = (url: string, payload?: object, token = owner.token) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: bearer(token), payload });

describe('engage and take action', () => {
  it('records an action with its status and history, and lists it', async () => {
    const session = crypto.randomUUID();
    await ingestAndScore(t, pricingVisit(trackingId, session, crypto.randomUUID()));
    const res = await post('/engagement/actions', {
      kind: 'engage',
      session_id: session,
      title: 'Offer a guarantee reminder',
      action_items: ['Show the 30-day guarantee'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const action = res.json();
    expect(action.status).toBe('recorded');
    expect(action.status_detail).toBe(ON_SITE_DELIVERY_NOT_SET_UP);
    expect(action.history).toEqual([
      { status: 'recorded', at: action.created_at, detail: ON_SITE_DELIVERY_NOT_SET_UP },
    ]);
    const listed = (await get(`/engagement/actions?session_id=${session}`)).json().actions;
    expect(listed.map((a: { id: string }) => a.id)).toEqual([action.id]);
  });

  it('names the missing field', async () => {
    const res = await post('/engagement/actions', { kind: 'engage', title: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('session_id is required to engage a visitor');
    const insight = await post('/engagement/actions', { kind: 'take_action', title: '', insight_id: 'a' });
    expect(insight.statusCode).toBe(400);
    expect(insight.body).toContain('title is required');
  });
});
