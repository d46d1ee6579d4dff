// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootKit, mouse, resetKit, settle } from './test-kit';

beforeEach(() => {
  document.body.innerHTML = '<button id="b">Go</button>';
});
afterEach(() => {
  resetKit();
  for (const k of ['doNotTrack', 'globalPrivacyControl']) delete (navigator as unknown as Record<string, unknown>)[k];
});

const setNavigator = (k: 'doNotTrack' | 'globalPrivacyControl', v: unknown) =>
  Object.defineProperty(navigator, k, { configurable: true, value: v });

// Spies on storage writes of both kinds; returns the keys written.
const spyStorage = () => {
  const set = vi.spyOn(Storage.prototype, 'setItem');
  return () => set.mock.calls.map(([k]) => k);
};

describe('Do-Not-Track and Global Privacy Control', () => {
  for (const [k, v] of [
    ['doNotTrack', '1'],
    ['globalPrivacyControl', true],
  ] as const) {
    it(`does nothing at all under ${k}: no storage, no network, an inert RI`, async () => {
      setNavigator(k, v);
      const written = spyStorage();
      const kit = await bootKit(
        {},
        {
          queue: [
            ['consent', true],
            ['track', 'x'],
          ],
        },
      );
      kit.ri('conversion', { name: 'x' });
      kit.ri('consent', true);
      mouse(document.getElementById('b')!, 'click');
      window.dispatchEvent(new Event('pagehide'));
      await settle();
      expect(kit.fetch).not.toHaveBeenCalled();
      expect(kit.beacon).not.toHaveBeenCalled();
      expect(written()).toEqual([]);
      expect(localStorage.length + sessionStorage.length).toBe(0);
      vi.restoreAllMocks();
    });
  }

  it('tracks anyway when the owner set respectDnt false', async () => {
    setNavigator('doNotTrack', '1');
    const kit = await bootKit({ respectDnt: false });
    kit.ri('flush');
    await settle();
    expect(kit.fetch).toHaveBeenCalledTimes(1);
  });
});

describe('consent', () => {
  it('with requireConsent waits for consent true, storing and sending nothing before', async () => {
    const written = spyStorage();
    const kit = await bootKit({ requireConsent: true });
    kit.ri('track', 'ignored');
    mouse(document.getElementById('b')!, 'click');
    kit.ri('flush');
    await settle();
    expect(kit.fetch).not.toHaveBeenCalled();
    expect(written()).toEqual([]);
    kit.ri('consent', true);
    kit.ri('flush');
    await settle();
    expect((await kit.events()).map((e) => e.type)).toEqual(['page_view']);
    vi.restoreAllMocks();
  });

  it('honours a consent call queued before the script loaded', async () => {
    const written = spyStorage();
    const kit = await bootKit(
      {},
      {
        queue: [
          ['consent', false],
          ['track', 'x'],
        ],
      },
    );
    kit.ri('flush');
    await settle();
    expect(kit.fetch).not.toHaveBeenCalled();
    expect(written()).toEqual([]);
    vi.restoreAllMocks();
  });

  it('replays queued calls once started', async () => {
    const kit = await bootKit(
      { requireConsent: true },
      {
        queue: [
          ['consent', true],
          ['conversion', { name: 'lead', value: 12, currency: 'EUR' }],
          ['track', 'signup_step', { step: 2 }],
        ],
      },
    );
    kit.ri('flush');
    await settle();
    const events = await kit.events();
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['page_view', expect.any(Object)],
      ['conversion', { name: 'lead', value: 12, currency: 'EUR' }],
      ['custom', { step: 2, name: 'signup_step' }],
    ]);
  });

  it('consent false stops collecting and clears the queue, the outbox and the visitor id', async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const kit = await bootKit({}, { statuses: [503] });
    kit.ri('flush');
    await settle();
    kit.ri('track', 'queued');
    expect(localStorage.getItem('ri_outbox')).not.toBeNull();
    const calls = kit.fetch.mock.calls.length;
    expect(localStorage.getItem('ri_vid')).not.toBeNull();
    kit.ri('consent', false);
    // The SDK keeps nothing else (no session, visited paths or landing facts: the server's, decision 0012).
    expect(['ri_outbox', 'ri_vid'].map((k) => localStorage.getItem(k))).toEqual([null, null]);
    expect(sessionStorage.length).toBe(0);
    mouse(document.getElementById('b')!, 'click');
    kit.ri('flush');
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(120_000); // past any backoff
    expect(kit.fetch.mock.calls.length).toBe(calls);
    expect(kit.beacon).not.toHaveBeenCalled();
    expect(localStorage.length).toBe(0);
    // Consent again: a new visitor, a fresh page view.
    kit.ri('consent', true);
    kit.ri('flush');
    await settle();
    const last = (await kit.sent()).at(-1)!.batch;
    expect(last.events.map((e) => e.type)).toEqual(['page_view']);
    expect(last.visitor_id).toBe(localStorage.getItem('ri_vid'));
  });

  it('drops custom data that is not a small plain object rather than risk the batch', async () => {
    const kit = await bootKit();
    kit.ri('track', 'big', { blob: 'x'.repeat(10_000) });
    kit.ri('track', 'list', [1, 2]);
    kit.ri('conversion', 'oops');
    kit.ri('flush');
    await settle();
    const events = (await kit.events()).slice(1);
    expect(events.map((e) => e.data)).toEqual([{ name: 'big' }, { name: 'list' }, {}]);
  });

  it('ignores a second copy of the script on the same page', async () => {
    const kit = await bootKit();
    const { boot } = await import('./index');
    boot();
    kit.ri('flush');
    await settle();
    expect((await kit.events()).filter((e) => e.type === 'page_view')).toHaveLength(1);
  });
});
