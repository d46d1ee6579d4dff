// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootKit, mouse, resetKit } from './test-kit';

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

  it('sends one rage_click with the count when a burst of 3+ quick clicks in one spot ends', async () => {
    const kit = await bootKit();
    for (let i = 0; i < 5; i++) {
      mouse($('#intro'), 'click', 100 + i * 3, 100);
      vi.advanceTimersByTime(200);
    }
    mouse($('#intro'), 'click', 400, 400); // far away: a new burst
    kit.ri('flush');
    const rage = (await kit.events()).filter((e) => e.type === 'rage_click');
    expect(rage).toHaveLength(1);
    expect(rage[0]).toMatchObject({ el: 'p#intro', data: { count: 5 } });
  });

  it('ends a burst when the page is hidden', async () => {
    const kit = await bootKit();
    for (let i = 0; i < 3; i++) mouse($('#buy'), 'click', 50, 50);
    window.dispatchEvent(new Event('pagehide'));
    expect((await kit.events()).find((e) => e.type === 'rage_click')).toMatchObject({
      el: 'a#buy.btn.primary',
      data: { count: 3 },
    });
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

  it('sends no rage_click for slow or scattered clicks', async () => {
    const kit = await bootKit();
    mouse($('#intro'), 'click', 100, 100);
    vi.advanceTimersByTime(1500);
    mouse($('#intro'), 'click', 100, 100);
    mouse($('#intro'), 'click', 200, 100);
    mouse($('#intro'), 'click', 300, 100);
    kit.ri('flush');
    expect((await kit.events()).some((e) => e.type === 'rage_click')).toBe(false);
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
  it('sends cta_hover with the hover duration and whether it was clicked', async () => {
    const kit = await bootKit();
    mouse($('#buy'), 'mouseenter');
    vi.advanceTimersByTime(450);
    mouse($('#buy'), 'mouseleave');
    mouse($('.buy-now'), 'mouseenter');
    vi.advanceTimersByTime(800);
    mouse($('.buy-now'), 'click');
    mouse($('.buy-now'), 'mouseleave');
    kit.ri('flush');
    const hovers = (await kit.events()).filter((e) => e.type === 'cta_hover');
    expect(hovers.map((h) => [h.el, h.data])).toEqual([
      ['a#buy.btn.primary', { dur: 450, clicked: false }],
      ['[data-ri=hero-cta]', { dur: 800, clicked: true }],
    ]);
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

  it('sends a hover_no_click hesitation after 2 s on a CTA without a click', async () => {
    const kit = await bootKit();
    mouse($('#buy'), 'mouseenter');
    vi.advanceTimersByTime(2500);
    mouse($('#buy'), 'mouseleave');
    kit.ri('flush');
    expect((await kit.events()).find((e) => e.type === 'hesitation')).toMatchObject({
      el: 'a#buy.btn.primary',
      data: { kind: 'hover_no_click', dur: 2500 },
    });
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
