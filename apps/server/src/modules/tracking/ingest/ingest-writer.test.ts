import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, setUpTracking, signUp, type TestApp, wireBatch } from '../../../test/harness.js';
import { createIngestWriter, type IngestItem } from './ingest-writer.js';
import { parseBatch } from './parse-batch.js';

let t: TestApp;
let businessId: string;
let trackingId: string;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await signUp(t);
  businessId = owner.businessId;
  trackingId = await setUpTracking(t, owner.token);
});
afterAll(() => t.close());

const item = (): IngestItem => {
  const receivedAt = Date.now();
  const body = wireBatch(trackingId, [{ type: 'page_view', url: 'https://shop.example/', data: { path: '/' } }]);
  return {
    businessId,
    trackingId,
    timeoutMs: 1_800_000,
    features: [],
    mode: 'standard',
    origin: 'https://shop.example',
    trafficSource: 'direct',
    client: {
      deviceType: 'desktop',
      browser: 'Chrome',
      os: 'Linux',
      country: null,
      region: null,
      city: null,
      lang: null,
      net: null,
    },
    batch: parseBatch(body, receivedAt),
    receivedAt: new Date(receivedAt),
  };
};

describe('the ingest writer’s group commit', () => {
  it('writes a lone request at once, and gathers the small requests that arrive while a flush runs', async () => {
    // A gathering window far longer than the test: only the end of the running flush may release them.
    const writer = createIngestWriter(t.database, t.app.log, { gatherMs: 60_000, minGroupEvents: 50 });

    const started = performance.now();
    expect(await writer.submit(item())).toMatchObject({ accepted: 1 });
    // Nothing was in flight: it did not wait for company.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(writer.stats().flushes).toBe(1);
    await new Promise((resolve) => setImmediate(resolve)); // the flush lets go of its slot after it answers

    // One request starts a flush; three more arrive while it runs. With slots free they would each have
    // started a flush of their own; they wait and go together when it ends.
    const first = writer.submit(item());
    const rest = [writer.submit(item()), writer.submit(item()), writer.submit(item())];
    expect(writer.stats()).toMatchObject({ inFlight: 1, queued: 3 });
    const results = await Promise.all([first, ...rest]);
    expect(results.every((r) => r.accepted === 1)).toBe(true);
    expect(writer.stats()).toMatchObject({ flushes: 3, eventsStored: 5 });
  });

  it('does not hold a small group longer than the gathering window while another flush runs', async () => {
    const writer = createIngestWriter(t.database, t.app.log, { gatherMs: 0, minGroupEvents: 50 });
    expect(writer.stats().inFlight).toBe(0);
    const all = [writer.submit(item()), writer.submit(item()), writer.submit(item())];
    // No window: each may go as soon as a slot is free (up to three at once on PostgreSQL, one on PGlite).
    expect(writer.stats().inFlight).toBe(t.database.driver === 'postgres' ? 3 : 1);
    await Promise.all(all);
  });
});
