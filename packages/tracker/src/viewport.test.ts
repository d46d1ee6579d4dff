// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootKit, resetKit, setHidden } from './test-kit';

type Entry = { target: Element; intersectionRatio: number };
let observers: { cb: (entries: Entry[]) => void; targets: Set<Element> }[] = [];

// jsdom has no layout, so no IntersectionObserver: a stand-in the test drives by hand.
class FakeObserver {
  targets = new Set<Element>();
  constructor(public cb: (entries: Entry[]) => void) {
    observers.push(this);
  }
  observe(el: Element) {
    this.targets.add(el);
  }
  disconnect() {
    this.targets.clear();
  }
}
const show = (el: Element, ratio: number) => {
  for (const o of observers) if (o.targets.has(el)) o.cb([{ target: el, intersectionRatio: ratio }]);
};

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
  observers = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  document.body.innerHTML =
    '<section data-ri-track data-ri="pricing"></section><p data-ri-view id="faq"></p><p id="x"></p>';
});
afterEach(resetKit);

describe('viewport engagement', () => {
  it('observes marked elements and sends how long each was at least half visible', async () => {
    const kit = await bootKit();
    expect([...observers[0]!.targets].map((t) => t.tagName)).toEqual(['SECTION', 'P']);
    show(document.querySelector('section')!, 0.75);
    vi.advanceTimersByTime(3000);
    show(document.querySelector('section')!, 0.2);
    kit.ri('flush');
    const [v] = (await kit.events()).filter((e) => e.type === 'viewport');
    expect(v).toMatchObject({ el: '[data-ri=pricing]', data: { dur: 3000, ratio: 0.75 } });
  });

  it('names a section by its data-ri-track value, as the Instructions tab tells owners to mark them', async () => {
    document.body.innerHTML =
      '<section data-ri-track="guarantee"><h2>30-day money-back guarantee</h2></section><section data-ri-track="testimonials"></section>';
    const kit = await bootKit();
    const [guarantee, testimonials] = document.querySelectorAll('section');
    show(guarantee!, 1);
    show(testimonials!, 0.8);
    vi.advanceTimersByTime(3000);
    show(guarantee!, 0);
    window.dispatchEvent(new Event('pagehide'));
    const views = (await kit.events()).filter((e) => e.type === 'viewport').map((e) => [e.el, e.data!.dur]);
    expect(views).toEqual([
      ['[data-ri=guarantee]', 3000],
      ['[data-ri=testimonials]', 3000],
    ]);
  });

  it('sends the ratio as the observer reported it, unrounded', async () => {
    const kit = await bootKit();
    show(document.getElementById('faq')!, 0.6789);
    vi.advanceTimersByTime(1200);
    show(document.getElementById('faq')!, 0);
    kit.ri('flush');
    const [v] = (await kit.events()).filter((e) => e.type === 'viewport');
    expect(v).toMatchObject({ el: 'p#faq', data: { dur: 1200, ratio: 0.6789 } });
  });

  it('sends visible time on hide and restarts timing when the tab is shown again', async () => {
    const kit = await bootKit();
    const faq = document.getElementById('faq')!;
    show(faq, 1);
    vi.advanceTimersByTime(1000);
    setHidden(true);
    vi.advanceTimersByTime(60_000);
    setHidden(false);
    show(faq, 1); // re-observing reports the current state
    vi.advanceTimersByTime(500);
    window.dispatchEvent(new Event('pagehide'));
    const durations = (await kit.events()).filter((e) => e.type === 'viewport').map((e) => e.data!.dur);
    expect(durations).toEqual([1000, 500]);
  });
});
