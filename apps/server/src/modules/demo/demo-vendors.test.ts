import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { businesses, integrations, stripeCharges } from '../../db/schema.js';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/harness.js';
import { DEMO_ACTIVITY_MS, startDemoVendors } from './demo-vendors.js';

let t: TestApp;
let demoVendors: Awaited<ReturnType<typeof startDemoVendors>>;

beforeAll(async () => {
  t = await createTestApp();
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  demoVendors = await startDemoVendors({
    db: t.database.db,
    integrations: t.integrations,
    log: t.app.log,
    activity: true,
  });
});
afterAll(async () => {
  vi.useRealTimers();
  await demoVendors?.stop();
  await t?.close();
});

describe('the demo business and its vendor sandboxes', () => {
  it('is connected to Stripe, Meta Ads, Google Ads and GoHighLevel through the real connect and sync path', async () => {
    await t.syncRunner.drain();
    const [demo] = await t.database.db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.isDemo, true));
    const visitor = await signUp(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/integrations/',
      headers: { ...bearer(visitor.token), 'x-business-id': demo!.id },
    });
    expect(res.statusCode).toBe(200);
    const listed = res.json().integrations as {
      provider: string;
      status: string;
      data_points_synced: number;
      last_sync: string | null;
    }[];
    expect(listed.map((i) => i.provider).sort()).toEqual(['facebook_ads', 'gohighlevel', 'google_ads', 'stripe']);
    for (const integration of listed) {
      expect(integration, integration.provider).toMatchObject({ status: 'connected', sandbox: true });
      expect(integration.data_points_synced, integration.provider).toBeGreaterThan(50);
    }
    const stripe = listed.find((i) => i.provider === 'stripe')!;
    expect(stripe).toMatchObject({ provider: 'stripe', status: 'connected', sandbox: true, name: 'Stripe (sandbox)' });
    expect(stripe.last_sync).not.toBeNull();
    expect(stripe.data_points_synced).toBeGreaterThan(900);
    // Its revenue is current: the newest charge is from the last day, not from when the sandbox was seeded.
    const charges = await t.database.db
      .select({ created: stripeCharges.createdAt })
      .from(stripeCharges)
      .where(eq(stripeCharges.businessId, demo!.id));
    const newest = Math.max(...charges.map((c) => c.created.getTime()));
    expect(Date.now() - newest).toBeLessThan(86_400_000);
  });

  it('keeps the sandbox producing orders that sync while the server runs', async () => {
    const [row] = await t.database.db.select().from(integrations).where(eq(integrations.provider, 'stripe'));
    const before = (await t.database.db.select().from(stripeCharges).where(eq(stripeCharges.integrationId, row!.id)))
      .length;
    // Ten minutes later the account has moved on to the present (at its own pace of orders) and synced again.
    const realNow = Date.now;
    Date.now = () => realNow() + 3 * 3_600_000;
    try {
      vi.advanceTimersByTime(DEMO_ACTIVITY_MS);
    } finally {
      Date.now = realNow;
    }
    await vi.waitFor(
      async () => {
        await t.syncRunner.drain();
        const after = await t.database.db.select().from(stripeCharges).where(eq(stripeCharges.integrationId, row!.id));
        expect(after.length).toBeGreaterThan(before);
        // A sync through the sandbox's HTTP API: seconds on a busy machine, not the default second.
      },
      { timeout: 20_000, interval: 100 },
    );
  });
});
