// @vitest-environment node

import { trackingEvents } from '@ri/server/db/schema';
import { createTestApp, setUpTracking, signUp, type TestApp } from '@ri/server/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfiguration } from './configuration';
import { runSimulation, type SimulationResult } from './run';
import { getSite } from './sites';

// A short run on a site other than the default, with a configuration's knobs turned, against the real server.
const ORIGIN = 'https://ledgerly.example';
const configuration = createConfiguration({ site: 'saas', pace: 0.6, touchShare: 0.5, timingNoise: 0.3 });
let t: TestApp;
let businessId: string;
let result: SimulationResult;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  const user = await signUp(t);
  businessId = user.businessId;
  const trackingId = await setUpTracking(t, user.token, ORIGIN);
  result = await runSimulation({
    baseUrl: `http://127.0.0.1:${port}`,
    trackingId,
    origin: ORIGIN,
    visitors: 14,
    ratePerSecond: 0,
    concurrency: 8,
    seed: 11,
    configuration,
  });
}, 60_000);
afterAll(() => t?.close());

describe('a run on the SaaS site', () => {
  it('runs every visitor without errors or lost events', () => {
    expect(result.visitors).toBe(14);
    expect(result.errors).toEqual([]);
    expect(result.eventsLost).toBe(0);
    expect(result.sessions).toHaveLength(14);
  });

  it('stores page views of the SaaS site with its titles', async () => {
    const site = getSite('saas');
    const events = await t.database.db.select().from(trackingEvents).where(eq(trackingEvents.businessId, businessId));
    const views = events.filter((e) => e.type === 'page_view');
    expect(views.length).toBeGreaterThanOrEqual(14);
    for (const v of views) {
      const path = new URL(v.url!).pathname;
      expect(site.getPage(path).title).toBe(v.title);
    }
    expect(new Set(result.results.map((r) => r.device)).size).toBeGreaterThanOrEqual(2);
  });
});
