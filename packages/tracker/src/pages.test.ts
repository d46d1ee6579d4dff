// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootKit, resetKit, setHidden } from './test-kit';

beforeEach(() => {
  history.replaceState(null, '', '/pricing?plan=pro');
  document.title = 'Pricing';
});
afterEach(resetKit);

const flushNow = (ri: (c: string) => void) => ri('flush');

describe('page views', () => {
  it('sends a page_view on load with path, referrer and url', async () => {
    const kit = await bootKit();
    flushNow(kit.ri);
    const [view] = await kit.events();
    expect(view).toMatchObject({
      type: 'page_view',
      url: 'http://localhost:3000/pricing?plan=pro',
      title: 'Pricing',
      data: { path: '/pricing', spa: false, revisit: false },
    });
  });

  it('sends page_hide for the old page and page_view (spa) for the new one on pushState', async () => {
    const kit = await bootKit();
    history.pushState(null, '', '/checkout');
    flushNow(kit.ri);
    const events = await kit.events();
    expect(events.map((e) => e.type)).toEqual(['page_view', 'page_hide', 'page_view']);
    expect(events[1]).toMatchObject({
      url: 'http://localhost:3000/pricing?plan=pro',
      data: { depth: expect.any(Number) },
    });
    expect(events[2]).toMatchObject({ url: 'http://localhost:3000/checkout', data: { path: '/checkout', spa: true } });
    expect(events[2]!.data).not.toHaveProperty('ref');
  });

  it('flags a path already viewed in this session as a revisit and ignores same-url and hash changes', async () => {
    const kit = await bootKit();
    history.pushState(null, '', '/checkout');
    history.replaceState(null, '', '/checkout');
    history.pushState(null, '', '/checkout#step-2');
    history.pushState(null, '', '/pricing');
    flushNow(kit.ri);
    const views = (await kit.events()).filter((e) => e.type === 'page_view');
    expect(views.map((v) => [v.data!.path, v.data!.revisit])).toEqual([
      ['/pricing', false],
      ['/checkout', false],
      ['/pricing', true],
    ]);
  });

  it('treats popstate navigation as a route change', async () => {
    const kit = await bootKit();
    history.pushState(null, '', '/a');
    // The browser changes the url itself on back/forward, then fires popstate.
    History.prototype.replaceState.call(history, null, '', '/b');
    window.dispatchEvent(new PopStateEvent('popstate'));
    flushNow(kit.ri);
    const paths = (await kit.events()).filter((e) => e.type === 'page_view').map((e) => e.data!.path);
    expect(paths).toEqual(['/pricing', '/a', '/b']);
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

  it('sends ref (the referrer) on the first page only and keeps campaign parameters for the session', async () => {
    Object.defineProperty(document, 'referrer', { configurable: true, value: 'https://news.example/post' });
    history.replaceState(null, '', '/?utm_source=news&utm_campaign=spring&gclid=abc');
    const kit = await bootKit();
    history.pushState(null, '', '/next');
    flushNow(kit.ri);
    const [batch] = (await kit.sent()).map((s) => s.batch);
    expect(batch!.events[0]!.data).toMatchObject({ ref: 'https://news.example/post' });
    expect(batch!.context).toMatchObject({
      referrer: 'https://news.example/post',
      utm_source: 'news',
      utm_campaign: 'spring',
      gclid: 'abc',
      lang: navigator.language,
      screen_w: screen.width,
    });
    // The viewport size is not sent: the server never stored it.
    expect(batch!.context).not.toHaveProperty('viewport_w');
    expect(batch!.context).not.toHaveProperty('viewport_h');
    expect(JSON.parse(sessionStorage.getItem('ri_ctx')!)).toMatchObject({ utm_source: 'news' });
    Object.defineProperty(document, 'referrer', { configurable: true, value: '' });
  });
});
