// @vitest-environment node
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { installClock, VirtualClock } from './clock';

describe('virtual clock', () => {
  it('fires timers in due order, each seeing its own due time, including ones scheduled meanwhile', () => {
    const clock = new VirtualClock(1_000);
    const seen: [string, number][] = [];
    clock.setTimeout(() => seen.push(['b', clock.now]), 200);
    clock.setTimeout(() => {
      seen.push(['a', clock.now]);
      clock.setTimeout(() => seen.push(['c', clock.now]), 50);
    }, 100);
    const dropped = clock.setTimeout(() => seen.push(['x', clock.now]), 10);
    clock.clearTimeout(dropped);
    clock.advance(500);
    expect(seen).toEqual([
      ['a', 1_100],
      ['c', 1_150],
      ['b', 1_200],
    ]);
    expect(clock.now).toBe(1_500);
    expect(clock.nextDue()).toBeUndefined();
  });

  it('drives Date, performance.now and timers inside a jsdom window', () => {
    const dom = new JSDOM('<p>x</p>', { runScripts: 'outside-only' });
    const clock = new VirtualClock(Date.UTC(2024, 0, 1));
    installClock(dom.window as unknown as Parameters<typeof installClock>[0], clock);
    dom.window.eval('var ticks = 0; setInterval(function () { ticks++; }, 1000); var t0 = Date.now();');
    clock.advance(6 * 60_000);
    const read = (js: string) => dom.window.eval(js) as unknown;
    expect(read('ticks')).toBe(360);
    expect(read('Date.now() - t0')).toBe(360_000);
    expect(read('new Date().toISOString()')).toBe('2024-01-01T00:06:00.000Z');
    expect(read('new Date(0).getTime()')).toBe(0);
    expect(read('new Date() instanceof Date')).toBe(true);
    expect(read('Math.round(performance.now())')).toBe(360_000);
    dom.window.close();
  });
});
