// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootKit, mouse, resetKit, setHidden } from './test-kit';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
  document.body.innerHTML = `
    <main>
      <p id="intro">Call 0123456789 or mail jane.doe@example.com</p>
      <a id="buy" class="btn primary wide" href="/checkout?email=jane.doe@example.com">Buy  now
        <span>for £10</span></a>
      <div class="buy-now" data-ri="hero-cta">Start</div>
      <button data-ri-conversion="signup">Sign up</button>
    </main>`;
});
afterEach(resetKit);

const $ = (s: string) => document.querySelector(s)!;

describe('clicks', () => {
  it('sends page coordinates, the CTA flag, masked text and href, and a short descriptor', async () => {
    const kit = await bootKit();
    mouse($('#buy span'), 'click', 120.4, 80.6);
    kit.ri('flush');
    const click = (await kit.events()).find((e) => e.type === 'click')!;
    expect(click.el).toBe('a#buy.btn.primary');
    expect(click.data).toEqual({
      x: 120,
      y: 81,
      cta: true,
      text: 'Buy now for £10',
      href: '/checkout?email=[email]',
    });
  });

  it('names elements by data-ri, counts configured CTA selectors and sends no text for plain content', async () => {
    const kit = await bootKit();
    mouse($('.buy-now'), 'click', 5, 5);
    mouse($('#intro'), 'click', 5, 300);
    kit.ri('flush');
    const [cta, plain] = (await kit.events()).filter((e) => e.type === 'click');
    expect(cta).toMatchObject({ el: '[data-ri=hero-cta]', data: { cta: true, text: 'Start' } });
    expect(plain).toMatchObject({ el: 'p#intro', data: { cta: false } });
    expect(plain!.data).not.toHaveProperty('text');
  });

  it('sends every click of a fast burst in one spot as a click and no rage_click (the server derives it)', async () => {
    const kit = await bootKit();
    for (let i = 0; i < 5; i++) {
      mouse($('#intro'), 'click', 100 + i * 3, 100);
      vi.advanceTimersByTime(200);
    }
    for (let i = 0; i < 3; i++) mouse($('#buy'), 'click', 50, 50);
    window.dispatchEvent(new Event('pagehide'));
    // The beacon on leaving repeats the batch a fetch still has in flight (the server deduplicates by id).
    const events = [...new Map((await kit.events()).map((e) => [e.id, e])).values()];
    const clicks = events.filter((e) => e.type === 'click');
    expect(clicks.map((c) => [c.el, c.data!.x, c.data!.y])).toEqual([
      ['p#intro', 100, 100],
      ['p#intro', 103, 100],
      ['p#intro', 106, 100],
      ['p#intro', 109, 100],
      ['p#intro', 112, 100],
      ['a#buy.btn.primary', 50, 50],
      ['a#buy.btn.primary', 50, 50],
      ['a#buy.btn.primary', 50, 50],
    ]);
    // Clicks carry no count of their own either.
    for (const c of clicks) expect(c.data).not.toHaveProperty('count');
    expect(events.some((e) => e.type === 'rage_click' || e.type === 'hesitation')).toBe(false);
  });

  it('ignores clicks dispatched on the document itself without throwing', async () => {
    const kit = await bootKit();
    const errors: unknown[] = [];
    window.addEventListener('error', (e) => errors.push(e.error));
    document.dispatchEvent(new MouseEvent('click'));
    kit.ri('flush');
    expect(errors).toEqual([]);
    expect((await kit.events()).map((e) => e.type)).toEqual(['page_view']);
  });

  it('posts a conversion for data-ri-conversion clicks in full mode only', async () => {
    let kit = await bootKit({ mode: 'full' });
    mouse($('[data-ri-conversion]'), 'click');
    kit.ri('flush');
    expect((await kit.events()).find((e) => e.type === 'conversion')).toMatchObject({ data: { name: 'signup' } });
    resetKit();
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    document.body.innerHTML = '<button data-ri-conversion="signup">Sign up</button>';
    kit = await bootKit({ mode: 'standard' });
    mouse($('[data-ri-conversion]'), 'click');
    kit.ri('flush');
    expect((await kit.events()).some((e) => e.type === 'conversion')).toBe(false);
  });
});

describe('CTA hovers', () => {
  it('sends cta_hover with the hover duration, after the click within it (the server reads clicked from it)', async () => {
    const kit = await bootKit();
    mouse($('#buy'), 'mouseenter');
    vi.advanceTimersByTime(450);
    mouse($('#buy'), 'mouseleave');
    mouse($('.buy-now'), 'mouseenter');
    vi.advanceTimersByTime(800);
    mouse($('.buy-now'), 'click');
    mouse($('.buy-now'), 'mouseleave');
    kit.ri('flush');
    const events = (await kit.events()).filter((e) => e.type === 'cta_hover' || e.type === 'click');
    // The server derives `clicked` from a click between the hover's start (ts − dur) and its end.
    expect(events.map((h) => [h.type, h.el, h.data!.dur])).toEqual([
      ['cta_hover', 'a#buy.btn.primary', 450],
      ['click', '[data-ri=hero-cta]', undefined],
      ['cta_hover', '[data-ri=hero-cta]', 800],
    ]);
    const [, click, hover] = events;
    expect(click!.ts).toBeGreaterThanOrEqual(hover!.ts - 800);
    expect(click!.ts).toBeLessThanOrEqual(hover!.ts);
    expect(hover!.data).toStrictEqual({ dur: 800 });
  });

  it('ignores hovers under 300 ms and elements that are not calls to action', async () => {
    const kit = await bootKit();
    mouse($('#buy'), 'mouseenter');
    vi.advanceTimersByTime(200);
    mouse($('#buy'), 'mouseleave');
    mouse($('#intro'), 'mouseenter');
    vi.advanceTimersByTime(5000);
    mouse($('#intro'), 'mouseleave');
    kit.ri('flush');
    expect((await kit.events()).filter((e) => e.type === 'cta_hover' || e.type === 'hesitation')).toEqual([]);
  });

  it('sends a long hover without a click as cta_hover and no hesitation (the server derives hover_no_click)', async () => {
    const kit = await bootKit();
    mouse($('#buy'), 'mouseenter');
    vi.advanceTimersByTime(2500);
    mouse($('#buy'), 'mouseleave');
    kit.ri('flush');
    const events = await kit.events();
    expect(events.filter((e) => e.type === 'cta_hover').map((h) => [h.el, h.data])).toEqual([
      ['a#buy.btn.primary', { dur: 2500 }],
    ]);
    expect(events.some((e) => e.type === 'hesitation' || e.type === 'rage_click')).toBe(false);
  });

  it('sends the hover under way with its duration when the page is left, hidden or changes route', async () => {
    const kit = await bootKit();
    // Left: pagehide hands its event to the page's hooks, which must not take it for a duration.
    mouse($('#buy'), 'mouseenter');
    vi.advanceTimersByTime(700);
    window.dispatchEvent(new Event('pagehide'));
    // Hidden.
    mouse($('.buy-now'), 'mouseenter');
    vi.advanceTimersByTime(400);
    setHidden(true);
    setHidden(false);
    // A route change leaves the page with `true`.
    mouse($('#buy'), 'mouseenter');
    vi.advanceTimersByTime(900);
    mouse($('#buy'), 'click');
    history.pushState(null, '', '/next');
    kit.ri('flush');
    const hovers = (await kit.events()).filter((e) => e.type === 'cta_hover');
    expect(hovers.map((h) => [h.el, h.data])).toEqual([
      ['a#buy.btn.primary', { dur: 700 }],
      ['[data-ri=hero-cta]', { dur: 400 }],
      ['a#buy.btn.primary', { dur: 900 }],
    ]);
    for (const h of hovers) expect(typeof h.data!.dur).toBe('number');
  });

  it('captures nothing of a feature that is switched off', async () => {
    const kit = await bootKit({ features: ['page_view_tracking'] });
    mouse($('#buy'), 'mouseenter');
    vi.advanceTimersByTime(2500);
    mouse($('#buy'), 'click');
    mouse($('#buy'), 'mouseleave');
    kit.ri('flush');
    expect((await kit.events()).map((e) => e.type)).toEqual(['page_view']);
  });
});
