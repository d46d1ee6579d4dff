import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionIntelligence } from '../../db/schema.js';
import { bearer, postBatch } from '../../test/harness.js';
import { useOwnerApp } from '../../test/visits.js';
import { MAX_STREAMS_PER_USER } from './live.routes.js';

const app = useOwnerApp();

describe('live sessions', () => {
  const session = crypto.randomUUID();
  beforeAll(() => app.ingest(app.visit(session, crypto.randomUUID())));

  it('lists the session on the Conversion Spy Engine with score, profile and key signals', async () => {
    const res = await app.get('/analytics/digital-body-language-sessions?time_filter=1h&limit=50');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const row = body.sessions.find((s: { session_id: string }) => s.session_id === session);
    expect(row).toBeDefined();
    expect(row.readiness_score).toBeTypeOf('number');
    expect(row.behavioral_signals.scroll_velocity).toBe(900);
    expect(row.end_time).toBeUndefined();
    expect(row.source).toBe('direct');
    expect(body.summary.sessions).toBeGreaterThanOrEqual(1);
    expect(body.summary.scored_sessions).toBeGreaterThanOrEqual(1);
    expect(body.summary.avg_readiness_score).toBeTypeOf('number');
  });

  it('answers readiness scores of a range with the band distribution', async () => {
    const body = (await app.get('/analytics/readiness-scores?time_range=24h')).json();
    expect(body.scored_sessions).toBeGreaterThanOrEqual(1);
    const { ready, warming, early } = body.distribution;
    expect(ready + warming + early).toBe(body.scored_sessions);
  });
});

describe('live push', () => {
  it("pushes a scored change of a session to the business's open stream", async () => {
    await app.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.t.app.server.address() as AddressInfo;
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/analytics/live-sessions/stream`, {
      headers: bearer(app.owner.token),
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const session = crypto.randomUUID();
    const received = (async () => {
      let text = '';
      const decoder = new TextDecoder();
      while (!text.includes(session)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
      return text;
    })();
    await postBatch(app.t, app.visit(session, crypto.randomUUID())[0]);
    const text = await received;
    controller.abort();
    const line = text.split('\n').find((l) => l.startsWith('data: ') && l.includes(session))!;
    const event = JSON.parse(line.slice(6));
    expect(event).toEqual(expect.objectContaining({ session_id: session, events_count: 4 }));
    expect(event.readiness_score).toBeTypeOf('number');
  });
});

describe('live stream limits', () => {
  it(`lets one person hold ${MAX_STREAMS_PER_USER} streams at once, and another after one closes`, async () => {
    if (!app.t.app.server.listening) await app.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.t.app.server.address() as AddressInfo;
    const open = () => {
      const controller = new AbortController();
      const response = fetch(`http://127.0.0.1:${port}/api/v1/analytics/live-sessions/stream`, {
        headers: bearer(app.owner.token),
        signal: controller.signal,
      });
      return { controller, response };
    };
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      const s = open();
      expect((await s.response).status).toBe(200);
      streams.push(s);
    }
    const refused = await open().response;
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('live streams open');
    streams.pop()!.controller.abort();
    await new Promise((r) => setTimeout(r, 100));
    const again = open();
    expect((await again.response).status).toBe(200);
    again.controller.abort();
    for (const s of streams) s.controller.abort();
  });
});

describe('readiness bands', () => {
  it('count a session in the band its shown score says (79.96 shows as 80.0: Ready to Convert)', async () => {
    const session = crypto.randomUUID();
    await app.ingest(app.visit(session, crypto.randomUUID()));
    const before = (await app.get('/analytics/readiness-scores?time_range=1h')).json();
    await app.t.database.db
      .update(sessionIntelligence)
      .set({ readinessScore: 79.96 })
      .where(eq(sessionIntelligence.sessionId, session));
    const scores = (await app.get('/analytics/readiness-scores?time_range=1h')).json();
    const shown = scores.scores.find((s: { session_id: string }) => s.session_id === session);
    expect(shown).toMatchObject({ readiness_score: 80, band: 'Ready to Convert' });
    const oldBand = before.scores.find((s: { session_id: string }) => s.session_id === session).band as string;
    const key = { 'Ready to Convert': 'ready', 'Warming Up': 'warming', 'Early Stage': 'early' }[oldBand]!;
    const expected = { ...before.distribution, [key]: before.distribution[key] - 1 };
    expected.ready += 1;
    expect(scores.distribution).toEqual(expected);
    const live = (await app.get('/analytics/digital-body-language-sessions?time_filter=1h&limit=50')).json();
    expect(live.summary.high_intent_users).toBe(scores.distribution.ready);
  });
});

describe('profile confidence', () => {
  it('is the same on the Conversion Spy list as on the session profile (0.8449 is 84 %, not 85 % on one of them)', async () => {
    const session = crypto.randomUUID();
    await app.ingest(app.visit(session, crypto.randomUUID()));
    await app.t.database.db
      .update(sessionIntelligence)
      .set({ neuromindProfile: 'Proof-Driven', profileConfidence: 0.8449 })
      .where(eq(sessionIntelligence.sessionId, session));
    const live = (await app.get('/analytics/digital-body-language-sessions?time_filter=1h&limit=50')).json();
    const listed = live.sessions.find((s: { session_id: string }) => s.session_id === session);
    const profile = (await app.get(`/tracking/sessions/${session}/neuromind-profile`)).json();
    expect(listed.profile_confidence).toBe(profile.confidence);
    expect(Math.round(listed.profile_confidence * 100)).toBe(84);
  });
});
