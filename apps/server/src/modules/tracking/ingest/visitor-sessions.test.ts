import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ParsedEvent } from './parse-batch.js';
import {
  assignSessions,
  type DeriveOptions,
  type SessionSlice,
  uuidFrom,
  type VisitorState,
} from './visitor-sessions.js';

// Sessions and derived events decided on the server from one visitor's events, as the SDK used to in the
// browser: what a site owner sees in sessions, rage clicks, hesitations, revisits and conversions.

const T0 = 1_700_000_000_000;
const SEC = 1000;
const MIN = 60 * SEC;
const URL_A = 'https://shop.example/pricing';
const o: DeriveOptions = {
  businessId: 'biz-1',
  visitorId: 'vis-1',
  timeoutMs: 30 * MIN,
  hesitations: true,
  autoConversions: true,
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** An event `at` ms after T0 on the server clock (the client clock agrees). */
function ev(
  type: ParsedEvent['type'],
  at: number,
  data?: Record<string, unknown>,
  extra: Partial<ParsedEvent> = {},
): ParsedEvent {
  return {
    id: randomUUID(),
    type,
    ts: T0 + at,
    occurredAt: new Date(T0 + at),
    url: URL_A,
    title: 'Pricing',
    data,
    dataJson: data ? JSON.stringify(data) : null,
    ...extra,
  };
}
const click = (at: number, x: number, y: number, extra: Partial<ParsedEvent> = {}) =>
  ev('click', at, { x, y }, { el: 'button#buy', ...extra });
const pageView = (at: number, path: string, extra: Partial<ParsedEvent> = {}, data: Record<string, unknown> = {}) =>
  ev('page_view', at, { path, ...data }, extra);
const scroll = (at: number, dirChanges: number, extra: Partial<ParsedEvent> = {}) =>
  ev('scroll', at, { depth: 50, velocity: 300, dir_changes: dirChanges }, extra);

const derived = (slices: SessionSlice[], type?: string, kind?: string) =>
  slices.flatMap((s) => s.derived).filter((e) => (!type || e.type === type) && (!kind || e.data?.kind === kind));
const revisits = (slice: SessionSlice) =>
  slice.events.filter((e) => e.type === 'page_view').map((e) => e.data?.revisit);

describe('uuidFrom', () => {
  it('gives the same v5-layout UUID for the same name and another for another name', () => {
    expect(uuidFrom('a')).toMatch(UUID);
    expect(uuidFrom('a')).toBe(uuidFrom('a'));
    expect(uuidFrom('a')).not.toBe(uuidFrom('b'));
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

describe('revisit', () => {
  it('marks the second view of a path in a session', () => {
    const { slices } = assignSessions(null, [pageView(0, '/a'), pageView(1000, '/b'), pageView(2000, '/a')], o);
    expect(revisits(slices[0]!)).toEqual([false, false, true]);
    expect(slices[0]!.events[2]!.dataJson).toBe(JSON.stringify({ path: '/a', spa: true, revisit: true }));
  });

  it("reads a page view without `spa` as a route change unless it carries the page load's `ref`", () => {
    const spa = (data: Record<string, unknown>) =>
      assignSessions(null, [ev('page_view', 0, { path: '/', ...data })], o).slices[0]!.events[0]!.data!.spa;
    expect([spa({ ref: 'https://a.example/' }), spa({ ref: '' }), spa({}), spa({ spa: false })]).toEqual([
      false,
      false,
      true,
      false,
    ]);
  });

  it('remembers paths across calls and forgets them in a new session', () => {
    const first = assignSessions(null, [pageView(0, '/a')], o);
    const second = assignSessions(
      first.state,
      [pageView(MIN, '/a'), pageView(40 * MIN, '/a'), pageView(41 * MIN, '/a')],
      o,
    );
    expect(second.slices.map(revisits)).toEqual([[true], [false, true]]);
  });

  it('gives a page view without a path revisit false and remembers nothing', () => {
    const { slices, state } = assignSessions(null, [ev('page_view', 0), ev('page_view', 1000, { path: 3 })], o);
    expect(revisits(slices[0]!)).toEqual([false, false]);
    expect(state.s!.p).toEqual([]);
  });

  it('overrides a revisit flag the SDK sent', () => {
    const { slices } = assignSessions(null, [pageView(0, '/a', {}, { revisit: true })], o);
    expect(revisits(slices[0]!)).toEqual([false]);
  });
});

describe('rage clicks', () => {
  it('derives one rage click of 3 when the page is hidden after 3 quick clicks in one place', () => {
    const clicks = [click(0, 100, 100), click(300, 110, 105), click(600, 95, 100)];
    const hide = ev('page_hide', 700, { active_ms: 1000, total_ms: 1000, depth: 10 });
    const { slices } = assignSessions(null, [...clicks, hide], o);
    const rage = derived(slices, 'rage_click');
    expect(rage).toEqual([
      {
        id: uuidFrom(`rage_click|${clicks[0]!.id}`),
        type: 'rage_click',
        ts: clicks[2]!.ts,
        occurredAt: clicks[2]!.occurredAt,
        url: URL_A,
        title: 'Pricing',
        el: 'button#buy',
        data: { count: 3 },
        dataJson: '{"count":3}',
      },
    ]);
  });

  it('waits while the burst is open, and a click elsewhere closes it', () => {
    const first = assignSessions(null, [click(0, 10, 10), click(200, 10, 10), click(400, 10, 10)], o);
    expect(derived(first.slices)).toEqual([]);
    const second = assignSessions(first.state, [click(500, 500, 500)], o);
    expect(derived(second.slices, 'rage_click').map((e) => e.data)).toEqual([{ count: 3 }]);
    expect(second.slices[0]!.started).toBe(false);
  });

  it('counts a burst that spans two calls', () => {
    const first = assignSessions(null, [click(0, 10, 10), click(200, 10, 10)], o);
    const second = assignSessions(first.state, [click(400, 10, 10), click(600, 10, 10), ev('page_view', 5000)], o);
    expect(derived(second.slices, 'rage_click').map((e) => e.data)).toEqual([{ count: 4 }]);
  });

  it('is closed by any event a second after the last click', () => {
    const { slices } = assignSessions(null, [click(0, 1, 1), click(100, 1, 1), click(200, 1, 1), scroll(1200, 0)], o);
    expect(derived(slices, 'rage_click')).toHaveLength(1);
    const open = assignSessions(null, [click(0, 1, 1), click(100, 1, 1), click(200, 1, 1), scroll(900, 0)], o);
    expect(derived(open.slices, 'rage_click')).toHaveLength(0);
  });

  it('derives nothing from two clicks, clicks 40 px apart or clicks a second apart', () => {
    const cases = [
      [click(0, 0, 0), click(100, 0, 0)],
      [click(0, 0, 0), click(100, 40, 0), click(200, 80, 0)],
      // 20 px steps: the third click is 40 px from the burst's first.
      [click(0, 0, 0), click(100, 20, 0), click(200, 40, 0)],
      [click(0, 0, 0), click(1000, 0, 0), click(2000, 0, 0)],
    ];
    for (const clicks of cases) {
      const { slices } = assignSessions(null, [...clicks, ev('page_hide', 3000)], o);
      expect(derived(slices, 'rage_click')).toEqual([]);
    }
  });

  it('credits a burst left open to the session that ends', () => {
    const first = assignSessions(null, [click(0, 1, 1), click(100, 1, 1), click(200, 1, 1)], o);
    const second = assignSessions(first.state, [pageView(40 * MIN, '/')], o);
    expect(second.slices).toHaveLength(2);
    expect(second.slices[0]).toMatchObject({ sessionId: first.state.s!.id, started: false, events: [] });
    expect(second.slices[0]!.derived.map((e) => e.type)).toEqual(['rage_click']);
    expect(second.slices[1]!.derived).toEqual([]);
  });
});

describe('hesitations', () => {
  const hover = (dur: number, clicked: boolean) => ev('cta_hover', 0, { dur, clicked }, { el: 'a.cta' });

  it('derives hover_no_click from a hover of 2 s or more without a click', () => {
    const h = hover(2000, false);
    const { slices } = assignSessions(null, [h], o);
    expect(derived(slices)).toEqual([
      {
        id: uuidFrom(`hover_no_click|${h.id}`),
        type: 'hesitation',
        ts: h.ts,
        occurredAt: h.occurredAt,
        url: URL_A,
        title: 'Pricing',
        el: 'a.cta',
        data: { kind: 'hover_no_click', dur: 2000 },
        dataJson: '{"kind":"hover_no_click","dur":2000}',
      },
    ]);
  });

  it('derives none from short or clicked hovers, or when the site has hesitation detection off', () => {
    expect(derived(assignSessions(null, [hover(1999, false)], o).slices)).toEqual([]);
    expect(derived(assignSessions(null, [hover(5000, true)], o).slices)).toEqual([]);
    expect(derived(assignSessions(null, [hover(5000, false)], { ...o, hesitations: false }).slices)).toEqual([]);
  });

  it('derives scroll_back_forth from 3 reversals within 4 s', () => {
    const reports = [scroll(0, 0), scroll(2000, 1), scroll(4000, 4)];
    const { slices } = assignSessions(null, reports, o);
    expect(derived(slices)).toEqual([
      {
        id: uuidFrom(`scroll_back_forth|${reports[2]!.id}|0`),
        type: 'hesitation',
        ts: reports[2]!.ts,
        occurredAt: reports[2]!.occurredAt,
        url: URL_A,
        title: 'Pricing',
        el: undefined,
        data: { kind: 'scroll_back_forth' },
        dataJson: '{"kind":"scroll_back_forth"}',
      },
    ]);
  });

  it('derives one per 3 reversals, across calls', () => {
    const first = assignSessions(null, [scroll(0, 0), scroll(2000, 3)], o);
    const second = assignSessions(first.state, [scroll(4000, 9)], o);
    expect(derived(first.slices)).toHaveLength(1);
    expect(derived(second.slices, 'hesitation', 'scroll_back_forth')).toHaveLength(2);
  });

  it('derives none from reversals spread over more than 4 s, or with detection off', () => {
    const slow = [0, 1, 2, 3, 4, 5].map((c, i) => scroll(i * 2000, c));
    expect(derived(assignSessions(null, slow, o).slices)).toEqual([]);
    const fast = [scroll(0, 0), scroll(2000, 1), scroll(4000, 4)];
    const off = assignSessions(null, fast, { ...o, hesitations: false });
    expect(derived(off.slices)).toEqual([]);
    expect(off.state.s!.sc).toBeUndefined();
  });

  it('counts a new page from zero after its page view', () => {
    // The old page's window has moved on to its report at 4 s (count 2); the new page starts at 0 and
    // reaches 3 within its first report.
    const oldPage = [scroll(0, 0), scroll(2000, 2), scroll(4000, 2), scroll(6000, 2)];
    const newPage = [pageView(6500, '/pricing'), scroll(7000, 3)];
    expect(derived(assignSessions(null, [...oldPage, ...newPage], o).slices)).toHaveLength(1);
    expect(derived(assignSessions(null, [...oldPage, newPage[1]!], o).slices)).toHaveLength(0);
  });

  it("leaves a page's count alone on another page's view", () => {
    const oldPage = [scroll(0, 0), scroll(2000, 2), scroll(4000, 2), scroll(6000, 2)];
    const elsewhere = pageView(6200, '/other', { url: 'https://shop.example/other' });
    // One more reversal since the window's anchor (count 2): no hesitation, as if the other page were not there.
    expect(derived(assignSessions(null, [...oldPage, elsewhere, scroll(7000, 3)], o).slices)).toEqual([]);
  });
});

describe('form focus time', () => {
  it('gives a blur the time since a focus in an earlier call', () => {
    const first = assignSessions(null, [ev('form_interaction', 0, { action: 'focus', field: 'email' })], o);
    const blur = ev('form_interaction', 4200, { action: 'blur', field: 'email' });
    const copy = structuredClone(blur);
    const { slices } = assignSessions(first.state, [blur], o);
    expect(slices[0]!.events[0]).toMatchObject({
      id: blur.id,
      data: { action: 'blur', field: 'email', dur: 4200 },
      dataJson: JSON.stringify({ action: 'blur', field: 'email', dur: 4200 }),
    });
    expect(blur).toEqual(copy);
  });

  it('leaves a blur that has its duration, or has no focus before it, alone', () => {
    const withDur = ev('form_interaction', 1000, { action: 'blur', dur: 300 });
    const focus = ev('form_interaction', 0, { action: 'focus' });
    const { slices } = assignSessions(null, [focus, withDur], o);
    expect(slices[0]!.events[1]).toBe(withDur);
    const alone = ev('form_interaction', 0, { action: 'blur' });
    expect(assignSessions(null, [alone], o).slices[0]!.events[0]).toBe(alone);
  });

  it('forgets the focus in a new session', () => {
    const first = assignSessions(null, [ev('form_interaction', 0, { action: 'focus' })], o);
    const blur = ev('form_interaction', 40 * MIN, { action: 'blur' });
    expect(assignSessions(first.state, [blur], o).slices[0]!.events[0]!.data).toEqual({ action: 'blur' });
  });
});

describe('automatic conversions', () => {
  const submit = (url: string, form?: string) =>
    ev('form_interaction', 0, { action: 'submit', form }, { url, el: 'form#order' });

  it('derives a conversion from a submit on a thank-you page in full mode', () => {
    const s = submit('https://shop.example/thank-you', 'order');
    const { slices } = assignSessions(null, [s], o);
    expect(derived(slices)).toEqual([
      {
        id: uuidFrom(`conversion|${s.id}`),
        type: 'conversion',
        ts: s.ts,
        occurredAt: s.occurredAt,
        url: 'https://shop.example/thank-you',
        title: 'Pricing',
        el: undefined,
        data: { name: 'order' },
        dataJson: '{"name":"order"}',
      },
    ]);
    expect(derived(assignSessions(null, [submit('https://shop.example/success')], o).slices)[0]!.data).toEqual({
      name: 'form_submit',
    });
  });

  it('derives none outside full mode or on another page', () => {
    expect(
      derived(assignSessions(null, [submit('https://shop.example/thanks')], { ...o, autoConversions: false }).slices),
    ).toEqual([]);
    expect(derived(assignSessions(null, [submit('https://shop.example/contact')], o).slices)).toEqual([]);
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
