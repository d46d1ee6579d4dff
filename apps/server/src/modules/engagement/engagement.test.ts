import { ON_SITE_DELIVERY_NOT_SET_UP } from '@ri/contracts';
import { describe, expect, it } from 'vitest';
import { useOwnerApp } from '../../test/visits.js';

const app = useOwnerApp();

describe('engage and take action', () => {
  it('records an action with its status and history, and lists it', async () => {
    const session = crypto.randomUUID();
    await app.ingest(app.visit(session, crypto.randomUUID()));
    const res = await app.post('/engagement/actions', {
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
    const listed = (await app.get(`/engagement/actions?session_id=${session}`)).json().actions;
    expect(listed.map((a: { id: string }) => a.id)).toEqual([action.id]);
  });

  it('names the missing field', async () => {
    const res = await app.post('/engagement/actions', { kind: 'engage', title: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('session_id is required to engage a visitor');
    const insight = await app.post('/engagement/actions', { kind: 'take_action', title: '', insight_id: 'a' });
    expect(insight.statusCode).toBe(400);
    expect(insight.body).toContain('title is required');
  });
});
