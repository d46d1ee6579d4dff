// @vitest-environment jsdom
import { wireBatchSchema } from '@ri/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RI } from './index';
import { bootKit, expand, type Kit, mouse, resetKit, setHidden, settle } from './test-kit';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(resetKit);

const track = (ri: RI, n: number) => {
  for (let i = 0; i < n; i++) ri('track', 'tick', { i });
};
const ids = (events: { id: string }[]) => events.map((e) => e.id);

describe('batching', () => {
  it('flushes when the queue reaches batchSize, as a string (text/plain;charset=UTF-8) without cookies', async () => {
    const kit = await bootKit({ batchSize: 5 });
    track(kit.ri, 3); // + the page_view = 4
    expect(kit.fetch).not.toHaveBeenCalled();
    track(kit.ri, 1);
    await settle();
    expect(kit.fetch).toHaveBeenCalledTimes(1);
    const [url, init] = kit.fetch.mock.calls[0]!;
    expect(url).toBe('https://collect.example/api/v1/tracking/batch-events');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    // No Content-Type and no credentials mode: fetch's defaults, text/plain;charset=UTF-8 for a string body
    // (no CORS preflight) and same-origin credentials (no cookies cross-origin).
    expect(typeof init.body).toBe('string');
    expect(init.headers).toBeUndefined();
    expect(init.credentials).toBeUndefined();
    const [sent] = await kit.sent();
    // Sent as wire v2; expanded, a valid v1 batch.
    expect(sent!.raw).toMatchObject({ v: 2, tracking_id: 'trk_test' });
    expect(wireBatchSchema.parse(sent!.batch)).toMatchObject({ v: 1, tracking_id: 'trk_test' });
    expect(sent!.batch.events).toHaveLength(5);
    expect(sent!.batch.sent_at).toBe(Date.now());
  });

  it('flushes a partial queue of events that are not actions after flushInterval', async () => {
    const kit = await bootKit({ flushInterval: 3000 });
    kit.ri('flush'); // the page view (an action) goes now
    await settle();
    kit.ri('track', 'tick');
    await vi.advanceTimersByTimeAsync(2999);
    expect(kit.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(kit.fetch).toHaveBeenCalledTimes(2);
    expect((await kit.sent()).map((s) => s.batch.events.map((e) => e.type))).toEqual([['page_view'], ['custom']]);
  });

  it('runs no timer once the queue is empty', async () => {
    const kit = await bootKit();
    await vi.advanceTimersByTimeAsync(5000);
    expect(kit.fetch).toHaveBeenCalledTimes(1);
    // jsdom's Storage queues 0 ms timers of its own (storage events); let them run.
    await vi.runOnlyPendingTimersAsync();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('splits more than 500 events into batches of at most 500', async () => {
    const kit = await bootKit({ batchSize: 700 });
    track(kit.ri, 699);
    await settle();
    await vi.advanceTimersByTimeAsync(10);
    const sizes = (await kit.sent()).map((s) => s.batch.events.length);
    expect(sizes).toEqual([500, 200]);
  });

  it('on visibilitychange to hidden stores the batch, beacons it as a string and clears it once accepted', async () => {
    const kit = await bootKit();
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    setHidden(true);
    expect(kit.beacon).toHaveBeenCalledTimes(1);
    const [url, data] = kit.beacon.mock.calls[0]!;
    expect(url).toBe('https://collect.example/api/v1/tracking/batch-events');
    // A string beacon goes as text/plain;charset=UTF-8, as fetch's body does.
    expect(typeof data).toBe('string');
    expect(setItem.mock.calls.some(([k]) => k === 'ri_outbox')).toBe(true);
    expect(localStorage.getItem('ri_outbox')).toBeNull();
    expect(kit.fetch).not.toHaveBeenCalled();
    setItem.mockRestore();
  });

  it('keeps a refused beacon in the outbox and resends the same events on the next page load', async () => {
    const first = await bootKit({}, { beacon: 'refuse' });
    first.ri('conversion', { name: 'trial', value: 0, currency: 'EUR' });
    window.dispatchEvent(new Event('pagehide'));
    const stored = JSON.parse(localStorage.getItem('ri_outbox')!);
    expect(stored).toHaveLength(1);
    const storedIds = ids(expand(stored[0]).events);
    // The next page: the stored batch goes first, with the same event ids.
    const next = await bootKit();
    await settle();
    const [resent] = await next.sent();
    expect(ids(resent!.batch.events)).toEqual(storedIds);
    expect(localStorage.getItem('ri_outbox')).toBeNull();
  });
});

describe('prompt sending of actions', () => {
  const batches = async (kit: Kit) => (await kit.sent()).map((s) => s.batch.events.map((e) => e.type));

  it('sends a click about 1 s after it happens, while a mouse sample alone waits for flushInterval', async () => {
    document.body.innerHTML = '<button id="b">Go</button>';
    const kit = await bootKit();
    // The page view is an action too: it leaves after 1 s, not after flushInterval (5 s).
    await vi.advanceTimersByTimeAsync(999);
    expect(kit.fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await batches(kit)).toEqual([['page_view']]);
    // Mouse movement is reported after 5 s of moving; the report is a passive sample and waits.
    mouse(document, 'mousemove', 10, 10);
    await vi.advanceTimersByTimeAsync(5000);
    mouse(document, 'mousemove', 40, 50);
    await vi.advanceTimersByTimeAsync(4999);
    expect(kit.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await batches(kit)).toEqual([['page_view'], ['mouse_movement']]);
    // A click leaves about 1 s later.
    mouse(document.getElementById('b')!, 'click', 5, 5);
    await vi.advanceTimersByTimeAsync(999);
    expect(kit.fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(await batches(kit)).toEqual([['page_view'], ['mouse_movement'], ['click']]);
  });

  it('keeps one pending flush: an action brings it forward and what is queued meanwhile rides along', async () => {
    document.body.innerHTML = '<button id="b">Go</button>';
    const kit = await bootKit();
    kit.ri('flush');
    await settle();
    kit.ri('track', 'tick'); // not an action: would wait 5 s
    await vi.advanceTimersByTimeAsync(2000);
    mouse(document.getElementById('b')!, 'click', 5, 5); // due 1 s from now, with the tick
    await vi.advanceTimersByTimeAsync(500);
    // A second click does not postpone the pending flush; a sample joins it.
    mouse(document.getElementById('b')!, 'click', 300, 5);
    kit.ri('track', 'tock');
    await vi.advanceTimersByTimeAsync(499);
    expect(kit.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await batches(kit)).toEqual([['page_view'], ['custom', 'click', 'click', 'custom']]);
    // Nothing is left pending.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(kit.fetch).toHaveBeenCalledTimes(2);
  });
});

describe('delivery', () => {
  it('retries 503 with backoff and resends the same event ids until a 200', async () => {
    // Full jitter: a delay drawn from [0, 1 s), then [0, 2 s)…; the top of each range here.
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const kit = await bootKit({}, { statuses: [503, 503, 200] });
    kit.ri('flush');
    await settle();
    expect(kit.fetch).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem('ri_outbox')!)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(998);
    expect(kit.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(kit.fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1997);
    expect(kit.fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(kit.fetch).toHaveBeenCalledTimes(3);
    const sent = await kit.sent();
    expect(new Set(sent.map((s) => ids(s.batch.events).join()))).toHaveLength(1);
    expect(localStorage.getItem('ri_outbox')).toBeNull();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(kit.fetch).toHaveBeenCalledTimes(3);
    vi.mocked(Math.random).mockRestore();
  });

  it('waits as long as Retry-After says on a 429', async () => {
    const kit = await bootKit({}, { statuses: [429, 200], retryAfter: '30' });
    kit.ri('flush');
    await settle();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(kit.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(kit.fetch).toHaveBeenCalledTimes(2);
  });

  it('retries network errors', async () => {
    const kit = await bootKit({}, { statuses: ['network-error', 200] });
    kit.ri('flush');
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    expect(kit.fetch).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem('ri_outbox')).toBeNull();
  });

  it('drops a batch the server refuses with a 4xx and goes on with the next', async () => {
    const kit = await bootKit({}, { statuses: [400, 200] });
    kit.ri('flush');
    await settle();
    expect(localStorage.getItem('ri_outbox')).toBeNull();
    kit.ri('track', 'after');
    kit.ri('flush');
    await settle();
    expect(kit.fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(kit.fetch).toHaveBeenCalledTimes(2);
  });

  it('caps the outbox at 50 batches, dropping the oldest', async () => {
    const kit = await bootKit({ batchSize: 1 }, { statuses: [503] });
    track(kit.ri, 60);
    await settle();
    const stored = JSON.parse(localStorage.getItem('ri_outbox')!);
    expect(stored).toHaveLength(50);
    expect(expand(stored[49]).events[0]!.data).toEqual({ i: 59, name: 'tick' });
  });
});

describe('identity and sessions', () => {
  it('keeps the visitor id and session id in localStorage and starts a new session after the timeout', async () => {
    const kit = await bootKit({ sessionTimeout: 60_000 });
    kit.ri('flush');
    await settle();
    const vid = localStorage.getItem('ri_vid');
    const sid = localStorage.getItem('ri_sid');
    await vi.advanceTimersByTimeAsync(59_000);
    kit.ri('track', 'still-here');
    kit.ri('flush');
    await vi.advanceTimersByTimeAsync(60_000);
    kit.ri('track', 'back-later');
    kit.ri('flush');
    await settle();
    const batches = (await kit.sent()).map((s) => s.batch);
    expect(batches.map((b) => b.visitor_id)).toEqual([vid, vid, vid]);
    expect(batches.map((b) => b.session_id)).toEqual([sid, sid, localStorage.getItem('ri_sid')]);
    expect(localStorage.getItem('ri_sid')).not.toBe(sid);
    expect(localStorage.getItem('ri_sat')).toBe(`${Date.now()}`);
  });
});
