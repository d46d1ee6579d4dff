import { describe, expect, it } from 'vitest';
import { click, derived, ev, MIN, o, pageView, revisits, scroll, URL_A } from './visitor-sessions.fixture.js';
import { assignSessions, uuidFrom } from './visitor-sessions.js';

// The events the server derives from a visitor's events, as the SDK used to in the browser: revisits, rage
// clicks, hesitations, focus times, thank-you conversions, and the fields the SDK no longer fills in.

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

  it('gives a page view with neither a path nor a url, or an odd path, revisit false and remembers nothing', () => {
    const { slices, state } = assignSessions(
      null,
      [ev('page_view', 0, undefined, { url: undefined }), ev('page_view', 1000, { path: 3 })],
      o,
    );
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

describe('fields the SDK leaves to the server', () => {
  const hover = (at: number, dur: number) => ev('cta_hover', at, { dur }, { el: 'a.cta' });
  const clickedOf = (slices: ReturnType<typeof assignSessions>['slices']) =>
    slices.flatMap((s) => s.events).flatMap((e) => (e.type === 'cta_hover' ? [e.data!.clicked] : []));

  it("takes a page view's path from its url and derives revisits from it", () => {
    const view = (at: number, url: string) => ev('page_view', at, at === 0 ? { ref: '' } : {}, { url });
    const { slices, state } = assignSessions(
      null,
      [view(0, `${URL_A}?plan=pro`), view(1000, 'https://shop.example/cart'), view(2000, URL_A)],
      o,
    );
    expect(slices[0]!.events.map((e) => e.data)).toEqual([
      { ref: '', path: '/pricing', spa: false, revisit: false },
      { path: '/cart', spa: true, revisit: false },
      { path: '/pricing', spa: true, revisit: true },
    ]);
    expect(slices[0]!.events[0]!.dataJson).toBe(JSON.stringify(slices[0]!.events[0]!.data));
    expect(state.s!.p).toEqual(['/pricing', '/cart']);
  });

  it("turns a scroll report's distance and time into its velocity", () => {
    const report = ev('scroll', 0, { depth: 60, dist: 1800, dur: 3000, dir_changes: 2 });
    const [e] = assignSessions(null, [report], o).slices[0]!.events;
    expect(e!.data).toEqual({ depth: 60, velocity: 600, dir_changes: 2 });
    expect(e!.dataJson).toBe('{"depth":60,"dir_changes":2,"velocity":600}');
  });

  it('marks a hover clicked when a click fell within it, in this call or an earlier one', () => {
    const { slices } = assignSessions(null, [hover(1000, 600), click(1500, 5, 5), hover(2000, 800)], o);
    expect(clickedOf(slices)).toEqual([false, true]);
    const first = assignSessions(null, [click(10_000, 5, 5)], o);
    expect(clickedOf(assignSessions(first.state, [hover(10_500, 900)], o).slices)).toEqual([true]);
    // A click before the hover began is another element's.
    expect(clickedOf(assignSessions(first.state, [hover(12_000, 900)], o).slices)).toEqual([false]);
  });

  it('derives hover_no_click only from a long hover with no click in it', () => {
    const long = assignSessions(null, [click(0, 5, 5), hover(3000, 2500)], o).slices;
    const clicked = assignSessions(null, [click(1000, 5, 5), hover(3000, 2500)], o).slices;
    expect(derived(long, 'hesitation', 'hover_no_click')).toHaveLength(1);
    expect(derived(clicked, 'hesitation', 'hover_no_click')).toEqual([]);
  });

  it('completes late events too, from the clicks among them', () => {
    const { state } = assignSessions(null, [ev('page_view', 60 * MIN, { path: '/' })], o);
    const late = [
      ev('page_view', 0, {}, { url: 'https://shop.example/old' }),
      click(1000, 5, 5),
      hover(1200, 500),
      ev('scroll', 1300, { depth: 20, dist: 300, dur: 500, dir_changes: 0 }),
    ];
    const { slices } = assignSessions(state, late, o);
    expect(slices).toHaveLength(1);
    expect(slices[0]!.events.map((e) => e.data)).toEqual([
      { path: '/old' },
      { x: 5, y: 5 },
      { dur: 500, clicked: true },
      { depth: 20, velocity: 600, dir_changes: 0 },
    ]);
  });

  it("leaves an older SDK's fields as they were sent", () => {
    const sent = [
      pageView(0, '/sent', { url: 'https://shop.example/other' }),
      ev('cta_hover', 100, { dur: 400, clicked: false }),
      click(200, 5, 5),
      ev('cta_hover', 300, { dur: 400, clicked: true }),
      scroll(400, 0),
    ];
    const events = assignSessions(null, sent, o).slices[0]!.events;
    expect(events.map((e) => [e.data!.path, e.data!.clicked, e.data!.velocity])).toEqual([
      ['/sent', undefined, undefined],
      [undefined, false, undefined],
      [undefined, undefined, undefined],
      [undefined, true, undefined],
      [undefined, undefined, 300],
    ]);
  });
});
