// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootKit, resetKit, scrollTo } from './test-kit';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
  scrollTo(0, 4000);
});
afterEach(resetKit);

// Scrolls to each position, 200 ms apart (each is measured 100 ms after its scroll event).
const scrollThrough = async (...ys: number[]) => {
  for (const y of ys) {
    scrollTo(y);
    await vi.advanceTimersByTimeAsync(200);
  }
};

describe('scroll tracking', () => {
  it('sends the max depth, velocity and direction changes at most every 2 s and on hide', async () => {
    const kit = await bootKit();
    await vi.advanceTimersByTimeAsync(2000);
    await scrollThrough(400, 800, 1200, 1600, 2000); // 2000 px in 1 s of scrolling
    await scrollThrough(1500);
    window.dispatchEvent(new Event('pagehide'));
    const scrolls = (await kit.events()).filter((e) => e.type === 'scroll').map((e) => e.data);
    expect(scrolls).toHaveLength(2);
    // The first movement after 2 s of stillness is sent at once: 400 px measured within one 100 ms period.
    expect(scrolls[0]).toEqual({ depth: 30, velocity: 4000, dir_changes: 0 });
    expect(scrolls[1]).toMatchObject({ depth: 70, dir_changes: 1 });
    const hide = (await kit.events()).find((e) => e.type === 'page_hide')!;
    expect(hide.data!.depth).toBe(70);
  });

  it('measures at most once per 100 ms however many scroll events arrive', async () => {
    const kit = await bootKit();
    const read = vi.spyOn(document.documentElement, 'scrollHeight', 'get');
    for (let i = 0; i < 50; i++) document.dispatchEvent(new Event('scroll'));
    await vi.advanceTimersByTimeAsync(100);
    expect(read).toHaveBeenCalledTimes(1);
    expect(kit.fetch).not.toHaveBeenCalled();
  });

  it('reports back-and-forth scrolling as dir_changes and sends no hesitation (the server derives it)', async () => {
    const kit = await bootKit();
    await scrollThrough(600, 200, 600, 200);
    window.dispatchEvent(new Event('pagehide'));
    const events = await kit.events();
    // 3 reversals within 4 s, in the one report sent on leaving: the server's scroll_back_forth comes from
    // the reports' dir_changes.
    expect(events.filter((e) => e.type === 'scroll').map((e) => e.data!.dir_changes)).toEqual([3]);
    expect(events.some((e) => e.type === 'hesitation')).toBe(false);
  });

  it('starts depth afresh on a new page and counts the first screen as seen', async () => {
    const kit = await bootKit();
    await scrollThrough(3200);
    scrollTo(0); // a router scrolls to the top as it renders the next page
    history.pushState(null, '', '/next');
    window.dispatchEvent(new Event('pagehide'));
    const hides = (await kit.events()).filter((e) => e.type === 'page_hide').map((e) => e.data!.depth);
    expect(hides).toEqual([100, 20]);
  });
});
