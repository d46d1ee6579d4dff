// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootKit, resetKit, setHidden } from './test-kit';

beforeEach(() => {
  history.replaceState(null, '', '/pricing?plan=pro');
  document.title = 'Pricing';
});
afterEach(() => {
  resetKit();
  // Back to jsdom's own (empty) referrer where a test set one.
  Reflect.deleteProperty(document, 'referrer');
});

const flushNow = (ri: (c: string) => void) => ri('flush');

describe('page views', () => {
  it('sends a page_view on load with referrer and url (the server takes the path from the url)', async () => {
    const kit = await bootKit();
    flushNow(kit.ri);
    const [view] = await kit.events();
    // No referrer: `R` is still there, empty, so the server tells a first page (R present) from a route
    // change (R absent). No path, spa or revisit flag: the server derives all three.
    expect(view).toMatchObject({
      type: 'page_view',
      url: 'http://localhost:3000/pricing?plan=pro',
      title: 'Pricing',
    });
    expect(view!.data).toStrictEqual({ ref: '' });
    const [sent] = await kit.sent();
    expect(sent!.raw.e[0]![6]).toStrictEqual({ R: '' });
  });

  it('sends page_hide for the old page and page_view without R (a route change) for the new one on pushState', async () => {
    const kit = await bootKit();
    history.pushState(null, '', '/checkout');
    flushNow(kit.ri);
    const events = await kit.events();
    expect(events.map((e) => e.type)).toEqual(['page_view', 'page_hide', 'page_view']);
    expect(events[1]).toMatchObject({
      url: 'http://localhost:3000/pricing?plan=pro',
      data: { depth: expect.any(Number) },
    });
    expect(events[2]).toMatchObject({ url: 'http://localhost:3000/checkout' });
    // No R (the server reads a route change from its absence), no p, S or V.
    expect(events[2]!.data).toStrictEqual({});
    const raw = (await kit.sent()).flatMap((s) => s.raw.e);
    expect(raw.map((e) => e[6])).toEqual([{ R: '' }, expect.any(Object), {}]);
  });

  it('sends no revisit flag for a path viewed again and ignores same-url and hash changes', async () => {
    const kit = await bootKit();
    history.pushState(null, '', '/checkout');
    history.replaceState(null, '', '/checkout');
    history.pushState(null, '', '/checkout#step-2');
    history.pushState(null, '', '/pricing');
    flushNow(kit.ri);
    const views = (await kit.events()).filter((e) => e.type === 'page_view');
    // The server derives revisits from the session's page views; nothing of the visited paths is stored.
    expect(views.map((v) => [v.url, v.data])).toStrictEqual([
      ['http://localhost:3000/pricing?plan=pro', { ref: '' }],
      ['http://localhost:3000/checkout', {}],
      ['http://localhost:3000/pricing', {}],
    ]);
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem('ri_pv')).toBeNull();
  });

  it('treats popstate navigation as a route change', async () => {
    const kit = await bootKit();
    history.pushState(null, '', '/a');
    // The browser changes the url itself on back/forward, then fires popstate.
    History.prototype.replaceState.call(history, null, '', '/b');
    window.dispatchEvent(new PopStateEvent('popstate'));
    flushNow(kit.ri);
    const urls = (await kit.events()).filter((e) => e.type === 'page_view').map((e) => e.url);
    expect(urls).toEqual([
      'http://localhost:3000/pricing?plan=pro',
      'http://localhost:3000/a',
      'http://localhost:3000/b',
    ]);
  });

  it('counts active time only while visible and within 30 s of an interaction', async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const kit = await bootKit();
    document.dispatchEvent(new KeyboardEvent('keydown'));
    vi.advanceTimersByTime(10_000);
    document.dispatchEvent(new KeyboardEvent('keydown'));
    vi.advanceTimersByTime(60_000); // idle: only the first 30 s count
    setHidden(true);
    vi.advanceTimersByTime(100_000); // hidden: nothing counts
    setHidden(false);
    window.dispatchEvent(new Event('pagehide'));
    const hide = (await kit.events()).find((e) => e.type === 'page_hide')!;
    expect(hide.data).toMatchObject({ active_ms: 40_000, total_ms: 170_000 });
  });

  it('counts a tap as an interaction: pointerdown comes with touch too', async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const kit = await bootKit();
    vi.advanceTimersByTime(20_000);
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    vi.advanceTimersByTime(60_000);
    window.dispatchEvent(new Event('pagehide'));
    const hide = (await kit.events()).find((e) => e.type === 'page_hide')!;
    expect(hide.data).toMatchObject({ active_ms: 50_000, total_ms: 80_000 });
  });

  it('sends R (the referrer) on the first page only and keeps no landing facts in the batch context', async () => {
    Object.defineProperty(document, 'referrer', { configurable: true, value: 'https://news.example/post?id=7' });
    history.replaceState(null, '', '/?utm_source=news&utm_campaign=spring&gclid=abc');
    const kit = await bootKit();
    history.pushState(null, '', '/next');
    history.pushState(null, '', '/last');
    flushNow(kit.ri);
    const [sent] = await kit.sent();
    const views = sent!.raw.e.filter((e) => e[1] === 0).map((e) => e[6]);
    expect(views).toStrictEqual([{ R: 'https://news.example/post?id=7' }, {}, {}]);
    // The server takes the landing facts (referrer, campaign parameters) from the session's first page view
    // and its url, and the language from Accept-Language: the context holds only time zone and screen size
    // (not the viewport size either, which the server never stored).
    expect(sent!.batch.events[0]!.url).toBe('http://localhost:3000/?utm_source=news&utm_campaign=spring&gclid=abc');
    expect(Object.keys(sent!.raw.c!).sort()).toEqual(['sh', 'sw', 'z']);
    expect(sent!.batch.context).toStrictEqual({
      tz: expect.any(String),
      screen_w: screen.width,
      screen_h: screen.height,
    });
    expect(sessionStorage.getItem('ri_ctx')).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });
});
