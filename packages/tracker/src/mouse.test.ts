// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootKit, mouse, resetKit } from './test-kit';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(resetKit);

describe('mouse movement', () => {
  it('samples at most every 100 ms and sends moves, distance and up to 20 samples every 5 s', async () => {
    const kit = await bootKit();
    for (let i = 0; i <= 100; i++) {
      mouse(document, 'mousemove', i * 3, i * 4); // 5 px per event
      vi.advanceTimersByTime(50);
    }
    kit.ri('flush');
    const [move] = (await kit.events()).filter((e) => e.type === 'mouse_movement');
    const data = move!.data as { moves: number; dist: number; samples: number[][] };
    // Samples at 0, 100, …, 5000 ms: 51 moves, 50 gaps of 2 events × 5 px; sent when 5 s had passed.
    expect(data.moves).toBe(51);
    expect(data.dist).toBe(500);
    expect(data.samples.length).toBeLessThanOrEqual(20);
    expect(data.samples[0]).toEqual([0, 0, expect.any(Number)]);
  });

  it('sends what it holds when the tab is hidden, and nothing when the mouse did not move', async () => {
    const kit = await bootKit();
    mouse(document, 'mousemove', 10, 10);
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('pagehide'));
    const moves = (await kit.events()).filter((e) => e.type === 'mouse_movement');
    expect(moves.map((m) => m.data)).toEqual([{ moves: 1, dist: 0, samples: [[10, 10, expect.any(Number)]] }]);
  });

  it('runs in full mode even when the feature list omits it', async () => {
    const kit = await bootKit({ mode: 'full', features: ['page_view_tracking'] });
    mouse(document, 'mousemove', 10, 10);
    window.dispatchEvent(new Event('pagehide'));
    expect((await kit.events()).some((e) => e.type === 'mouse_movement')).toBe(true);
  });
});
