// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootKit, type Kit, resetKit, scrollTo } from './test-kit';

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

// Scrolls steadily at `pxPerS` for `ms` from `from`, one scroll event every 1000/`hz` ms (60 Hz: a touch
// screen's frames; 8 Hz: the ticks of a mouse wheel turned steadily). Returns where it stopped.
const scrollSteadily = async (pxPerS: number, hz: number, ms: number, from = 0) => {
  const step = 1000 / hz;
  let y = from;
  for (let t = 0; t < ms - 1e-6; t += step) {
    y += (pxPerS * step) / 1000;
    scrollTo(Math.round(y), 40_000);
    await vi.advanceTimersByTimeAsync(step);
  }
  return y;
};

// px/s as the server stores it: the SDK sends the distance and the time spent scrolling, the server divides
// (older SDKs sent the velocity itself). A report without measured scrolling has none.
const velocityOf = (d: Record<string, unknown>) =>
  typeof d.velocity === 'number'
    ? d.velocity
    : d.dur
      ? Math.round(((d.dist as number) * 1000) / (d.dur as number))
      : undefined;

const velocities = async (kit: Kit) =>
  (await kit.events()).filter((e) => e.type === 'scroll').map((e) => velocityOf(e.data!));

describe('scroll tracking', () => {
  it('sends the max depth, distance, time and direction changes at most every 2 s and on hide', async () => {
    const kit = await bootKit();
    await vi.advanceTimersByTimeAsync(2000);
    await scrollThrough(400, 800, 1200, 1600, 2000); // 2000 px in 1 s of scrolling
    await scrollThrough(1500);
    window.dispatchEvent(new Event('pagehide'));
    const scrolls = (await kit.events()).filter((e) => e.type === 'scroll').map((e) => e.data);
    expect(scrolls).toHaveLength(2);
    // The first movement after 2 s of stillness is reported at once (its depth); its distance and time go
    // with the next report, once the next measurement shows how long it took.
    expect(scrolls[0]).toEqual({ depth: 30, dist: 0, dur: 0, dir_changes: 0 });
    // 2,500 px over six measurements 200 ms apart: 1.2 s of scrolling, 2,083 px/s.
    expect(scrolls[1]).toEqual({ depth: 70, dist: 2500, dur: 1200, dir_changes: 1 });
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

  it('times a wheel turn after a pause by the turn, not by the 100 ms throttle', async () => {
    const kit = await bootKit();
    await vi.advanceTimersByTimeAsync(2000); // reading
    scrollTo(100); // one wheel turn: one scroll event, 100 px
    await vi.advanceTimersByTimeAsync(3000);
    window.dispatchEvent(new Event('pagehide'));
    // A movement with no other within 250 ms counts as 250 ms of scrolling: 400 px/s (the 100 ms throttle
    // period made it 1,000 px/s).
    expect((await velocities(kit)).filter((v) => v !== undefined)).toEqual([400]);
  });

  it('leaves reading pauses out: a slow reader turning the wheel every 2.5 s reads as slow', async () => {
    const kit = await bootKit();
    for (let i = 1; i <= 6; i++) {
      await vi.advanceTimersByTimeAsync(2500);
      scrollTo(i * 100);
    }
    await vi.advanceTimersByTimeAsync(1000);
    window.dispatchEvent(new Event('pagehide'));
    const v = (await velocities(kit)).filter((x) => x !== undefined);
    expect(v).toHaveLength(6);
    for (const x of v) expect(x).toBe(400);
  });

  for (const hz of [60, 8])
    it(`measures a steady 600 px/s as 600 px/s from ${hz} Hz scroll events, pauses excluded`, async () => {
      const kit = await bootKit();
      await vi.advanceTimersByTimeAsync(3000);
      let y = await scrollSteadily(600, hz, 3000);
      // Then half-second scrolls between reads of 2.5 s.
      for (let i = 0; i < 3; i++) {
        await vi.advanceTimersByTimeAsync(2500);
        y = await scrollSteadily(600, hz, 500, y);
      }
      window.dispatchEvent(new Event('pagehide'));
      const v = (await velocities(kit)).filter((x) => x !== undefined) as number[];
      expect(v.length).toBeGreaterThanOrEqual(4);
      for (const x of v) expect(Math.abs(x - 600)).toBeLessThan(30);
    });
});
