// @vitest-environment jsdom
import { wireBatchSchema } from '@ri/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RI } from './index';
import { bootKit, expand, type Kit, mouse, resetKit, setHidden, settle } from './test-kit';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  resetKit();
  // Back to jsdom's own (empty) referrer where a test set one.
  Reflect.deleteProperty(document, 'referrer');
});

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
    // Sent as wire v3 (v2 without a session id: the server assigns sessions); expanded, a valid v1 batch.
    expect(sent!.raw).toMatchObject({ v: 3, tracking_id: 'trk_test' });
    expect(sent!.raw).not.toHaveProperty('s');
    expect(Object.keys(sent!.raw).sort()).toEqual(['a', 'c', 'e', 'tracking_id', 'u', 'v']);
    expect(wireBatchSchema.parse(sent!.batch)).toMatchObject({ v: 1, tracking_id: 'trk_test' });
    expect(sent!.batch).not.toHaveProperty('session_id');
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

  it('caps the outbox at about 200 KB, not at a number of batches, dropping the oldest', async () => {
    // A long title makes every one-event batch about 750 B, so 200 KB hold some 260 of them.
    document.title = 'x'.repeat(600);
    const kit = await bootKit({ batchSize: 1 }, { statuses: [503] });
    track(kit.ri, 350);
    await settle();
    const text = localStorage.getItem('ri_outbox')!;
    const stored = JSON.parse(text) as unknown[];
    expect(text.length).toBeLessThanOrEqual(200_000);
    // Only a full outbox drops anything: one more batch of the same size would not have fitted.
    expect(text.length).toBeGreaterThan(200_000 - 2 * JSON.stringify(stored[0]).length);
    // Far more than the 50 batches the outbox used to keep.
    expect(stored.length).toBeGreaterThan(200);
    expect(stored.length).toBeLessThan(351);
    // The newest are kept, in order, and the oldest (the page view and the first ticks) are gone.
    const kept = stored.map((b) => expand(b).events[0]!.data);
    expect(kept).toEqual(
      Array.from({ length: stored.length }, (_, k) => ({ i: 350 - stored.length + k, name: 'tick' })),
    );
  });
});

describe('identity, no sessions', () => {
  it('keeps the visitor id in localStorage, sends no session id and stores nothing of a session', async () => {
    const kit = await bootKit({ sessionTimeout: 60_000 });
    kit.ri('flush');
    await settle();
    const vid = localStorage.getItem('ri_vid');
    await vi.advanceTimersByTimeAsync(59_000);
    kit.ri('track', 'still-here');
    kit.ri('flush');
    await vi.advanceTimersByTimeAsync(60_000);
    kit.ri('track', 'back-later');
    kit.ri('flush');
    await settle();
    const sent = await kit.sent();
    expect(sent.map((s) => s.batch.visitor_id)).toEqual([vid, vid, vid]);
    for (const { raw, batch } of sent) {
      expect(raw.v).toBe(3);
      expect(raw).not.toHaveProperty('s');
      expect(batch).not.toHaveProperty('session_id');
    }
    // Sessions are the server's: no session id, last activity, visited paths or landing facts are kept.
    expect(Object.keys(localStorage)).toEqual(['ri_vid']);
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps events of both sides of a long pause in one batch (the server splits sessions)', async () => {
    const kit = await bootKit({ sessionTimeout: 60_000 });
    kit.ri('track', 'before');
    // Two hours pass without any timer running (a sleeping laptop): far past the session timeout.
    vi.setSystemTime(Date.now() + 7_200_000);
    kit.ri('track', 'after');
    kit.ri('flush');
    await settle();
    const sent = await kit.sent();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.batch.events.map((e) => e.data?.name ?? e.type)).toEqual(['page_view', 'before', 'after']);
  });

  it('sends only the time zone and screen size as context: no referrer, campaign parameters or language', async () => {
    Object.defineProperty(document, 'referrer', { configurable: true, value: 'https://news.example/post' });
    history.replaceState(null, '', '/?utm_source=news&utm_medium=mail&fbclid=f&gclid=g');
    const kit = await bootKit();
    kit.ri('flush');
    await settle();
    const [sent] = await kit.sent();
    expect(sent!.raw.c).toEqual({
      z: Intl.DateTimeFormat().resolvedOptions().timeZone,
      sw: screen.width,
      sh: screen.height,
    });
    expect(sent!.batch.context).toEqual({
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
      screen_w: screen.width,
      screen_h: screen.height,
    });
  });
});
