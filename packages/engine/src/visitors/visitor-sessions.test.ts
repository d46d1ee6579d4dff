import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { click, derived, ev, MIN, o, pageView, SEC, T0, UUID } from './visitor-sessions.fixture.js';
import { assignSessions, type SessionSlice, uuidFrom, type VisitorState } from './visitor-sessions.js';

// Sessions decided on the server from one visitor's events, as the SDK used to in the browser, and the
// landing facts each new session takes from its own events. The derived events: visitor-derivations.test.ts.

describe('uuidFrom', () => {
  it('gives the same v5-layout UUID for the same name and another for another name', () => {
    expect(uuidFrom('a')).toMatch(UUID);
    expect(uuidFrom('a')).toBe(uuidFrom('a'));
    expect(uuidFrom('a')).not.toBe(uuidFrom('b'));
  });

  it('gives the ids stored before, when node:crypto hashed the name', () => {
    const namespace = Buffer.from('3f1d9c6e8a2b4e7f9d0c5b6a7e8f1a2b', 'hex');
    const before = (name: string) => {
      const h = createHash('sha1').update(namespace).update(name, 'utf8').digest();
      h[6] = (h[6]! & 0x0f) | 0x50;
      h[8] = (h[8]! & 0x3f) | 0x80;
      const x = h.toString('hex', 0, 16);
      return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
    };
    expect(uuidFrom('session|biz-1|vis-1|e-1')).toBe(before('session|biz-1|vis-1|e-1'));
    // Any UTF-16, lone surrogates included (both encoders write them as U+FFFD), short and long names.
    const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
    const name = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.string({ unit: codeUnit, maxLength: 300 }),
    );
    fc.assert(
      fc.property(name, (n) => {
        expect(uuidFrom(n)).toBe(before(n));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('session assignment', () => {
  it('keeps events 10 minutes apart in one new session', () => {
    const events = [pageView(0, '/'), ev('custom', 10 * MIN), pageView(20 * MIN, '/pricing')];
    const { slices, state } = assignSessions(null, events, o);
    expect(slices).toHaveLength(1);
    expect(slices[0]!.started).toBe(true);
    expect(slices[0]!.sessionId).toBe(uuidFrom(`session|biz-1|vis-1|${events[0]!.id}`));
    expect(slices[0]!.events.map((e) => e.id)).toEqual(events.map((e) => e.id));
    expect(state.s).toMatchObject({ id: slices[0]!.sessionId, f: T0, l: T0 + 20 * MIN });
  });

  it('starts a second session after a 31-minute gap', () => {
    const { slices, state } = assignSessions(null, [pageView(0, '/'), pageView(31 * MIN, '/')], o);
    expect(slices).toHaveLength(2);
    expect(slices.map((s) => s.started)).toEqual([true, true]);
    expect(slices[1]!.sessionId).not.toBe(slices[0]!.sessionId);
    expect(state.s?.id).toBe(slices[1]!.sessionId);
  });

  it('follows the site timeout', () => {
    const { slices } = assignSessions(null, [pageView(0, '/'), pageView(6 * MIN, '/')], { ...o, timeoutMs: 5 * MIN });
    expect(slices).toHaveLength(2);
  });

  it('keeps the session across calls with the state carried, not started again', () => {
    const first = assignSessions(null, [pageView(0, '/?utm_source=news')], o);
    const second = assignSessions(first.state, [pageView(25 * MIN, '/?utm_source=other')], o);
    expect(second.slices).toHaveLength(1);
    expect(second.slices[0]).toMatchObject({ sessionId: first.slices[0]!.sessionId, started: false, landing: {} });
    // The timeout counts from the last event, not the first.
    const third = assignSessions(second.state, [ev('custom', 50 * MIN)], o);
    expect(third.slices[0]!.sessionId).toBe(first.slices[0]!.sessionId);
  });

  it('gives the same ids to the same input (a retry or replay)', () => {
    const events = [
      pageView(0, '/'),
      click(1000, 10, 10),
      click(1200, 12, 10),
      click(1400, 10, 14),
      pageView(40 * MIN, '/'),
    ];
    const a = assignSessions(null, events, o);
    const b = assignSessions(null, events, o);
    expect(b.slices.map((s) => s.sessionId)).toEqual(a.slices.map((s) => s.sessionId));
    expect(derived(b.slices).map((e) => e.id)).toEqual(derived(a.slices).map((e) => e.id));
    expect(derived(a.slices)).toHaveLength(1);
  });

  it('orders events by server time, whatever order they arrive in', () => {
    const a = pageView(0, '/');
    const b = ev('custom', 5 * SEC);
    const c = ev('custom', 10 * SEC);
    const { slices } = assignSessions(null, [c, a, b], o);
    expect(slices[0]!.events.map((e) => e.id)).toEqual([a.id, b.id, c.id]);
    expect(slices[0]!.sessionId).toBe(uuidFrom(`session|biz-1|vis-1|${a.id}`));
  });

  it('puts events from well before the session into a separate session and leaves the state alone', () => {
    const { state } = assignSessions(null, [pageView(0, '/')], o);
    const before = structuredClone(state);
    const old1 = pageView(-2 * 60 * MIN, '/old', { url: 'https://shop.example/old?utm_source=mail' });
    const old2 = ev('cta_hover', -2 * 60 * MIN + 5 * SEC, { dur: 2500, clicked: false }, { el: 'a.cta' });
    const now = ev('custom', 5 * MIN);
    const result = assignSessions(state, [now, old2, old1], o);
    expect(state).toEqual(before);
    expect(result.slices).toHaveLength(2);
    const [late, current] = result.slices as [SessionSlice, SessionSlice];
    expect(late).toMatchObject({
      sessionId: uuidFrom(`late|biz-1|vis-1|${old1.id}`),
      started: true,
      landing: { utm_source: 'mail' },
    });
    expect(late.events.map((e) => e.id)).toEqual([old1.id, old2.id]);
    // Only the stateless derivations: the hover becomes a hesitation, the page view gets no revisit flag.
    expect(late.derived.map((e) => e.data?.kind)).toEqual(['hover_no_click']);
    expect(late.events[0]!.data).not.toHaveProperty('revisit');
    expect(current).toMatchObject({ sessionId: state.s!.id, started: false });
    expect(result.state.s).toMatchObject({ id: state.s!.id, f: T0, l: T0 + 5 * MIN, p: ['/'] });
  });

  it('splits late events with a timeout between them into separate late sessions', () => {
    const { state } = assignSessions(null, [pageView(0, '/')], o);
    const result = assignSessions(state, [ev('custom', -5 * 60 * MIN), ev('custom', -3 * 60 * MIN)], o);
    expect(result.slices).toHaveLength(2);
    expect(result.slices.every((s) => s.started)).toBe(true);
    expect(result.state).toEqual(state);
  });

  it('extends the session back to an earlier event within the timeout', () => {
    const { state } = assignSessions(null, [pageView(0, '/')], o);
    const result = assignSessions(state, [ev('custom', -20 * MIN)], o);
    expect(result.slices[0]).toMatchObject({ sessionId: state.s!.id, started: false });
    expect(result.state.s).toMatchObject({ f: T0 - 20 * MIN, l: T0 });
  });

  it('reads a state that went through JSON as the same state', () => {
    const first = assignSessions(
      null,
      [pageView(0, '/'), ev('form_interaction', 1000, { action: 'focus' }), click(2000, 5, 5), click(2300, 5, 5)],
      o,
    );
    const later = [click(2600, 6, 6, { el: undefined }), ev('page_hide', 3000), pageView(4000, '/')];
    const direct = assignSessions(first.state, later, o);
    const viaJson = assignSessions(JSON.parse(JSON.stringify(first.state)) as VisitorState, later, o);
    expect(viaJson).toEqual(direct);
    expect(derived(viaJson.slices, 'rage_click')).toHaveLength(1);
  });

  it('starts afresh from a state of another version', () => {
    const { slices } = assignSessions({ v: 9 } as unknown as VisitorState, [pageView(0, '/')], o);
    expect(slices[0]!.started).toBe(true);
  });
});

describe('landing', () => {
  it('takes the referrer from the first page view and campaign parameters from the first URL', () => {
    const events = [
      ev('custom', 0, { a: 1 }, { url: undefined }),
      ev(
        'viewport',
        500,
        { dur: 1, ratio: 1 },
        { url: 'https://shop.example/?utm_source=news&utm_medium=&gclid=g1&fbclid=f1' },
      ),
      pageView(1000, '/', { url: 'https://shop.example/?utm_source=other' }, { ref: 'https://news.example/post' }),
      pageView(2000, '/b', {}, { ref: 'https://elsewhere.example/' }),
    ];
    const { slices } = assignSessions(null, events, o);
    expect(slices[0]!.landing).toEqual({
      referrer: 'https://news.example/post',
      utm_source: 'news',
      gclid: 'g1',
      fbclid: 'f1',
    });
  });

  it('has no referrer when the first page view has none, and cuts long values', () => {
    const long = 'x'.repeat(300);
    const events = [
      pageView(0, '/', { url: `https://shop.example/?utm_campaign=${long}` }),
      pageView(1000, '/b', {}, { ref: 'https://r.example/' }),
    ];
    const { slices } = assignSessions(null, events, o);
    expect(slices[0]!.landing).toEqual({ utm_campaign: 'x'.repeat(256) });
  });

  it('stores what PostgreSQL can store: no NUL, no half of an emoji', () => {
    const value = `${'a'.repeat(255)}😀`;
    const url = `https://shop.example/?utm_term=%00&utm_content=${encodeURIComponent(value)}`;
    const { slices } = assignSessions(null, [pageView(0, '/', { url })], o);
    expect(slices[0]!.landing).toEqual({ utm_term: '\uFFFD', utm_content: `${'a'.repeat(255)}\uFFFD` });
  });

  it('finds nothing in a URL it cannot parse', () => {
    const { slices } = assignSessions(null, [pageView(0, '/', { url: 'not a url?utm_source=x' })], o);
    expect(slices[0]!.landing).toEqual({});
  });
});
