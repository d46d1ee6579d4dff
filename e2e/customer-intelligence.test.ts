import { readFile } from 'node:fs/promises';
import { customerListSchema, customerSegmentsSchema, integrationSchema } from '@ri/contracts';
import { type GhlSandbox, type StripeSandbox, startGhlSandbox, startStripeSandbox } from '@ri/sandboxes';
import { wireBatch } from '@ri/server/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DESKTOP_CHROME_UA, launchBrowser, screenshot } from './support/browser.js';
import { type OwnerApi, signUpOwner } from './support/owner-api.js';
import { type RunningServer, startServer } from './support/server.js';

// Customer Intelligence on Stripe and GoHighLevel sandboxes that share their buyers: Refresh Segments builds the
// profiles through the real task, then Overview, one customer's profile, a new segment filtering the table, and the
// export of the filtered list.

const SHOP = 'https://shop.example';
const STRIPE_ACCOUNT = { customers: 40, charges: 400, days: 200 };
let stripe: StripeSandbox;
let ghl: GhlSandbox;
let server: RunningServer;
let browser: Browser;
let owner: OwnerApi;

beforeAll(async () => {
  const now = Math.floor(Date.now() / 1000) - 60;
  stripe = await startStripeSandbox({ seed: 31, now, accounts: [STRIPE_ACCOUNT] });
  ghl = await startGhlSandbox({
    seed: 31,
    now,
    locations: [{ contacts: 50, buyers: 20, opportunities: 25, stripe: STRIPE_ACCOUNT }],
  });
  [server, browser] = await Promise.all([
    startServer({ STRIPE_API_URL: stripe.url, GHL_API_URL: ghl.url }),
    launchBrowser(),
  ]);
  owner = await signUpOwner(server.url, 'Harbor Tea Co.');
  const script = await owner.post(
    '/tracking/generate-script',
    { allowed_origins: [SHOP] },
    z.object({ trackingId: z.string() }),
  );
  const saved = z.object({ integration: integrationSchema.pick({ id: true }) });
  const s = await owner.post('/integrations/stripe/save', { secretKey: stripe.secretKey }, saved);
  const g = await owner.post(
    '/integrations/gohighlevel/save',
    { apiKey: ghl.apiKey, locationId: ghl.locationId },
    saved,
  );
  await owner.post(`/integrations/${s.integration.id}/sync`, {});
  await owner.post(`/integrations/${g.integration.id}/sync`, {});
  await server.syncRunner.drain();
  // Some buyers' visits, by the visitor id their checkout passed.
  const visitors = [...new Set(stripe.state.account().checkoutReferences().values())].slice(0, 4);
  for (const visitor of visitors) {
    const res = await fetch(`${server.url}/api/v1/tracking/batch-events`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: SHOP, 'user-agent': DESKTOP_CHROME_UA },
      body: JSON.stringify(
        wireBatch(script.trackingId, [{ type: 'page_view', url: `${SHOP}/pricing`, title: 'Pricing' }], { visitor }),
      ),
    });
    expect(res.status).toBe(200);
  }
  await server.ingest.drain();
  await server.scorer.drain();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stripe?.close();
  await ghl?.close();
});

async function signIn(page: Page) {
  await page.goto(server.url);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('button', { name: 'User menu' }).waitFor();
}

describe('Customer Intelligence', () => {
  it('builds profiles, opens one, saves a segment that filters the table, and exports it', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signIn(page);
    await page.getByRole('navigation').first().getByRole('link', { name: 'Customer Intelligence' }).click();
    await page.getByRole('heading', { level: 1, name: 'Customer Intelligence' }).waitFor();

    // Refresh Segments: the generation task runs, the screen polls it and reports the counts.
    await page.getByRole('button', { name: 'Refresh Segments' }).click();
    await page.getByText('Profile generation completed').waitFor({ timeout: 60_000 });
    const list = await owner.get('/analytics/customer-profiles?limit=50', customerListSchema);
    expect(list.total).toBeGreaterThan(40);
    const total = page.locator('dl[aria-label="Customer summary"] dt', { hasText: 'Total Customers' }).locator('+ dd');
    await total.getByText(String(list.summary.total_customers)).waitFor();
    await page.getByRole('heading', { name: 'Customer Profiles' }).waitFor();
    await screenshot(page, 'customer-intelligence-overview');

    // One customer's profile, at its own address.
    const first = list.customers[0]!;
    const name = first.name ?? first.email!;
    await page.getByRole('button', { name: `View Profile of ${name}` }).click();
    await page.getByRole('heading', { name: 'Behavioral Trait Analysis' }).waitFor();
    expect(page.url()).toContain(`/customer-intelligence/${first.id}`);
    await page.getByRole('heading', { level: 2, name }).waitFor();
    await screenshot(page, 'customer-intelligence-profile');
    await page.locator('label', { hasText: 'Overview' }).click();
    await page.getByRole('heading', { name: 'Customer Profiles' }).waitFor();

    // A new segment by rules: customers worth at least 50.
    await page.getByRole('button', { name: 'Create Segment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Segment' });
    await dialog.locator('label', { hasText: 'Define rules' }).click();
    await dialog.getByRole('textbox', { name: 'Segment name' }).fill('Worth 50+');
    await dialog.getByRole('spinbutton', { name: 'Min lifetime value' }).fill('50');
    await dialog.getByRole('button', { name: 'Save segment' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const segments = await owner.get('/analytics/customer-segments', customerSegmentsSchema);
    const segment = segments.saved.find((x) => x.name === 'Worth 50+')!;
    expect(segment.user_count).toBeGreaterThan(0);
    const saved = page.getByRole('list', { name: 'Saved segments' });
    await saved.getByText('Worth 50+').waitFor();
    await saved.getByRole('button', { name: 'Show customers of Worth 50+' }).click();
    const filtered = await owner.get(
      `/analytics/customer-profiles?limit=200&segment_id=${segment.id}`,
      customerListSchema,
    );
    expect(filtered.total).toBe(segment.user_count);

    // Export Analysis: the filtered list, 12 columns, named with the filter and the date.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Analysis' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^customer-analysis-.+-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).trim().split('\n');
    expect(csv[0]!.split(',')).toHaveLength(12);
    expect(csv.length - 1).toBe(filtered.total);

    // On a phone: no sideways scrolling.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('heading', { name: 'Customer Profiles' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'customer-intelligence-phone');
    await context.close();
  });
});
